package io.podtopo.conformance.audit;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.text.ByteSizes;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/** How audit messages name pods, containers, NUMA nodes and memory, and add up sizes. */
final class AuditWording {

  private AuditWording() {}

  /** {@code default/web}. */
  static String pod(PodResources pod) {
    return pod.namespace() + "/" + pod.name();
  }

  /** {@code pod default/web container app}. */
  static String container(PodResources pod, ContainerResources container) {
    return "pod " + pod(pod) + " container " + container.name();
  }

  /** {@code NUMA node 1} or {@code NUMA nodes 0,1}. */
  static String numaNodes(Collection<Integer> nodes) {
    return (nodes.size() == 1 ? "NUMA node " : "NUMA nodes ")
        + nodes.stream().map(String::valueOf).collect(Collectors.joining(","));
  }

  /** {@code memory 4Gi on NUMA node 0, hugepages-2Mi 1Gi on NUMA node 0}, or {@code none}. */
  static String memory(List<MemoryBlock> blocks) {
    return blocks.isEmpty() ? "none" : blocks.stream()
        .map(block -> block.type() + " " + ByteSizes.format(block.size()) + " on " + numaNodes(block.numaAffinity()))
        .collect(Collectors.joining(", "));
  }

  /** {@code a + b}, stopping at {@link Long#MAX_VALUE}: an endpoint may report absurd sizes. */
  static long sum(long a, long b) {
    long total = a + b;
    return total < 0 ? Long.MAX_VALUE : total;
  }
}
