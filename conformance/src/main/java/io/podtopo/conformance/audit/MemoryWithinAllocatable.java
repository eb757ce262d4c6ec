package io.podtopo.conformance.audit;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.text.ByteSizes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * {@code memory-within-allocatable}: the memory the pods hold fits what {@code
 * GetAllocatableResources} says each NUMA node has, per memory type. A pod holds its pod-level
 * {@code memory} when it reports some (the containers' blocks are cut from it), else its
 * containers'. A block may span NUMA nodes, so for every set of nodes a block names, the blocks
 * confined to those nodes must fit their allocatable memory together.
 */
final class MemoryWithinAllocatable extends AnswerRule {

  private static final Comparator<List<Integer>> NODE_SETS =
      Comparator.<List<Integer>>comparingInt(List::size).thenComparing(List::toString);

  MemoryWithinAllocatable() {
    super("memory-within-allocatable",
        "per memory type and NUMA node, the pods' memory fits the allocatable memory");
  }

  /** A block and who holds it. */
  private record Held(String holder, MemoryBlock block) {}

  @Override
  List<String> violations(AuditInput input) {
    SortedMap<String, List<Held>> heldByType = new TreeMap<>();
    for (PodResources pod : input.pods().pods()) {
      for (Held held : held(pod)) {
        heldByType.computeIfAbsent(held.block().type(), type -> new ArrayList<>()).add(held);
      }
    }
    List<String> violations = new ArrayList<>();
    heldByType.forEach((type, blocks) -> {
      SortedSet<List<Integer>> nodeSets = new TreeSet<>(NODE_SETS);
      blocks.forEach(held -> nodeSets.add(held.block().numaAffinity()));
      for (List<Integer> nodes : nodeSets) {
        Map<String, Long> holders = new LinkedHashMap<>();
        blocks.stream().filter(held -> nodes.containsAll(held.block().numaAffinity()))
            .forEach(held -> holders.merge(held.holder(), held.block().size(), AuditWording::sum));
        long used = holders.values().stream().reduce(0L, AuditWording::sum);
        long allocatable = input.allocatable().memory().stream()
            .filter(block -> block.type().equals(type) && nodes.containsAll(block.numaAffinity()))
            .map(MemoryBlock::size).reduce(0L, AuditWording::sum);
        if (used > allocatable) {
          violations.add(type + " on " + AuditWording.numaNodes(nodes) + ": the pods hold " + ByteSizes.format(used) + " ("
              + holders.entrySet().stream().map(entry -> entry.getKey() + " " + ByteSizes.format(entry.getValue()))
                  .collect(Collectors.joining(", "))
              + "), more than the allocatable " + ByteSizes.format(allocatable));
        }
      }
    });
    return violations;
  }

  private static List<Held> held(PodResources pod) {
    if (!pod.memory().isEmpty()) {
      return pod.memory().stream().map(block -> new Held("pod " + AuditWording.pod(pod), block)).toList();
    }
    List<Held> held = new ArrayList<>();
    for (ContainerResources container : pod.containers()) {
      container.memory().forEach(block -> held.add(new Held(AuditWording.container(pod, container), block)));
    }
    return held;
  }
}
