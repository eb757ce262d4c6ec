package io.podtopo.domain.devicemanager;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import java.util.Map;
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
    Map<String, Quantity> total = new TreeMap<>();
    pod.containers().forEach(container -> add(total, container.limits()));
    Map<String, Quantity> sidecars = new TreeMap<>();
    Map<String, Quantity> initMax = new TreeMap<>();
    for (Container init : pod.initContainers()) {
      Map<String, Quantity> use = new TreeMap<>();
      if (init.restartable()) {
        add(total, init.limits());
        add(sidecars, init.limits());
        use.putAll(sidecars);
      } else {
        add(use, init.limits());
        add(use, sidecars);
      }
      use.forEach((resource, quantity) -> initMax.merge(resource, quantity, Quantity::max));
    }
    initMax.forEach((resource, quantity) -> total.merge(resource, quantity, Quantity::max));
    SortedMap<String, Long> requests = new TreeMap<>();
    total.forEach((resource, quantity) -> {
      if (isDevicePluginResource.test(resource)) {
        requests.put(resource, quantity.value());
      }
    });
    return requests;
  }

  private static void add(Map<String, Quantity> into, Map<String, Quantity> quantities) {
    quantities.forEach((resource, quantity) -> into.merge(resource, quantity, Quantity::plus));
  }
}
