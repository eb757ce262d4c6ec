package io.podtopo.domain.memorymanager;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A mutable copy of a {@link MemoryMachineState}, private to one policy call: the reservation and
 * release walks of upstream ({@code updateMachineState}, {@code releaseMemory}) mutate it, and
 * {@link #freeze()} yields the next immutable state.
 *
 * <p>A node or memory type absent from the state counts as having nothing (upstream would
 * dereference a nil table).
 */
final class WorkingMachineState {

  private static final class Table {
    final long total;
    final long systemReserved;
    final long allocatable;
    long reserved;
    long free;

    Table(MemoryTable table) {
      total = table.total();
      systemReserved = table.systemReserved();
      allocatable = table.allocatable();
      reserved = table.reserved();
      free = table.free();
    }

    MemoryTable freeze() {
      return MemoryTable.of(total, systemReserved, allocatable, reserved, free);
    }
  }

  private static final class Node {
    int assignments;
    List<Integer> cells;
    final SortedMap<String, Table> tables = new TreeMap<>();
  }

  private final SortedMap<Integer, Node> nodes = new TreeMap<>();

  WorkingMachineState(MemoryMachineState state) {
    state.nodes().forEach((id, nodeState) -> {
      Node node = new Node();
      node.assignments = nodeState.numberOfAssignments();
      node.cells = nodeState.cells();
      nodeState.memoryMap().forEach((type, table) -> node.tables.put(type, new Table(table)));
      nodes.put(id, node);
    });
  }

  boolean hasNode(int id) {
    return nodes.containsKey(id);
  }

  boolean hasTable(int id, String type) {
    return nodes.containsKey(id) && nodes.get(id).tables.containsKey(type);
  }

  /**
   * Upstream {@code updateMachineState}: every node of the affinity gets one more assignment and the
   * affinity as its group; then {@code size} is taken greedily, lowest node id first.
   */
  void reserve(List<Integer> affinity, String type, long size) {
    long left = size;
    for (int id : affinity) {
      Node node = nodes.get(id);
      if (node == null) {
        continue;
      }
      node.assignments++;
      node.cells = List.copyOf(affinity);
      Table table = node.tables.get(type);
      if (left == 0 || table == null || table.free <= 0) {
        continue;
      }
      long taken = Math.min(table.free, left);
      table.reserved += taken;
      table.free -= taken;
      left -= taken;
    }
  }

  /**
   * Upstream {@code releaseMemory} for one block: every node of the affinity loses one assignment
   * (its group resets to itself at 0); the size is given back from the reserved memory of the nodes,
   * lowest id first.
   */
  void release(MemoryBlock block) {
    long left = block.size();
    for (int id : block.numaAffinity()) {
      Node node = nodes.get(id);
      if (node == null) {
        continue;
      }
      node.assignments--;
      if (node.assignments == 0) {
        node.cells = List.of(id);
      }
      Table table = node.tables.get(block.type());
      if (left == 0 || table == null || table.reserved == 0) {
        continue;
      }
      long given = Math.min(table.reserved, left);
      table.free += given;
      table.reserved -= given;
      left -= given;
    }
  }

  MemoryMachineState freeze() {
    MemoryMachineState.Builder builder = new MemoryMachineState.Builder();
    for (Map.Entry<Integer, Node> entry : nodes.entrySet()) {
      Node node = entry.getValue();
      NumaNodeState.Builder state = new NumaNodeState.Builder()
          .numberOfAssignments(node.assignments)
          .cells(node.cells);
      node.tables.forEach((type, table) -> state.putMemoryMap(type, table.freeze()));
      builder.putNode(entry.getKey(), state.build());
    }
    return builder.build();
  }
}
