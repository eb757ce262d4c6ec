package io.podtopo.domain.memorymanager;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.NumaMask;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The partition of a pod budget into container blocks, by quantity, every block on the pod's mask
 * (PLRM spec §7.3 step 3).
 *
 * <p>Init containers in order: an exclusive one gets its request (a sidecar's request is also taken
 * from the budget for good); a shared sidecar waits for the final pool; a shared standard init
 * container gets the budget minus the sidecars declared before it. App pool = budget − sidecars; an
 * exclusive app container gets its request, taken from the pool. Every other container gets the
 * final pool (types with nothing left are omitted).
 *
 * <p>Pods whose exclusive requests exceed the budget are invalid API objects (upstream's unsigned
 * arithmetic would wrap); here a pool never goes below zero blocks.
 */
final class PodMemoryPartition {

  private final MemoryRequests requests;

  PodMemoryPartition(MemoryRequests requests) {
    this.requests = requests;
  }

  /** Blocks by container name, init containers then app containers, in spec order. */
  Map<String, List<MemoryBlock>> blocks(Pod pod, NumaMask mask, SortedMap<String, Long> budget) {
    Map<String, List<MemoryBlock>> exclusive = new LinkedHashMap<>();
    SortedMap<String, Long> sidecars = new TreeMap<>();
    for (Container init : pod.initContainers()) {
      SortedMap<String, Long> request = requests.container(pod, init);
      if (request.isEmpty()) {
        if (!init.restartable()) {
          exclusive.put(init.name(), blocksOf(mask, minus(budget, sidecars)));
        }
        continue;
      }
      exclusive.put(init.name(), blocksOf(mask, request));
      if (init.restartable()) {
        request.forEach((type, size) -> sidecars.merge(type, size, Long::sum));
      }
    }
    SortedMap<String, Long> pool = minus(budget, sidecars);
    for (Container app : pod.containers()) {
      SortedMap<String, Long> request = requests.container(pod, app);
      if (request.isEmpty()) {
        continue;
      }
      exclusive.put(app.name(), blocksOf(mask, request));
      request.forEach((type, size) -> {
        if (size > 0) {
          pool.merge(type, -size, Long::sum);
        }
      });
    }
    List<MemoryBlock> shared = blocksOf(mask, pool);
    Map<String, List<MemoryBlock>> all = new LinkedHashMap<>();
    for (Container container : pod.initAndAppContainers()) {
      all.put(container.name(), exclusive.getOrDefault(container.name(), shared));
    }
    return all;
  }

  /** One block per type with a positive size, in type order. */
  static List<MemoryBlock> blocksOf(NumaMask mask, SortedMap<String, Long> sizes) {
    List<MemoryBlock> blocks = new ArrayList<>();
    sizes.forEach((type, size) -> {
      if (size > 0) {
        blocks.add(MemoryBlock.of(mask, type, size));
      }
    });
    return List.copyOf(blocks);
  }

  private static SortedMap<String, Long> minus(SortedMap<String, Long> budget, SortedMap<String, Long> taken) {
    SortedMap<String, Long> rest = new TreeMap<>();
    budget.forEach((type, size) -> rest.put(type, size - taken.getOrDefault(type, 0L)));
    return rest;
  }
}
