package io.podtopo.domain.node;

import io.podtopo.domain.devicemanager.DeviceManager;
import io.podtopo.domain.devicemanager.DeviceManagerState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The kubelet's resource-fit admit handler ({@code lifecycle/predicate.go}) for device plugin
 * resources, which kubelet v1.37 runs after the resource managers' handler: a pod whose aggregated
 * request of a resource exceeds the node's allocatable devices of it less those its pods use is
 * refused as {@code OutOf<resource>} with the {@code InsufficientResourceError} text. The allocatable
 * devices are the healthy ones (the Device Manager's {@code GetCapacity}), raised, when the pod being
 * admitted already holds devices (a restored pod), to the number of devices every pod holds of the
 * resource (the Device Manager's {@code UpdatePluginResources}, {@code sanitizeNodeAllocatable});
 * the used ones are those the node's other pods hold, healthy or not (each pod holds its aggregated
 * request; the predicate's {@code OtherPods} are all the kubelet's pods but the one being admitted, so
 * a re-admitted pod's own devices are not counted). Resources are checked in name order (upstream
 * reports the first of a Go map).
 * Quirk {@code Q-devices-at-container-start} (D-41) is where this check, not the Device Manager, refuses
 * a pod.
 */
final class DeviceFit {

  private DeviceFit() {}

  /** The predicate's refusal of {@code pod} on a node whose devices are in {@code state}, if it refuses. */
  static Optional<AdmissionFailure> refusal(DeviceManager devices, DeviceManagerState state, Pod pod) {
    boolean holdsDevices = !state.containersOf(pod.uid()).isEmpty();
    for (Map.Entry<String, Long> request : devices.podRequests(state, pod).entrySet()) {
      String resource = request.getKey();
      long requested = request.getValue();
      long used = state.withoutPod(pod.uid()).allocated(resource).size();
      long capacity = devices.healthy(resource).size();
      if (holdsDevices) {
        capacity = Math.max(capacity, state.allocated(resource).size());
      }
      if (requested > capacity - used) {
        return Optional.of(AdmissionFailure.of("OutOf" + resource, String.format(Locale.ROOT,
            "Node didn't have enough resource: %s, requested: %d, used: %d, capacity: %d", resource, requested, used,
            capacity)));
      }
    }
    return Optional.empty();
  }
}
