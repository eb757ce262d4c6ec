package io.podtopo.domain.memorymanager;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Upstream memory {@code validatePodScopeResources}: the empty-pod-shared-pool check of a pod-level
 * pod, per memory type of its budget (PLRM spec §6.3, §5.4).
 *
 * <p>Walks the init containers in order with the sum of exclusive long-running (sidecar) requests:
 * an exclusive standard init container must fit in the budget minus that sum; a shared standard init
 * container needs that difference to be positive; a shared sidecar needs the final pool. Then the app
 * containers; finally, when any long-running container is shared, the exclusive sum must stay below
 * the budget for every type.
 */
final class PodScopeValidation {

  private final MemoryRequests requests;

  PodScopeValidation(MemoryRequests requests) {
    this.requests = requests;
  }

  /**
   * The upstream error text when the pod's partition would leave a shared container without memory.
   *
   * @throws MemoryManagerException when a request cannot be converted to bytes
   */
  Optional<String> check(Pod pod) {
    SortedMap<String, Long> budget = requests.pod(pod);
    boolean sharedLongRunning = false;
    SortedMap<String, Long> exclusiveLongRunning = new TreeMap<>();
    for (Container init : pod.initContainers()) {
      SortedMap<String, Long> request = requests.container(pod, init);
      if (!init.restartable()) {
        Optional<String> error = request.isEmpty()
            ? sharedInitError(budget, exclusiveLongRunning)
            : exclusiveInitError(budget, exclusiveLongRunning, request);
        if (error.isPresent()) {
          return error;
        }
      } else if (request.isEmpty()) {
        sharedLongRunning = true;
      } else {
        request.forEach((type, size) -> exclusiveLongRunning.merge(type, size, Long::sum));
      }
    }
    for (Container app : pod.containers()) {
      SortedMap<String, Long> request = requests.container(pod, app);
      if (request.isEmpty()) {
        sharedLongRunning = true;
      } else {
        request.forEach((type, size) -> exclusiveLongRunning.merge(type, size, Long::sum));
      }
    }
    if (sharedLongRunning) {
      for (Map.Entry<String, Long> entry : budget.entrySet()) {
        if (exclusiveLongRunning.getOrDefault(entry.getKey(), 0L) >= entry.getValue()) {
          return Optional.of("pod rejected, sum of exclusive container " + entry.getKey()
              + " requests equals pod budget, leaving no memory for shared containers");
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<String> exclusiveInitError(SortedMap<String, Long> budget,
      SortedMap<String, Long> exclusiveLongRunning, SortedMap<String, Long> request) {
    for (Map.Entry<String, Long> entry : budget.entrySet()) {
      long pool = entry.getValue() - exclusiveLongRunning.getOrDefault(entry.getKey(), 0L);
      long requested = request.getOrDefault(entry.getKey(), 0L);
      if (requested > pool) {
        return Optional.of("pod rejected, largest exclusive init container requests " + requested + " of "
            + entry.getKey() + ", but only " + pool + " available");
      }
    }
    return Optional.empty();
  }

  private static Optional<String> sharedInitError(SortedMap<String, Long> budget,
      SortedMap<String, Long> exclusiveLongRunning) {
    for (Map.Entry<String, Long> entry : budget.entrySet()) {
      if (exclusiveLongRunning.getOrDefault(entry.getKey(), 0L) >= entry.getValue()) {
        return Optional.of("pod rejected, pod has shared init containers but no " + entry.getKey()
            + " available for them");
      }
    }
    return Optional.empty();
  }
}
