package io.podtopo.domain.devicemanager;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * How many devices a container or a pod asks for, as the Device Manager reads it: the limits of
 * device plugin resources (extended resources are not overcommitted, so requests equal limits),
 * each as upstream's {@code int(quantity.Value())}, the value rounded up.
 */
final class DeviceRequests {

  private DeviceRequests() {}

  /** Upstream {@code getContainerDeviceRequest}: the container's limits of device plugin resources. */
  static SortedMap<String, Long> ofContainer(Container container, Predicate<String> isDevicePluginResource) {
    SortedMap<String, Long> requests = new TreeMap<>();
    container.limits().forEach((resource, quantity) -> {
      if (isDevicePluginResource.test(resource)) {
        requests.put(resource, quantity.value());
      }
    });
    return requests;
  }

  /**
   * Upstream {@code getPodDeviceRequest}: {@code resource.PodLimits} of the pod for device plugin
   * resources, the KEP-753 aggregate: the larger of the app containers and sidecars together and
   * of every standard init container with the sidecars declared before it. Pod-level resources
   * name only cpu, memory and hugepages, so they never change a device count.
   */
  static SortedMap<String, Long> ofPod(Pod pod, Predicate<String> isDevicePluginResource) {
    SortedMap<String, Long> requests = new TreeMap<>();
    pod.aggregatedContainerLimits().forEach((resource, quantity) -> {
      if (isDevicePluginResource.test(resource)) {
        requests.put(resource, quantity.value());
      }
    });
    return requests;
  }
}
