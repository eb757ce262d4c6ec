package io.podtopo.domain.pod;

import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The API server's defaulting of a pod's resources (upstream {@code SetDefaults_Pod} with the
 * {@code PodLevelResources} gate on), which every pod has been through before a kubelet sees it:
 *
 * <ol>
 *   <li>a container request missing beside its limit defaults to the limit, in init and app
 *       containers;
 *   <li>{@code defaultHugePagePodLimits}: where {@code spec.resources} sets anything, a hugepage size
 *       the containers limit and the pod neither requests nor limits gets a pod-level limit, the
 *       containers' aggregate limit;
 *   <li>{@code defaultPodRequests}: where the pod sets limits, a missing pod-level cpu or memory
 *       request defaults to the containers' aggregate request, then any pod-level limit still
 *       without a request (hugepages included) lends it its value;
 *   <li>{@code defaultPodLimits}: where the pod sets requests but no limit, a missing cpu or memory
 *       limit defaults to the containers' aggregate limit when every init and app container limits
 *       it.
 * </ol>
 *
 * <p>Aggregates follow KEP-753 ({@code AggregateContainerRequests}/{@code ...Limits}): the larger of
 * the app containers plus all sidecars, and of each standard init container plus the sidecars
 * declared before it. Ephemeral containers take no part. A pod whose containers ask a hugepage size
 * therefore always carries it in a pod budget it sets: hugepages are not overcommittable, so every
 * container hugepage request stands beside an equal limit (API validation), which step 2 lifts to
 * the pod and step 3 turns into the pod request.
 */
public final class PodDefaults {

  private PodDefaults() {}

  /** The pod as the API server stores it. */
  public static Pod apply(Pod pod) {
    Pod withContainers = new Pod.Builder().from(pod)
        .initContainers(pod.initContainers().stream().map(PodDefaults::apply).toList())
        .containers(pod.containers().stream().map(PodDefaults::apply).toList())
        .build();
    if (pod.podLimits().isEmpty() && pod.podRequests().isEmpty()) {
      return withContainers;
    }
    SortedMap<String, Quantity> aggregatedLimits = withContainers.aggregatedContainerLimits();
    SortedMap<String, Quantity> limits = hugePagePodLimits(withContainers, aggregatedLimits);
    SortedMap<String, Quantity> requests = podRequests(withContainers, limits);
    limits = podLimits(withContainers, requests, limits, aggregatedLimits);
    return new Pod.Builder().from(withContainers).podRequests(requests).podLimits(limits).build();
  }

  private static Container apply(Container container) {
    SortedMap<String, Quantity> requests = new TreeMap<>(container.requests());
    container.limits().forEach(requests::putIfAbsent);
    return new Container.Builder().from(container).requests(requests).build();
  }

  /** Upstream {@code defaultHugePagePodLimits}, for a pod whose {@code spec.resources} sets something. */
  private static SortedMap<String, Quantity> hugePagePodLimits(Pod pod, SortedMap<String, Quantity> aggregatedLimits) {
    SortedMap<String, Quantity> limits = new TreeMap<>(pod.podLimits());
    aggregatedLimits.forEach((resource, limit) -> {
      if (Resources.isHugepages(resource) && !pod.podRequests().containsKey(resource)) {
        limits.putIfAbsent(resource, limit);
      }
    });
    return limits;
  }

  /** Upstream {@code defaultPodRequests}, run on the limits {@link #hugePagePodLimits} left. */
  private static SortedMap<String, Quantity> podRequests(Pod pod, SortedMap<String, Quantity> limits) {
    SortedMap<String, Quantity> requests = new TreeMap<>(pod.podRequests());
    if (limits.isEmpty()) {
      return requests;
    }
    pod.aggregatedContainerRequests().forEach((resource, request) -> {
      if (Resources.isQosResource(resource)) {
        requests.putIfAbsent(resource, request);
      }
    });
    limits.forEach((resource, limit) -> {
      if (Resources.isManaged(resource)) {
        requests.putIfAbsent(resource, limit);
      }
    });
    return requests;
  }

  /** Upstream {@code defaultPodLimits}. */
  private static SortedMap<String, Quantity> podLimits(Pod pod, SortedMap<String, Quantity> requests,
      SortedMap<String, Quantity> limits, SortedMap<String, Quantity> aggregatedLimits) {
    boolean limitsSet = limits.keySet().stream().anyMatch(Resources::isManaged);
    boolean requestsSet = requests.keySet().stream().anyMatch(Resources::isManaged);
    if (limitsSet || !requestsSet) {
      return limits;
    }
    SortedMap<String, Quantity> defaulted = new TreeMap<>(limits);
    aggregatedLimits.forEach((resource, limit) -> {
      if (Resources.isQosResource(resource) && everyContainerLimits(pod, resource)) {
        defaulted.putIfAbsent(resource, limit);
      }
    });
    return defaulted;
  }

  private static boolean everyContainerLimits(Pod pod, String resource) {
    return pod.initAndAppContainers().stream().allMatch(c -> c.limits().containsKey(resource));
  }
}
