package io.podtopo.domain.topology;

import org.immutables.value.Value;

/**
 * One online logical CPU and where it sits.
 *
 * <p>{@code core} identifies the physical core (SMT siblings share it; sources use the lowest
 * sibling id, as upstream {@code topology.Discover} does, unless a fixture declares otherwise);
 * {@code uncoreCache} identifies the last-level (L3) cache the CPU shares, and is the socket id on
 * machines without one, as upstream does.
 */
@Value.Immutable
public abstract class Cpu {

  public abstract int id();

  public abstract int core();

  public abstract int socket();

  public abstract int numaNode();

  public abstract int uncoreCache();

  /** A CPU; all five labels are required. */
  public static Cpu of(int id, int core, int socket, int numaNode, int uncoreCache) {
    return new Builder().id(id).core(core).socket(socket).numaNode(numaNode).uncoreCache(uncoreCache).build();
  }

  @Value.Check
  protected void check() {
    requireNonNegative("id", id());
    requireNonNegative("core", core());
    requireNonNegative("socket", socket());
    requireNonNegative("numaNode", numaNode());
    requireNonNegative("uncoreCache", uncoreCache());
    if (id() > CpuSet.MAX_CPU_ID) {
      throw new InvalidMachineException("CPU id " + id() + " is above " + CpuSet.MAX_CPU_ID);
    }
    if (numaNode() > NumaNode.MAX_ID) {
      throw new InvalidMachineException("CPU " + id() + ": NUMA node " + numaNode() + " is above " + NumaNode.MAX_ID);
    }
  }

  private void requireNonNegative(String field, int value) {
    if (value < 0) {
      throw new InvalidMachineException("CPU " + id() + ": " + field + " is negative (" + value + ")");
    }
  }

  /** Builder: {@code new Cpu.Builder().id(0)...build()}. */
  public static class Builder extends ImmutableCpu.Builder {}
}
