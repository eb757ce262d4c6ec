package io.podtopo.domain.node;

import io.podtopo.domain.admission.InsufficientResourceError;
import io.podtopo.domain.devicemanager.DeviceManager;
import io.podtopo.domain.devicemanager.DeviceManagerState;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The kubelet's resource-fit admit handler ({@code lifecycle/predicate.go}, the scheduler's
 * {@code noderesources.Fits} through {@code AdmissionCheck}), which kubelet v1.37 runs right after
 * the resource managers' handler: the pod's requests against the node's allocatable
 * ({@link NodeAllocatable}) less the requests of the node's other active pods (upstream's
 * {@code OtherPods}: a pod admitted again after a restart does not count against itself). A pod's
 * requests are upstream's {@code resource.PodRequests}: KEP-753's aggregate of its containers, its
 * pod-level cpu, memory and hugepages in their place when {@code PodLevelResources} is on and it sets
 * any. The first shortage refuses the pod, in upstream's order: pods ({@code Too many pods}), cpu in
 * millicores, memory, ephemeral storage (none allocatable), then the scalar resources, hugepages and
 * device plugin resources, in name order (upstream iterates a Go map: where two are short, either may
 * be named, and podtopo names the first by name): an {@link InsufficientResourceError}, reason
 * {@code OutOf<resource>}. Among the scalar resources are the prefixed native ({@code kubernetes.io/...})
 * and attachable-volume ones, which no node here has: a pod asking for one is refused (found by
 * mutation testing, checked against kubelet v1.37.2, vectors {@code node-scenario/differential/resource-fit-*}).
 *
 * <p>Device plugin resources: used are the devices the other pods hold, healthy or not (each holds its
 * request, which upstream sums); allocatable are the healthy devices of a registered plugin (the Device
 * Manager's {@code GetCapacity}), raised, when the pod being admitted already holds devices (a restored
 * pod), to the devices every pod holds of each resource ({@code UpdatePluginResources},
 * {@code sanitizeNodeAllocatable}); a resource neither registered nor held is missing from the node
 * and its request is dropped ({@code removeMissingExtendedResources}), as is every other extended
 * resource. Quirk {@code Q-devices-at-container-start} (D-41) is where this check, not the Device
 * Manager, refuses a pod-level pod in pod scope for want of devices.
 */
final class ResourceFit {

  private static final String PODS = "pods";
  private static final String EPHEMERAL_STORAGE = "ephemeral-storage";
  private static final String ATTACHABLE_VOLUMES_PREFIX = "attachable-volumes-";

  private final NodeAllocatable allocatable;
  private final FeatureGates gates;
  private final DeviceManager devices;

  ResourceFit(NodeAllocatable allocatable, FeatureGates gates, DeviceManager devices) {
    this.allocatable = allocatable;
    this.gates = gates;
    this.devices = devices;
  }

