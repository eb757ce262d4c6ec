package io.podtopo.domain.devicemanager;

import io.podtopo.domain.topology.DeviceIds;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Upstream {@code devicesToReuse}: the devices of the standard init containers of the one pod being
 * admitted, per resource, which its later containers take before any free device. Never
 * checkpointed; forgotten as soon as another pod is allocated.
 */
public final class ReusableDevices {

  private static final ReusableDevices NONE = new ReusableDevices(null, new TreeMap<>());

  private final String podUid;
  private final SortedMap<String, SortedSet<String>> byResource;

  private ReusableDevices(String podUid, SortedMap<String, SortedSet<String>> byResource) {
    this.podUid = podUid;
    this.byResource = byResource;
  }

  /** Nothing to reuse. */
  public static ReusableDevices none() {
    return NONE;
  }

  /** Upstream {@code devicesToReuse[podUID][resource]}: empty for any pod but the tracked one. */
  public SortedSet<String> of(String pod, String resource) {
    SortedSet<String> ids = pod.equals(podUid) ? byResource.get(resource) : null;
    return ids == null ? Collections.unmodifiableSortedSet(new TreeSet<>(DeviceIds.ORDER)) : ids;
  }

  /** Whether nothing is tracked. */
  public boolean isEmpty() {
    return byResource.isEmpty();
  }

  /** Upstream's start of {@code Allocate}: the pod is tracked, every other pod forgotten. */
  public ReusableDevices trackingOnly(String pod) {
    return pod.equals(podUid) ? this : new ReusableDevices(pod, new TreeMap<>());
  }

  /** Upstream {@code addContainerAllocatedResources}: a standard init container's devices become reusable. */
  public ReusableDevices plus(Map<String, ? extends SortedSet<String>> devices) {
    SortedMap<String, SortedSet<String>> copy = new TreeMap<>(byResource);
    devices.forEach((resource, ids) -> {
      SortedSet<String> merged = new TreeSet<>(DeviceIds.ORDER);
      merged.addAll(copy.getOrDefault(resource, Collections.emptySortedSet()));
      merged.addAll(ids);
      copy.put(resource, Collections.unmodifiableSortedSet(merged));
    });
    return new ReusableDevices(podUid, copy);
  }

  /** Upstream {@code removeContainerAllocatedResources}: devices a later container took are no longer reusable. */
  public ReusableDevices minus(Map<String, ? extends SortedSet<String>> devices) {
    SortedMap<String, SortedSet<String>> copy = new TreeMap<>(byResource);
    devices.forEach((resource, ids) -> {
      if (copy.containsKey(resource)) {
        SortedSet<String> left = new TreeSet<>(DeviceIds.ORDER);
        left.addAll(copy.get(resource));
        left.removeAll(ids);
        copy.put(resource, Collections.unmodifiableSortedSet(left));
      }
    });
    return new ReusableDevices(podUid, copy);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ReusableDevices that && Objects.equals(podUid, that.podUid)
        && byResource.equals(that.byResource);
  }

  @Override
  public int hashCode() {
    return Objects.hash(podUid, byResource);
  }

  @Override
  public String toString() {
    return podUid == null ? "{}" : podUid + byResource;
  }
}
