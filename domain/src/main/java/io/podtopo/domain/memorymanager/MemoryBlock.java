package io.podtopo.domain.memorymanager;

import io.podtopo.domain.topology.NumaMask;
import java.util.List;
import org.immutables.value.Value;

/**
 * A memory block of a container or a pod, upstream {@code state.Block}: {@code size} bytes of one
 * memory type on the NUMA nodes of {@code numaAffinity} (ascending node ids).
 */
@Value.Immutable
public abstract class MemoryBlock {

  public abstract List<Integer> numaAffinity();

  /** {@code memory} or {@code hugepages-<size>}. */
  public abstract String type();

  public abstract long size();

  /** The affinity as a mask. */
  public NumaMask mask() {
    return NumaMask.of(numaAffinity());
  }

  public static MemoryBlock of(NumaMask mask, String type, long size) {
    return of(mask.nodes(), type, size);
  }

  public static MemoryBlock of(List<Integer> numaAffinity, String type, long size) {
    return new Builder().numaAffinity(numaAffinity).type(type).size(size).build();
  }

  @Override
  public String toString() {
    return "{" + type() + ":" + size() + " @ " + numaAffinity() + "}";
  }

  /** Builder: {@code new MemoryBlock.Builder().addNumaAffinity(0).type("memory").size(n).build()}. */
  public static class Builder extends ImmutableMemoryBlock.Builder {}
}