  /**
   * The predicate's refusal of {@code pod} beside {@code otherPods}, with the devices as {@code state}
   * holds them when the predicate runs, if it refuses.
   */
  Optional<InsufficientResourceError> refusal(Pod pod, List<Pod> otherPods, DeviceManagerState state) {
    if (otherPods.size() + 1 > allocatable.pods()) {
      return Optional.of(InsufficientResourceError.of(PODS, 1, otherPods.size(), allocatable.pods()));
    }
    SortedMap<String, Long> requested = requests(pod, state);
    if (requested.values().stream().allMatch(amount -> amount == 0)) {
      return Optional.empty();
    }
    SortedMap<String, Long> used = new TreeMap<>();
    otherPods.forEach(other -> requests(other, state).forEach((resource, amount) -> used.merge(resource, amount, Long::sum)));
    DeviceManagerState others = state.withoutPod(pod.uid());
    requested.keySet().stream().filter(resource -> devices.isDevicePluginResource(state, resource))
        .forEach(resource -> used.put(resource, (long) others.allocated(resource).size()));
    SortedMap<String, Long> capacity = capacity(pod, state);
    for (String resource : List.of(Resources.CPU, Resources.MEMORY, EPHEMERAL_STORAGE)) {
      long amount = requested.getOrDefault(resource, 0L);
      long free = capacity.getOrDefault(resource, 0L) - used.getOrDefault(resource, 0L);
      if (amount > 0 && amount > free) {
        return Optional.of(InsufficientResourceError.of(resource, amount, used.getOrDefault(resource, 0L),
            capacity.getOrDefault(resource, 0L)));
      }
    }
    for (Map.Entry<String, Long> request : requested.entrySet()) {
      String resource = request.getKey();
      if (isScalar(resource) && request.getValue() > 0
          && request.getValue() > capacity.getOrDefault(resource, 0L) - used.getOrDefault(resource, 0L)) {
        return Optional.of(InsufficientResourceError.of(resource, request.getValue(), used.getOrDefault(resource, 0L),
            capacity.getOrDefault(resource, 0L)));
      }
    }
    return Optional.empty();
  }

  /**
   * Upstream {@code resource.PodRequests} in the predicate's units (cpu in millicores, the rest in
   * whole units), less the extended resources the node does not have.
   */
  private SortedMap<String, Long> requests(Pod pod, DeviceManagerState state) {
    SortedMap<String, Quantity> requests = new TreeMap<>(pod.aggregatedContainerRequests());
    if (gates.enabled(FeatureGates.POD_LEVEL_RESOURCES) && pod.podRequests().keySet().stream()
        .anyMatch(ResourceFit::isPodLevelResource)) {
      pod.podRequests().forEach((resource, quantity) -> {
        if (isPodLevelResource(resource)) {
          requests.put(resource, quantity);
        }
      });
    }
    SortedMap<String, Long> amounts = new TreeMap<>();
    requests.forEach((resource, quantity) -> {
      if (resource.equals(Resources.CPU)) {
        amounts.put(resource, quantity.milliValue());
      } else if (Resources.isMemoryKind(resource) && !allocatable.memoryKnown()) {
        return;
      } else if (Resources.isNative(resource) || devices.isDevicePluginResource(state, resource)) {
        amounts.put(resource, quantity.value());
      }
    });
    return amounts;
  }

  /** The allocatable of every resource, devices raised for a pod that already holds some. */
  private SortedMap<String, Long> capacity(Pod pod, DeviceManagerState state) {
    SortedMap<String, Long> capacity = new TreeMap<>(allocatable.hugepageBytes());
    capacity.put(Resources.CPU, allocatable.cpuMillis());
    capacity.put(Resources.MEMORY, allocatable.memoryBytes());
    boolean holdsDevices = !state.containersOf(pod.uid()).isEmpty();
    for (String resource : devices.registeredResources()) {
      capacity.put(resource, (long) devices.healthy(resource).size());
    }
    if (holdsDevices) {
      for (String resource : state.allocatedResources()) {
        capacity.merge(resource, (long) state.allocated(resource).size(), Math::max);
      }
    }
    return capacity;
  }

  private static boolean isPodLevelResource(String resource) {
    return resource.equals(Resources.CPU) || resource.equals(Resources.MEMORY) || Resources.isHugepages(resource);
  }

  /**
   * Upstream {@code IsScalarResourceName}, the resources the predicate checks beside cpu, memory and
   * ephemeral storage: extended resources, hugepages, prefixed native resources ({@code kubernetes.io/...})
   * and attachable volumes ({@code attachable-volumes-...}). The last two are never missing extended
   * resources, so a pod asking for one the node does not have is refused (capacity 0).
   */
  private static boolean isScalar(String resource) {
    return !Resources.isNative(resource) || Resources.isHugepages(resource) || Resources.isPrefixedNative(resource)
        || resource.startsWith(ATTACHABLE_VOLUMES_PREFIX);
  }
}
