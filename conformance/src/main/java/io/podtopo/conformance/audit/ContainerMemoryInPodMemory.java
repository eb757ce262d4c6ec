package io.podtopo.conformance.audit;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.text.ByteSizes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code container-memory-in-pod-memory} (invariants 20 and 21): where a pod reports pod-level
 * {@code memory}, its containers' blocks are cut from it: per memory type they add up to no more
 * than the pod's, and lie on the pod's NUMA nodes for that type.
 */
final class ContainerMemoryInPodMemory extends AnswerRule {

  ContainerMemoryInPodMemory() {
    super("container-memory-in-pod-memory",
        "a container's memory lies within its pod's memory when the pod reports some");
  }

  @Override
  List<String> violations(AuditInput input) {
    List<String> violations = new ArrayList<>();
    for (PodResources pod : input.pods().pods()) {
      if (!pod.memory().isEmpty()) {
        check(pod, violations);
      }
    }
    return violations;
  }

  private static void check(PodResources pod, List<String> violations) {
    SortedMap<String, Long> podSizes = new TreeMap<>();
    SortedMap<String, Set<Integer>> podNodes = new TreeMap<>();
    for (MemoryBlock block : pod.memory()) {
      podSizes.merge(block.type(), block.size(), AuditWording::sum);
      podNodes.computeIfAbsent(block.type(), type -> new TreeSet<>()).addAll(block.numaAffinity());
    }
    SortedMap<String, Long> containerSizes = new TreeMap<>();
    for (ContainerResources container : pod.containers()) {
      for (MemoryBlock block : container.memory()) {
        containerSizes.merge(block.type(), block.size(), AuditWording::sum);
        Set<Integer> nodes = podNodes.getOrDefault(block.type(), Set.of());
        if (!nodes.containsAll(block.numaAffinity())) {
          violations.add(AuditWording.container(pod, container) + ": " + AuditWording.memory(List.of(block)) + ", outside the pod's "
              + (nodes.isEmpty() ? "memory (it reports no " + block.type() + ")" : block.type() + " on "
                  + AuditWording.numaNodes(nodes)));
        }
      }
    }
    containerSizes.forEach((type, size) -> {
      long podSize = podSizes.getOrDefault(type, 0L);
      if (podSizes.containsKey(type) && size > podSize) {
        violations.add("pod " + AuditWording.pod(pod) + ": its containers report " + type + " " + ByteSizes.format(size)
            + ", more than the pod's " + ByteSizes.format(podSize));
      }
    });
  }
}
