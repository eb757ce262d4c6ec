package io.podtopo.domain.topology;

import java.util.SortedMap;
import org.immutables.value.Value;

/**
 * One NUMA node: its memory and its hugepages. A node may have no CPUs (CXL or GPU memory).
 */
@Value.Immutable
public abstract class NumaNode {

  /**
   * Highest NUMA node id accepted: Linux allows up to {@code 1 << NODES_SHIFT} nodes, at most
   * 1024, and ids may be sparse (a machine with 8 nodes can have ids up to 73). A
   * {@link NumaMask} holds only ids 0..63, as upstream's bitmask does.
   */
  public static final int MAX_ID = 1023;

  public abstract int id();

  /** Total memory of the node in bytes ({@code MemTotal} of the node's meminfo). */
  public abstract long memoryBytes();

  /** Hugepage pools: page size in bytes to number of pages. */
  @Value.NaturalOrder
  public abstract SortedMap<Long, Long> hugepages();

  /** A node without hugepages. */
  public static NumaNode of(int id, long memoryBytes) {
    return new Builder().id(id).memoryBytes(memoryBytes).build();
  }

  @Value.Check
  protected void check() {
    if (id() < 0 || id() > MAX_ID) {
      throw new InvalidMachineException("NUMA node id " + id() + " is outside 0.." + MAX_ID);
    }
    if (memoryBytes() < 0) {
      throw new InvalidMachineException("NUMA node " + id() + ": memory is negative (" + memoryBytes() + ")");
    }
    hugepages().forEach((size, count) -> {
      if (size <= 0 || count < 0) {
        throw new InvalidMachineException("NUMA node " + id() + ": bad hugepage pool " + count + " x " + size + " bytes");
      }
    });
  }

  /** Builder: {@code new NumaNode.Builder().id(0)...build()}. */
  public static class Builder extends ImmutableNumaNode.Builder {}
}
