package io.podtopo.domain.node;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import java.util.List;
import org.immutables.value.Value;

/**
 * The v1 {@code GetAllocatableResources} answer: the CPUs the CPU Manager may give out (all CPUs
 * minus the reserved ones under the static policy; empty under {@code none}), the allocatable
 * memory per NUMA node and type (empty under Memory policy {@code None}) and the healthy devices
 * of every device plugin resource.
 */
@Value.Immutable
public abstract class AllocatableResources {

  public abstract CpuSet cpuIds();

  public abstract List<MemoryBlock> memory();

  /** Upstream {@code GetAllocatableDevices}: every healthy device, in {@link Device#ORDER}. */
  public abstract List<Device> devices();

  /** Builder: {@code new AllocatableResources.Builder().cpuIds(cpus).build()}. */
  public static class Builder extends ImmutableAllocatableResources.Builder {}
}
