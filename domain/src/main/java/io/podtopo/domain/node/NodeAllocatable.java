package io.podtopo.domain.node;

import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The node's allocatable cpu, memory, hugepages and pods as the kubelet's node status reports them
 * (kubelet v1.37.2 {@code nodestatus.MachineInfo} over {@code cadvisor.CapacityFromMachineInfo} and the
 * container manager's {@code GetNodeAllocatableReservation}), which its resource-fit predicate admits
 * pods against ({@link ResourceFit}):
 * <ul>
 *   <li>cpu: the machine's CPUs in millicores less the reserved CPUs ({@code reservedSystemCPUs}, else
 *       the {@code kubeReserved} + {@code systemReserved} cpu);</li>
 *   <li>each hugepage size: the pages of every NUMA node less that size's {@code reservedMemory};</li>
 *   <li>memory: the NUMA nodes' memory less the {@code reservedMemory} memory (the default hard
 *       eviction threshold, 100Mi, when it reserves none), then less every hugepage pool's whole
 *       capacity (reserved or not);</li>
 *   <li>pods: {@code maxPods} (110 by default).</li>
 * </ul>
 * Each amount is clamped at zero, as upstream clamps a negative allocatable. A machine described without
 * memory (every NUMA node of 0 bytes, as a CPU topology alone describes it) has its memory unknown:
 * {@link #memoryKnown()} is false and the predicate weighs no memory or hugepages request.
 */
record NodeAllocatable(long cpuMillis, long memoryBytes, SortedMap<String, Long> hugepageBytes, int pods,
    boolean memoryKnown) {

  /** The default hard eviction threshold {@code memory.available<100Mi}, reserved when reservedMemory reserves no memory. */
  static final long DEFAULT_EVICTION_HARD_MEMORY = 100L << 20;

  NodeAllocatable {
    hugepageBytes = new TreeMap<>(hugepageBytes);
  }

  /** What a node of this machine and configuration reports. */
  static NodeAllocatable of(Machine machine, NodeConfig config) {
    long cpuReserved = config.reservedSystemCpus().map(cpus -> (long) cpus.size())
        .orElse((long) config.reservedCpuCount()) * 1000;
    SortedMap<String, Long> reserved = new TreeMap<>();
    for (Map<String, Long> node : config.reservedMemory().values()) {
      node.forEach((resource, bytes) -> reserved.merge(resource, bytes, Long::sum));
    }
    long memory = 0;
    SortedMap<String, Long> hugepageCapacity = new TreeMap<>();
    for (NumaNode node : machine.numaNodes()) {
      memory += node.memoryBytes();
      node.hugepages().forEach((size, pages) ->
          hugepageCapacity.merge(Resources.hugepageResourceName(size), size * pages, Long::sum));
    }
    long allocatableMemory = Math.max(0, memory - reserved.getOrDefault(Resources.MEMORY, DEFAULT_EVICTION_HARD_MEMORY));
    SortedMap<String, Long> hugepages = new TreeMap<>();
    for (Map.Entry<String, Long> pool : hugepageCapacity.entrySet()) {
      hugepages.put(pool.getKey(), Math.max(0, pool.getValue() - reserved.getOrDefault(pool.getKey(), 0L)));
      allocatableMemory = Math.max(0, allocatableMemory - pool.getValue());
    }
    return new NodeAllocatable(Math.max(0, machine.cpus().size() * 1000L - cpuReserved), allocatableMemory, hugepages,
        config.maxPods(), memory > 0);
  }
}
