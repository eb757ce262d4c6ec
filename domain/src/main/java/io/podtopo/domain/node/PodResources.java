package io.podtopo.domain.node;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

  /**
   * The pod shared pool as consumers derive it (PLRM spec §9.2): the pod {@code cpu_ids} minus every
   * container's {@code cpu_ids}, so nothing is counted twice; empty without pod-level {@code cpu_ids}.
   */
  public CpuSet sharedPoolCpus() {
    return containers().stream().map(ContainerResources::cpuIds).reduce(cpuIds(), CpuSet::difference);
  }

  /**
   * The pod shared pool's memory by the same subtraction (invariant 21): each pod block less what the
   * containers report of its type, on the pod block's NUMA nodes; blocks left with nothing are
   * omitted. Empty without pod-level {@code memory}.
   */
  public List<MemoryBlock> sharedPoolMemory() {
    Map<String, Long> reported = new HashMap<>();
    for (ContainerResources container : containers()) {
      container.memory().forEach(block -> reported.merge(block.type(), block.size(), Long::sum));
    }
    List<MemoryBlock> pool = new ArrayList<>();
    for (MemoryBlock block : memory()) {
      long taken = Math.min(block.size(), reported.getOrDefault(block.type(), 0L));
      reported.merge(block.type(), -taken, Long::sum);
      if (block.size() > taken) {
        pool.add(MemoryBlock.of(block.numaAffinity(), block.type(), block.size() - taken));
      }
    }
    return pool;
  }

  /** Builder: {@code new PodResources.Builder().name(n).namespace(ns).cpuIds(b).build()}. */
  public static class Builder extends ImmutablePodResources.Builder {}
}
