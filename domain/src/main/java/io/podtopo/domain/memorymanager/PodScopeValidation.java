package io.podtopo.domain.memorymanager;

import io.podtopo.domain.pod.ExclusiveInitBeyondPool;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodSharedPool;
import io.podtopo.domain.pod.PoolFinding;
import io.podtopo.domain.pod.SharedInitWithoutPool;
import java.util.Optional;

/**
 * Upstream memory {@code validatePodScopeResources}: the empty-pod-shared-pool check of a pod-level
 * pod, per memory type of its budget (PLRM spec §6.3, §5.4): the first finding of the
 * {@link #pool pod shared pool} walk, in upstream's words.
 */
final class PodScopeValidation {

  private final MemoryRequests requests;

  PodScopeValidation(MemoryRequests requests) {
    this.requests = requests;
  }

  /**
   * The pod shared pool of memory and each hugepage size: the budget {@link MemoryRequests#pod}, each
   * container's {@link MemoryRequests#container} (none: on the pool).
   *
   * @throws MemoryManagerException when the budget cannot be read as bytes (a container's request that
   *     cannot, when the walk reaches it)
   */
  PodSharedPool pool(Pod pod) {
    return PodSharedPool.of(pod, requests.pod(pod), container -> requests.container(pod, container));
  }

  /**
   * The upstream error text when the pod's partition would leave a shared container without memory.
   *
   * @throws MemoryManagerException when a request cannot be converted to bytes
   */
  Optional<String> check(Pod pod) {
    return pool(pod).firstFinding().map(PodScopeValidation::text);
  }

  private static String text(PoolFinding finding) {
    if (finding instanceof ExclusiveInitBeyondPool init) {
      return "pod rejected, largest exclusive init container requests " + init.requested() + " of " + init.resource()
          + ", but only " + init.pool() + " available";
    }
    if (finding instanceof SharedInitWithoutPool) {
      return "pod rejected, pod has shared init containers but no " + finding.resource() + " available for them";
    }
    // SharedContainersWithoutPool, the last kind of finding
    return "pod rejected, sum of exclusive container " + finding.resource()
        + " requests equals pod budget, leaving no memory for shared containers";
  }
}
