package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.memorymanager.MemoryMachineState;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.topology.CpuSet;
import java.util.Collection;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/** Small read helpers over the state shared by the checks. */
final class StateViews {

  private StateViews() {}

  static CpuSet union(Collection<CpuSet> sets) {
    CpuSet.Builder all = new CpuSet.Builder();
    sets.forEach(all::addAll);
    return all.build();
  }

  /** Whether the container has a CPU or a memory entry. */
  static boolean hasEntry(NodeState state, String pod, String container) {
    return state.cpu().containerCpus(pod, container).isPresent()
        || state.memory().containerBlocks(pod, container).isPresent();
  }

  /** Whether the pod has any CPU or memory state: entries or pod entries. */
  static boolean hasAnyState(NodeState state, String pod) {
    CpuManagerState cpu = state.cpu();
    MemoryManagerState memory = state.memory();
    return !cpu.containerEntries(pod).isEmpty() || cpu.podCpus(pod).isPresent()
        || !memory.containersOf(pod).isEmpty() || memory.podBlocks(pod).isPresent();
  }

  /** Reserved bytes summed over NUMA nodes, by memory type. */
  static SortedMap<String, Long> reservedByType(MemoryMachineState machine) {
    SortedMap<String, Long> reserved = new TreeMap<>();
    machine.nodes().values().forEach(node -> node.memoryMap().forEach(
        (type, table) -> reserved.merge(type, table.reserved(), Long::sum)));
    return reserved;
  }

  /** Bytes by type of a list of blocks. */
  static SortedMap<String, Long> sizesByType(List<MemoryBlock> blocks) {
    SortedMap<String, Long> sizes = new TreeMap<>();
    blocks.forEach(block -> sizes.merge(block.type(), block.size(), Long::sum));
    return sizes;
  }

  /** The change of reserved bytes per type from {@code before} to {@code after} (types that did not change left out). */
  static SortedMap<String, Long> reservedDelta(MemoryMachineState before, MemoryMachineState after) {
    SortedMap<String, Long> delta = new TreeMap<>();
    SortedMap<String, Long> was = reservedByType(before);
    SortedMap<String, Long> is = reservedByType(after);
    java.util.Set<String> types = new java.util.TreeSet<>(was.keySet());
    types.addAll(is.keySet());
    for (String type : types) {
      long change = is.getOrDefault(type, 0L) - was.getOrDefault(type, 0L);
      if (change != 0) {
        delta.put(type, change);
      }
    }
    return delta;
  }
}
