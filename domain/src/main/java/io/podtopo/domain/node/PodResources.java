package io.podtopo.domain.node;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.topology.CpuSet;
import java.util.List;
import org.immutables.value.Value;

/**
 * A pod in the PodResources view (v1 {@code PodResources}): name, namespace, the pod-level
 * {@code cpu_ids} (field 4: the bubble) and {@code memory} (field 5: the pod entry's blocks), both
 * empty outside pod scope with pod-level resources, and the containers (restartable init
 * containers, then app containers; standard init and ephemeral containers are not listed).
 */
@Value.Immutable
public abstract class PodResources {

  public abstract String name();

  public abstract String namespace();

  public abstract CpuSet cpuIds();

  public abstract List<MemoryBlock> memory();

  public abstract List<ContainerResources> containers();

  /** Builder: {@code new PodResources.Builder().name(n).namespace(ns).cpuIds(b).build()}. */
  public static class Builder extends ImmutablePodResources.Builder {}
}
