package io.podtopo.domain.pod;

import java.util.SortedMap;
import java.util.TreeMap;

/**
 * API-server defaulting that the resource managers rely on: a container request defaults to its
 * limit when only the limit is set, and so does a pod-level request (KEP-2837).
 */
public final class PodDefaults {

  private PodDefaults() {}

  /** The pod with its defaulted requests. */
  public static Pod apply(Pod pod) {
    return new Pod.Builder().from(pod)
        .podRequests(defaulted(pod.podRequests(), pod.podLimits()))
        .initContainers(pod.initContainers().stream().map(PodDefaults::apply).toList())
        .containers(pod.containers().stream().map(PodDefaults::apply).toList())
        .build();
  }

  private static Container apply(Container container) {
    return new Container.Builder().from(container)
        .requests(defaulted(container.requests(), container.limits()))
        .build();
  }

  private static SortedMap<String, Quantity> defaulted(SortedMap<String, Quantity> requests,
      SortedMap<String, Quantity> limits) {
    SortedMap<String, Quantity> result = new TreeMap<>(requests);
    limits.forEach(result::putIfAbsent);
    return result;
  }
}
