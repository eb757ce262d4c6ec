package io.podtopo.domain.memorymanager;

import org.immutables.value.Value;

/**
 * The accounting of one memory type ({@code memory} or {@code hugepages-<size>}) on one NUMA node,
 * upstream {@code MemoryTable}; all sizes in bytes.
 *
 * <p>{@code allocatable = total - systemReserved} (for regular memory also minus the node's
 * hugepages); {@code free + reserved == allocatable} holds after every operation of the policy.
 */
@Value.Immutable
public abstract class MemoryTable {

  /** Upstream {@code TotalMemSize}. */
  public abstract long total();

  public abstract long systemReserved();

  public abstract long allocatable();

  /** Memory reserved by containers and pods. */
  public abstract long reserved();

  public abstract long free();

  /** A table with nothing reserved: {@code free == allocatable}. */
  public static MemoryTable unused(long total, long systemReserved, long allocatable) {
    return of(total, systemReserved, allocatable, 0, allocatable);
  }

  public static MemoryTable of(long total, long systemReserved, long allocatable, long reserved, long free) {
    return new Builder().total(total).systemReserved(systemReserved).allocatable(allocatable)
        .reserved(reserved).free(free).build();
  }

  /** Builder: {@code new MemoryTable.Builder().total(t)...build()}. */
  public static class Builder extends ImmutableMemoryTable.Builder {}
}
