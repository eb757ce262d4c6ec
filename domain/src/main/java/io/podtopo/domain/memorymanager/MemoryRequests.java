package io.podtopo.domain.memorymanager;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import java.math.BigDecimal;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The memory a pod or container asks the Memory Manager for (memory and every hugepage size, in
 * bytes), upstream {@code getContainerRequestedResources} and {@code getPodRequestedResources}.
 */
final class MemoryRequests {

  static final String NOT_INT64 = "[memorymanager] failed to represent quantity as int64";

  private static final BigDecimal INT64_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private final FeatureGates gates;

  MemoryRequests(FeatureGates gates) {
    this.gates = gates;
  }

  /**
   * Upstream {@code getContainerRequestedResources}: empty for a container of a pod-level pod that is
   * not equivalent-Guaranteed (it uses a shared pool); else every memory-kind request, zeros included.
   *
   * @throws MemoryManagerException when a request is not a whole number of bytes within int64
   */
  SortedMap<String, Long> container(Pod pod, Container container) {
    SortedMap<String, Long> requested = new TreeMap<>();
    if (pod.managedAtPodLevel(gates) && !container.isEquivalentGuaranteed()) {
      return requested;
    }
    for (Map.Entry<String, Quantity> request : container.requests().entrySet()) {
      if (Resources.isMemoryKind(request.getKey())) {
        requested.put(request.getKey(), bytes(request.getValue()));
      }
    }
    return requested;
  }

  /**
   * Upstream {@code getPodRequestedResources}: for a pod-level pod its {@code spec.resources}
   * requests (zeros dropped); otherwise, per type requested by an app container, the larger of the
   * long-running total (apps + sidecars) and the largest standard init container plus the sidecars
   * declared before it. Types requested only by init containers are not counted, as upstream.
   */
  SortedMap<String, Long> pod(Pod pod) {
    SortedMap<String, Long> requested = new TreeMap<>();
    if (pod.managedAtPodLevel(gates)) {
      for (Map.Entry<String, Quantity> request : pod.podRequests().entrySet()) {
        if (Resources.isMemoryKind(request.getKey())) {
          long size = bytes(request.getValue());
          if (size > 0) {
            requested.put(request.getKey(), size);
          }
        }
      }
      return requested;
    }
    SortedMap<String, Long> byInit = new TreeMap<>();
    SortedMap<String, Long> bySidecars = new TreeMap<>();
    for (Container init : pod.initContainers()) {
      container(pod, init).forEach((type, size) -> {
        byInit.putIfAbsent(type, 0L);
        if (init.restartable()) {
          bySidecars.merge(type, size, Long::sum);
        } else if (bySidecars.getOrDefault(type, 0L) + size > byInit.get(type)) {
          byInit.put(type, bySidecars.getOrDefault(type, 0L) + size);
        }
      });
    }
    SortedMap<String, Long> byApps = new TreeMap<>();
    for (Container app : pod.containers()) {
      container(pod, app).forEach((type, size) -> byApps.merge(type, size, Long::sum));
    }
    byApps.forEach((type, size) -> requested.put(type,
        Math.max(size + bySidecars.getOrDefault(type, 0L), byInit.getOrDefault(type, 0L))));
    return requested;
  }

  /** Upstream {@code Quantity.AsInt64}: only whole numbers within int64. */
  private static long bytes(Quantity quantity) {
    BigDecimal amount = quantity.amount();
    if (amount.stripTrailingZeros().scale() > 0 || amount.compareTo(INT64_MAX) > 0) {
      throw new MemoryManagerException(NOT_INT64);
    }
    return amount.longValueExact();
  }
}
