package io.podtopo.domain.memorymanager;

import java.util.Map;
import java.util.TreeSet;

/**
 * Upstream {@code areMachineStatesEqual}, the check of {@code start}: the same nodes; per node the
 * same assignment count, the same group (as a set) and the same memory types; per type the same
 * total, system reserved and allocatable; and the same free and reserved memory summed over the
 * node's group (so a multi-NUMA group may spread its reservation differently over its nodes).
 */
final class MachineStateComparison {

  private MachineStateComparison() {}

  static boolean equal(MemoryMachineState actual, MemoryMachineState expected) {
    if (actual.nodes().size() != expected.nodes().size()) {
      return false;
    }
    for (Map.Entry<Integer, NumaNodeState> entry : actual.nodes().entrySet()) {
      NumaNodeState node = entry.getValue();
      NumaNodeState other = expected.nodes().get(entry.getKey());
      if (other == null || node.numberOfAssignments() != other.numberOfAssignments()
          || node.cells().size() != other.cells().size()
          || !new TreeSet<>(node.cells()).equals(new TreeSet<>(other.cells()))
          || node.memoryMap().size() != other.memoryMap().size()) {
        return false;
      }
      for (Map.Entry<String, MemoryTable> table : node.memoryMap().entrySet()) {
        MemoryTable otherTable = other.memoryMap().get(table.getKey());
        if (otherTable == null || !sameCapacity(table.getValue(), otherTable)
            || groupSum(actual, node, table.getKey(), true) != groupSum(expected, node, table.getKey(), true)
            || groupSum(actual, node, table.getKey(), false) != groupSum(expected, node, table.getKey(), false)) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean sameCapacity(MemoryTable a, MemoryTable b) {
    return a.total() == b.total() && a.systemReserved() == b.systemReserved() && a.allocatable() == b.allocatable();
  }

  private static long groupSum(MemoryMachineState state, NumaNodeState node, String type, boolean free) {
    long sum = 0;
    for (int id : node.cells()) {
      MemoryTable table = state.table(id, type).orElse(null);
      if (table != null) {
        sum += free ? table.free() : table.reserved();
      }
    }
    return sum;
  }
}
