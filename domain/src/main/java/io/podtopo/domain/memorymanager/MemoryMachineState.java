package io.podtopo.domain.memorymanager;

import java.util.Optional;
import java.util.SortedMap;
import org.immutables.value.Value;

/** The memory state of every NUMA node by node id, upstream {@code NUMANodeMap}. */
@Value.Immutable
public abstract class MemoryMachineState {

  private static final MemoryMachineState EMPTY = new Builder().build();

  @Value.NaturalOrder
  public abstract SortedMap<Integer, NumaNodeState> nodes();

  /** The state with no node: a fresh checkpoint, filled with defaults by {@code start}. */
  public static MemoryMachineState empty() {
    return EMPTY;
  }

  public boolean isEmpty() {
    return nodes().isEmpty();
  }

  /** The table of one node and type, if the node has that memory type. */
  public Optional<MemoryTable> table(int node, String resource) {
    NumaNodeState state = nodes().get(node);
    return state == null ? Optional.empty() : Optional.ofNullable(state.memoryMap().get(resource));
  }

  /** Builder: {@code new MemoryMachineState.Builder().putNode(0, state).build()}. */
  public static class Builder extends ImmutableMemoryMachineState.Builder {}
}
