package io.podtopo.domain.devicemanager;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.DeviceIds;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The Device Manager of one machine (upstream {@code devicemanager.ManagerImpl}) as pure functions
 * of a {@link DeviceManagerState}: the devices every device plugin advertises, with their NUMA node
 * and health, give container and pod hints to the Topology Manager and are allocated to containers
 * from the NUMA nodes of the hint stored for them.
 *
 * <ul>
 *   <li>A resource is a device plugin resource when the machine advertises devices of it or some
 *       container holds devices of it ({@code isDevicePluginResource}); other extended resources
 *       are not this manager's.
 *   <li>A resource none of whose devices reports a NUMA node has no preference (a nil list).
 *   <li>Devices already given to the container (pod, in pod scope) give the hints again, or an
 *       empty list when their number differs from the request.
 *   <li>Allocation takes, in order: the reusable devices of the pod's standard init containers,
 *       the plugin's preferred devices, then the devices on the hint's NUMA nodes, on other nodes,
 *       and without topology ({@link AffinityOrder}).
 * </ul>
 *
 * <p>Instances are immutable; see {@code docs/spec/README.md}, rules DEV-n.
 */
public final class DeviceManager {

  private final List<Integer> numaNodes;
  private final SortedMap<String, Map<String, Device>> devicesByResource;
  private final SortedSet<String> registered;
  private final PreferredAllocation plugins;
  private final DeviceTopologyHints hints;

  private DeviceManager(List<Integer> numaNodes, List<Device> devices, SortedSet<String> registered,
      PreferredAllocation plugins) {
    this.numaNodes = List.copyOf(numaNodes);
    SortedMap<String, Map<String, Device>> byResource = new TreeMap<>();
    devices.stream().sorted(Device.ORDER).forEach(device -> byResource
        .computeIfAbsent(device.resource(), resource -> new LinkedHashMap<>()).put(device.id(), device));
    byResource.replaceAll((resource, byId) -> Collections.unmodifiableMap(byId));
    this.devicesByResource = Collections.unmodifiableSortedMap(byResource);
    SortedSet<String> names = new TreeSet<>(registered);
    names.addAll(byResource.keySet());
    this.registered = Collections.unmodifiableSortedSet(names);
    this.plugins = plugins;
    this.hints = new DeviceTopologyHints(this.numaNodes);
  }

  /** The Device Manager of a machine: its NUMA nodes (cadvisor's topology) and its devices. */
  public static DeviceManager forMachine(Machine machine) {
    return of(machine.numaNodeIds(), machine.devices());
  }

  /** A Device Manager over these NUMA nodes and devices, with plugins offering no preference. */
  public static DeviceManager of(List<Integer> numaNodes, List<Device> devices) {
    return new DeviceManager(numaNodes, devices, new TreeSet<>(), PreferredAllocation.none());
  }

  /** The same manager whose plugins answer {@code GetPreferredAllocation} as {@code plugins} does. */
  public DeviceManager withPreferredAllocation(PreferredAllocation plugins) {
    return new DeviceManager(numaNodes, devices(), registered, plugins);
  }

  /**
   * The same manager with a plugin registered for {@code resource} even if it advertises no device
   * (upstream: a {@code healthyDevices} entry, possibly empty).
   */
  public DeviceManager withRegistered(String resource) {
    SortedSet<String> names = new TreeSet<>(registered);
    names.add(resource);
    return new DeviceManager(numaNodes, devices(), names, plugins);
  }

  /** Every device, in {@link Device#ORDER}. */
  public List<Device> devices() {
    return devicesByResource.values().stream().flatMap(byId -> byId.values().stream()).toList();
  }

  /** The resources a plugin registered (upstream's {@code healthyDevices} keys), in name order. */
  public SortedSet<String> registeredResources() {
    return registered;
  }

  /** Whether the machine advertises no device at all. */
  public boolean hasNoDevices() {
    return registered.isEmpty();
  }

  /** The device of a resource with this id, if the machine advertises it. */
  public java.util.Optional<Device> device(String resource, String id) {
    return java.util.Optional.ofNullable(devicesByResource.getOrDefault(resource, Map.of()).get(id));
  }

  /** Upstream {@code isDevicePluginResource}: registered by a plugin, or held by some container. */
  public boolean isDevicePluginResource(DeviceManagerState state, String resource) {
    return registered.contains(resource) || !state.allocated(resource).isEmpty();
  }

  /** Upstream {@code getContainerDeviceRequest}: the container's limits of device plugin resources. */
  public SortedMap<String, Long> containerRequests(DeviceManagerState state, Container container) {
    return DeviceRequests.ofContainer(container, resource -> isDevicePluginResource(state, resource));
  }

  /** Upstream {@code getPodDeviceRequest}: the pod's aggregated limits of device plugin resources. */
  public SortedMap<String, Long> podRequests(DeviceManagerState state, Pod pod) {
    return DeviceRequests.ofPod(pod, resource -> isDevicePluginResource(state, resource));
  }

  /** Upstream {@code deviceHasTopologyAlignment}: some device of the resource reports a NUMA node. */
  public boolean hasTopologyAlignment(String resource) {
    return devicesByResource.getOrDefault(resource, Map.of()).values().stream()
        .anyMatch(device -> device.numaNode().isPresent());
  }

