package io.podtopo.domain.devicemanager;

import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.topology.DeviceIds;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The Device Manager's state (upstream {@code podDevices}, checkpointed as
 * {@code kubelet_internal_checkpoint}), immutable: the devices each container holds, pod uid →
 * container name → resource → device ids. A device an app container reused from a standard init
 * container of its pod is held by both, as upstream records it.
 *
 * <p>It also carries the manager's transient {@code devicesToReuse} ({@link ReusableDevices}):
 * the devices of the standard init containers of the pod being admitted. Upstream keeps it in the
 * manager, never in the checkpoint; it travels here so that the manager stays a pure function.
 *
 * <p>Device ids are kept in {@link DeviceIds#ORDER}; every {@code with...} method returns a new
 * state.
 */
public final class DeviceManagerState {

  private static final DeviceManagerState EMPTY =
      new DeviceManagerState(TrackedSortedMap.empty(), ReusableDevices.none());

  private final TrackedSortedMap<String, SortedMap<String, SortedMap<String, SortedSet<String>>>> allocations;
  private final ReusableDevices reusable;

  private DeviceManagerState(
      TrackedSortedMap<String, SortedMap<String, SortedMap<String, SortedSet<String>>>> allocations,
      ReusableDevices reusable) {
    this.allocations = allocations;
    this.reusable = reusable;
  }

  /** Nothing allocated. */
  public static DeviceManagerState empty() {
    return EMPTY;
  }

  /**
   * A state holding these allocations (pod → container → resource → ids); empty id lists and
   * containers or pods left without any are dropped.
   */
  public static DeviceManagerState of(Map<String, ? extends Map<String, ? extends Map<String, ? extends
      Collection<String>>>> allocations) {
    DeviceManagerState state = EMPTY;
    for (var pod : allocations.entrySet()) {
      for (var container : pod.getValue().entrySet()) {
        for (var resource : container.getValue().entrySet()) {
          state = state.withContainerDevices(pod.getKey(), container.getKey(), resource.getKey(), resource.getValue());
        }
      }
    }
    return state;
  }

  /** Every allocation: pod uid → container → resource → device ids. */
  public TrackedSortedMap<String, SortedMap<String, SortedMap<String, SortedSet<String>>>> allocations() {
    return allocations;
  }

  /** Whether no container holds a device. */
  public boolean isEmpty() {
    return allocations.isEmpty();
  }

  /** Upstream {@code containerDevices}: the devices of one resource a container holds; empty if none. */
  public SortedSet<String> containerDevices(String podUid, String container, String resource) {
    SortedSet<String> ids = devicesOf(podUid, container).get(resource);
    return ids == null ? emptyIds() : ids;
  }

  /** The devices a container holds, by resource; empty if none. */
  public SortedMap<String, SortedSet<String>> devicesOf(String podUid, String container) {
    return allocations.getOrDefault(podUid, Collections.emptySortedMap())
        .getOrDefault(container, Collections.emptySortedMap());
  }

  /** The containers of a pod that hold devices, with what they hold; empty if none. */
  public SortedMap<String, SortedMap<String, SortedSet<String>>> containersOf(String podUid) {
    return allocations.getOrDefault(podUid, Collections.emptySortedMap());
  }

  /** Upstream {@code podDevices}: the devices of one resource any container of the pod holds. */
  public SortedSet<String> podDevices(String podUid, String resource) {
    SortedSet<String> ids = new TreeSet<>(DeviceIds.ORDER);
    containersOf(podUid).values().forEach(resources -> ids.addAll(resources.getOrDefault(resource, emptyIds())));
    return Collections.unmodifiableSortedSet(ids);
  }

  /** The resources some container holds devices of (upstream {@code allocatedDevices} keys), in name order. */
  public SortedSet<String> allocatedResources() {
    SortedSet<String> resources = new TreeSet<>();
    allocations.values().forEach(containers -> containers.values().forEach(held -> held.forEach((resource, ids) -> {
      if (!ids.isEmpty()) {
        resources.add(resource);
      }
    })));
    return Collections.unmodifiableSortedSet(resources);
  }

  /** Upstream {@code allocatedDevices[resource]}: the devices of one resource any container holds. */
  public SortedSet<String> allocated(String resource) {
    SortedSet<String> ids = new TreeSet<>(DeviceIds.ORDER);
    allocations.values().forEach(containers -> containers.values()
        .forEach(resources -> ids.addAll(resources.getOrDefault(resource, emptyIds()))));
    return Collections.unmodifiableSortedSet(ids);
  }

  /** Upstream {@code podDevices.insert}: the container now holds exactly these devices of the resource. */
  public DeviceManagerState withContainerDevices(String podUid, String container, String resource,
      Collection<String> ids) {
    SortedMap<String, SortedMap<String, SortedSet<String>>> containers = new TreeMap<>(containersOf(podUid));
    SortedMap<String, SortedSet<String>> resources =
        new TreeMap<>(containers.getOrDefault(container, Collections.emptySortedMap()));
    if (ids.isEmpty()) {
      resources.remove(resource);
    } else {
      SortedSet<String> sorted = new TreeSet<>(DeviceIds.ORDER);
      sorted.addAll(ids);
      resources.put(resource, Collections.unmodifiableSortedSet(sorted));
    }
    if (resources.isEmpty()) {
      containers.remove(container);
    } else {
      containers.put(container, Collections.unmodifiableSortedMap(resources));
    }
    return new DeviceManagerState(containers.isEmpty() ? allocations.without(podUid)
        : allocations.with(podUid, Collections.unmodifiableSortedMap(containers)), reusable);
  }

  /** Upstream {@code podDevices.delete}: the pod's devices are free again. */
  public DeviceManagerState withoutPod(String podUid) {
    if (!allocations.containsKey(podUid)) {
      return this;
    }
    return new DeviceManagerState(allocations.without(podUid), reusable);
  }

  /** The devices of standard init containers the pod being admitted may reuse. */
  public ReusableDevices reusable() {
    return reusable;
  }

  /** This state with other reuse bookkeeping. */
  public DeviceManagerState withReusable(ReusableDevices next) {
    return new DeviceManagerState(allocations, next);
  }

  private static SortedSet<String> emptyIds() {
    return Collections.unmodifiableSortedSet(new TreeSet<>(DeviceIds.ORDER));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof DeviceManagerState that && allocations.equals(that.allocations)
        && reusable.equals(that.reusable);
  }

  @Override
  public int hashCode() {
    return Objects.hash(allocations, reusable);
  }

  @Override
  public String toString() {
    return allocations + (reusable.isEmpty() ? "" : " reusable " + reusable);
  }
}
