package io.podtopo.domain.memorymanager;

import java.util.List;
import java.util.SortedMap;
import org.immutables.value.Value;

/**
 * The memory state of one NUMA node, upstream {@code NUMANodeState}.
 *
 * <p>{@code cells} is the NUMA group the node belongs to: {@code [node]} while it serves
 * single-NUMA allocations (or none), the nodes of the mask once a multi-NUMA block uses it; it is
 * reset to {@code [node]} only when {@code numberOfAssignments} drops to 0.
 * {@code numberOfAssignments} counts blocks, once per block per node of the block's mask.
 */
@Value.Immutable
public abstract class NumaNodeState {

  public abstract int numberOfAssignments();

  /** Memory tables by resource name ({@code hugepages-1Gi}, {@code memory}, ...). */
  @Value.NaturalOrder
  public abstract SortedMap<String, MemoryTable> memoryMap();

  /** The node's NUMA group, as stored (upstream compares it as a set). */
  public abstract List<Integer> cells();

  /** Builder: {@code new NumaNodeState.Builder().numberOfAssignments(0)...build()}. */
  public static class Builder extends ImmutableNumaNodeState.Builder {}
}