  /** Upstream {@code healthyDevices[resource]}. */
  public SortedSet<String> healthy(String resource) {
    SortedSet<String> ids = new TreeSet<>(DeviceIds.ORDER);
    devicesByResource.getOrDefault(resource, Map.of()).values().stream()
        .filter(Device::healthy).forEach(device -> ids.add(device.id()));
    return ids;
  }

  /** Upstream {@code getAvailableDevices}: the healthy devices no container holds. */
  public SortedSet<String> available(DeviceManagerState state, String resource) {
    SortedSet<String> ids = healthy(resource);
    ids.removeAll(state.allocated(resource));
    return ids;
  }

  /** Upstream {@code GetAllocatableDevices}: every healthy device. */
  public List<Device> allocatableDevices() {
    return devices().stream().filter(Device::healthy).toList();
  }

  /** Upstream {@code GetTopologyHints(pod, container)}: per device plugin resource the container limits. */
  public SortedMap<String, ResourceHints> containerHints(DeviceManagerState state, Pod pod, Container container) {
    SortedMap<String, ResourceHints> answer = new TreeMap<>();
    containerRequests(state, container).forEach((resource, requested) -> {
          SortedSet<String> allocated = state.containerDevices(pod.uid(), container.name(), resource);
          SortedSet<String> reusable = state.reusable().of(pod.uid(), resource);
          answer.put(resource, resourceHints(state, resource, requested, allocated, reusable));
        });
    return answer;
  }

  /**
   * Upstream {@code GetPodTopologyHints(pod)}: per device plugin resource the pod's aggregated
   * limits; the devices already given to any container of the pod give the hints again.
   */
  public SortedMap<String, ResourceHints> podHints(DeviceManagerState state, Pod pod) {
    SortedMap<String, ResourceHints> answer = new TreeMap<>();
    DeviceRequests.ofPod(pod, resource -> isDevicePluginResource(state, resource))
        .forEach((resource, requested) -> answer.put(resource,
            resourceHints(state, resource, requested, state.podDevices(pod.uid(), resource), Collections.emptySet())));
    return answer;
  }

  private ResourceHints resourceHints(DeviceManagerState state, String resource, long requested,
      SortedSet<String> allocated, java.util.Set<String> reusable) {
    if (!hasTopologyAlignment(resource)) {
      return ResourceHints.noPreference();
    }
    Map<String, Device> all = devicesByResource.getOrDefault(resource, Map.of());
    if (!allocated.isEmpty()) {
      return allocated.size() != requested ? ResourceHints.unsatisfiable()
          : hints.generate(resource, all, allocated, Collections.emptySet(), requested);
    }
    SortedSet<String> available = available(state, resource);
    SortedSet<String> either = new TreeSet<>(available);
    either.addAll(reusable);
    if (either.size() < requested) {
      return ResourceHints.unsatisfiable();
    }
    return hints.generate(resource, all, available, reusable, requested);
  }

  /**
   * Upstream {@code Allocate(pod, container)} with the hint the Topology Manager stored for the
   * container: every device plugin resource of its limits, in name order; a standard init
   * container's devices become reusable by the pod's later containers, any other container's
   * devices stop being reusable. Refused, the state unchanged, with upstream's error when a resource
   * cannot be served.
   */
  public DeviceAllocationResult allocate(DeviceManagerState state, Pod pod, Container container, TopologyHint hint) {
    try {
      return DeviceAllocationResult.success(allocateContainer(state, pod, container, hint));
    } catch (DeviceAllocationException e) {
      return DeviceAllocationResult.failure(state, e.error());
    }
  }

  /** {@link #allocate}, throwing the error of the first resource that cannot be served. */
  private DeviceManagerState allocateContainer(DeviceManagerState state, Pod pod, Container container,
      TopologyHint hint) {
    ReusableDevices reusable = state.reusable().trackingOnly(pod.uid());
    DeviceManagerState current = state.withReusable(reusable);
    for (Map.Entry<String, Long> request : DeviceRequests.ofContainer(container,
        resource -> isDevicePluginResource(state, resource)).entrySet()) {
      String resource = request.getKey();
      SortedSet<String> taken = devicesToAllocate(current, pod.uid(), container.name(), resource,
          request.getValue(), reusable.of(pod.uid(), resource), hint);
      if (!taken.isEmpty()) {
        current = current.withContainerDevices(pod.uid(), container.name(), resource, taken);
      }
    }
    SortedMap<String, SortedSet<String>> held = current.devicesOf(pod.uid(), container.name());
    boolean standardInit = !container.restartable()
        && pod.initContainers().stream().anyMatch(init -> init.name().equals(container.name()));
    return current.withReusable(standardInit ? reusable.plus(held) : reusable.minus(held));
  }

  /**
   * Upstream {@code devicesToAllocate} for one resource of one container: the devices to give it,
   * empty when it already holds them.
   *
   * @throws DeviceAllocationException with upstream's text
   */
  public SortedSet<String> devicesToAllocate(DeviceManagerState state, String podUid, String container,
      String resource, long required, SortedSet<String> reusable, TopologyHint hint) {
    return new DeviceSelection(this, state, resource, required, hint, plugins)
        .select(podUid, container, reusable);
  }

  /** Upstream {@code filterByAffinity}: the available devices in the order they are taken. */
  AffinityOrder affinityOrder(String resource, SortedSet<String> available, TopologyHint hint) {
    return AffinityOrder.of(devicesByResource.getOrDefault(resource, Map.of()), available, hint,
        hasTopologyAlignment(resource));
  }

  boolean isRegistered(String resource) {
    return registered.contains(resource);
  }
}
