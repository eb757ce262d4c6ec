package io.podtopo.domain.node;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import java.util.List;
import org.immutables.value.Value;

/**
 * A container in the PodResources view (v1 {@code ContainerResources}): only its exclusive
 * resources; empty {@code cpu_ids}/{@code memory} for a container on a shared pool.
 */
@Value.Immutable
public abstract class ContainerResources {

  public abstract String name();

  /** {@code cpu_ids}: the container's CPUs iff its isolation level is {@code container}. */
  public abstract CpuSet cpuIds();

  /** {@code memory}: the container's blocks iff its memory is exclusive. */
  public abstract List<MemoryBlock> memory();

  /** {@code devices}: the devices the container holds, each with its NUMA node, in {@link Device#ORDER}. */
  public abstract List<Device> devices();

  /** Builder: {@code new ContainerResources.Builder().name("app").cpuIds(cpus).build()}. */
  public static class Builder extends ImmutableContainerResources.Builder {}
}
