package io.podtopo.domain.node;

import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * What one container of an admitted pod was given.
 *
 * <ul>
 *   <li>{@link #cpus()}: the container's own CPU set (an exclusive slice, or its pod's shared pool);
 *       empty when it runs on the node shared pool (default CPU set).
 *   <li>{@link #exclusive()}: the CPUs are the container's alone (isolation level {@code container}).
 *   <li>{@link #memory()}: the container's memory blocks (exclusive blocks or the pod shared pool
 *       blocks); empty when it has none.
 *   <li>{@link #devices()}: the devices of device plugin resources it holds.
 * </ul>
 */
@Value.Immutable
public abstract class ContainerAssignment {

  public abstract String name();

  public abstract ContainerRole role();

  public abstract Optional<CpuSet> cpus();

  public abstract boolean exclusive();

  public abstract ResourceIsolationLevel isolation();

  public abstract List<MemoryBlock> memory();

  /** The devices the container holds, in {@link Device#ORDER}; empty when it has none. */
  public abstract List<Device> devices();

  /** Builder: {@code new ContainerAssignment.Builder().name("app").role(ContainerRole.APP)...build()}. */
  public static class Builder extends ImmutableContainerAssignment.Builder {}
}
