package io.podtopo.domain.pod;

import io.podtopo.domain.gates.FeatureGates;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The defaulting of a pod's resources on each of the two ways a pod reaches a kubelet v1.37
 * (decision D-42), read from {@code k8s.io/kubernetes} v1.37.2.
 *
 * <p><b>Decoding</b> ({@link #decoded}): both ways decode the pod with the scheme's defaulting
 * functions. Of those, {@code SetDefaults_Pod} ({@code pkg/apis/core/v1/defaults.go}) touches
 * resources: an init or app container's request missing beside its limit defaults to the limit.
 * Only with {@code PodLevelResources} on and {@code PodLevelResourcesFixDefaulting} off does it go
 * on to the pod level ({@code defaultHugePagePodLimits}, then {@code defaultPodRequests}, both only
 * where {@code spec.resources} sets something):
 * <ol>
 *   <li>a hugepage size the containers' aggregate limits and the pod neither requests nor limits
 *       becomes a pod limit, that aggregate;
 *   <li>where the pod sets limits, its missing cpu and memory requests become the containers'
 *       aggregate requests, and any pod limit still without a request (hugepages included) lends it
 *       its value.
 * </ol>
 *
 * <p><b>Created through the API server</b> ({@link #created}): after decoding, the pod strategy's
 * {@code PrepareForCreate} ({@code pkg/registry/core/pod/strategy.go}) drops {@code spec.resources}
 * when {@code PodLevelResources} is off ({@code DropDisabledPodFields}), then runs
 * {@code DefaultPodLevelResources} ({@code pkg/api/pod/util.go}; both gates on, and
 * {@code spec.resources} setting something), resource by resource:
 * <ol>
 *   <li>{@code defaultHugePagePodLevelLimits}: as step 1 above;
 *   <li>{@code defaultPodLevelRequests}: a missing cpu or memory request becomes the containers'
 *       aggregate request, whether or not the pod sets limits; then any pod limit still without a
 *       request lends it its value;
 *   <li>{@code defaultPodLevelLimits}: a cpu, memory or hugepage size the pod requests and does not
 *       limit gets the limit {@code max(pod request, containers' aggregate limit)}, where every init,
 *       app and ephemeral container limits it ({@code aggregateContainerLimits} visits
 *       {@code AllContainers}).
 * </ol>
 *
 * <p><b>Read from the kubelet's static pod folder</b> ({@link #staticPod}): the file source
 * ({@code tryDecodeSinglePod}, {@code pkg/kubelet/config/common.go}) decodes the pod and applies
 * its own defaults (name, namespace, node, a toleration), none of them resources, and never runs the
 * pod strategy: with {@code PodLevelResourcesFixDefaulting} on, a static pod's
 * {@code spec.resources} is taken exactly as written.
 *
 * <p>Aggregates are upstream's {@code AggregateContainerRequests} and
 * {@code AggregateContainerLimits} ({@link Pod#aggregatedContainerRequests()}); ephemeral containers
 * take no part in them. Only cpu, memory and hugepage sizes are defaulted at pod level
 * ({@code IsSupportedPodLevelResource}).
 */
public final class PodDefaults {

  private PodDefaults() {}

  /** The pod as the API server stores it on create (D-42), with these gates on the API server. */
  public static Pod created(Pod pod, FeatureGates gates) {
    Pod decoded = decoded(pod, gates);
    if (!gates.enabled(FeatureGates.POD_LEVEL_RESOURCES)) {
      return new Pod.Builder().from(decoded).podRequests(new TreeMap<>()).podLimits(new TreeMap<>())
          .podResourcesStanza(false).build();
    }
    if (!gates.enabled(FeatureGates.POD_LEVEL_RESOURCES_FIX_DEFAULTING)) {
      return decoded;
    }
    return defaultPodLevelResources(decoded);
  }

  /** The pod as the kubelet's file source reads it from the static pod folder (D-42), with these gates. */
  public static Pod staticPod(Pod pod, FeatureGates gates) {
    return decoded(pod, gates);
  }

  /** The pod as the scheme's defaulting functions leave it ({@code SetDefaults_Pod}). */
  public static Pod decoded(Pod pod, FeatureGates gates) {
    Pod withContainers = new Pod.Builder().from(pod)
        .initContainers(pod.initContainers().stream().map(PodDefaults::requestsFromLimits).toList())
        .containers(pod.containers().stream().map(PodDefaults::requestsFromLimits).toList())
        .build();
    if (!gates.enabled(FeatureGates.POD_LEVEL_RESOURCES)
        || gates.enabled(FeatureGates.POD_LEVEL_RESOURCES_FIX_DEFAULTING)) {
      return withContainers;
    }
    SortedMap<String, Quantity> limits = hugePagePodLimits(withContainers);
    Pod withHugePages = new Pod.Builder().from(withContainers).podLimits(limits).build();
    return new Pod.Builder().from(withHugePages).podRequests(decodedPodRequests(withHugePages)).build();
  }

  private static Container requestsFromLimits(Container container) {
    SortedMap<String, Quantity> requests = new TreeMap<>(container.requests());
    container.limits().forEach(requests::putIfAbsent);
    return new Container.Builder().from(container).requests(requests).build();
  }

  /**
   * {@code defaultHugePagePodLimits} ({@code pkg/apis/core/v1/defaults.go}) and
   * {@code defaultHugePagePodLevelLimits} ({@code pkg/api/pod/util.go}), which do the same: the pod
   * limits with the hugepage sizes lifted from the containers.
   */
  private static SortedMap<String, Quantity> hugePagePodLimits(Pod pod) {
    SortedMap<String, Quantity> limits = new TreeMap<>(pod.podLimits());
    if (pod.podRequests().isEmpty() && pod.podLimits().isEmpty()) {
      return limits;
    }
    pod.aggregatedContainerLimits().forEach((resource, limit) -> {
      if (Resources.isHugepages(resource) && !pod.podRequests().containsKey(resource)) {
        limits.putIfAbsent(resource, limit);
      }
    });
    return limits;
  }

  /** {@code defaultPodRequests} of {@code pkg/apis/core/v1/defaults.go}: only where the pod sets limits. */
  private static SortedMap<String, Quantity> decodedPodRequests(Pod pod) {
    if (pod.podLimits().isEmpty()) {
      return new TreeMap<>(pod.podRequests());
    }
    return podRequestsFromContainersAndLimits(pod);
  }

  /**
   * Both {@code defaultPodRequests} once it runs and {@code defaultPodLevelRequests}: missing cpu and
   * memory requests from the containers' aggregate ({@code IsOvercommitAllowed} keeps hugepages out),
   * then from the pod's own limits.
   */
  private static SortedMap<String, Quantity> podRequestsFromContainersAndLimits(Pod pod) {
    SortedMap<String, Quantity> requests = new TreeMap<>(pod.podRequests());
    pod.aggregatedContainerRequests().forEach((resource, request) -> {
      if (Resources.isQosResource(resource)) {
        requests.putIfAbsent(resource, request);
      }
    });
    pod.podLimits().forEach((resource, limit) -> {
      if (Resources.isManaged(resource)) {
        requests.putIfAbsent(resource, limit);
      }
    });
    return requests;
  }

  /** {@code DefaultPodLevelResources} of {@code pkg/api/pod/util.go}: its three steps in order. */
  private static Pod defaultPodLevelResources(Pod pod) {
    if (pod.podRequests().isEmpty() && pod.podLimits().isEmpty()) {
      return pod;
    }
    Pod withHugePages = new Pod.Builder().from(pod).podLimits(hugePagePodLimits(pod)).build();
    Pod withRequests = new Pod.Builder().from(withHugePages)
        .podRequests(podRequestsFromContainersAndLimits(withHugePages)).build();
    return new Pod.Builder().from(withRequests).podLimits(podLevelLimits(withRequests)).build();
  }

  /**
   * {@code defaultPodLevelLimits}: each supported resource the pod requests and does not limit, which
   * every container limits, gets the larger of the pod request and the containers' aggregate limit
   * (the aggregate when they are equal).
   */
  private static SortedMap<String, Quantity> podLevelLimits(Pod pod) {
    SortedMap<String, Quantity> limits = new TreeMap<>(pod.podLimits());
    Set<String> candidates = new HashSet<>();
    pod.podRequests().keySet().stream()
        .filter(resource -> Resources.isManaged(resource) && !pod.podLimits().containsKey(resource))
        .forEach(candidates::add);
    for (Container container : allContainers(pod)) {
      candidates.removeIf(resource -> !container.limits().containsKey(resource));
    }
    SortedMap<String, Quantity> aggregated = pod.aggregatedContainerLimits();
    for (String resource : candidates) {
      Quantity limit = aggregated.get(resource);
      if (limit != null) {
        Quantity request = pod.podRequests().get(resource);
        limits.put(resource, request.compareTo(limit) > 0 ? request : limit);
      }
    }
    return limits;
  }

  private static List<Container> allContainers(Pod pod) {
    List<Container> all = new ArrayList<>(pod.initAndAppContainers());
    all.addAll(pod.ephemeralContainers());
    return all;
  }
}
