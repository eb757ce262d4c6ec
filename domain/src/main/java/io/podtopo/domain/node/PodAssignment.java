package io.podtopo.domain.node;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * What an admitted pod was given: its NUMA affinity (the merged hint), the pod bubble and pod
 * memory blocks (pod scope with pod-level resources only), and per container, in pod order (init
 * containers including sidecars, app containers, ephemeral containers), its assignment.
 */
@Value.Immutable
public abstract class PodAssignment {

  public abstract String uid();

  public abstract String name();

  public abstract String namespace();

  /** The NUMA nodes of the merged hint; empty for "any" (nil) or when no hint was merged. */
  public abstract Optional<NumaMask> numaAffinity();

  /** The pod bubble: the CPUs of the whole pod budget. */
  public abstract Optional<CpuSet> podCpus();

  /** The pod entry's memory blocks: the whole pod budget per memory type. */
  public abstract List<MemoryBlock> podMemory();

  public abstract List<ContainerAssignment> containers();

  /** Builder: {@code new PodAssignment.Builder().uid(u).name(n).namespace(ns)...build()}. */
  public static class Builder extends ImmutablePodAssignment.Builder {}
}
