package io.podtopo.domain.cpumanager;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.Optional;

/**
 * The CPU Manager {@code none} policy (upstream {@code policy_none.go}): it pins nothing, has no
 * preference and gives out no CPUs; every container runs on every CPU. Its state stays as it was
 * started: an empty one stays empty.
 */
public final class NoneCpuPolicy implements CpuPolicy {

  private final CpuTopology topology;

  private NoneCpuPolicy(CpuTopology topology) {
    this.topology = topology;
  }

  /** The {@code none} policy on {@code topology}. */
  public static NoneCpuPolicy on(CpuTopology topology) {
    return new NoneCpuPolicy(topology);
  }

  @Override
  public String name() {
    return "none";
  }

  @Override
  public CpuTopology topology() {
    return topology;
  }

  /** Upstream {@code Start} of {@code none}: nothing to set up or check. */
  @Override
  public CpuManagerState start(CpuManagerState state) {
    return state;
  }

  @Override
  public CpuSet reservedCpus() {
    return CpuSet.empty();
  }

  /** Upstream {@code GetAllocatableCPUs} of {@code none}: an empty set. */
  @Override
  public CpuSet allocatableCpus() {
    return CpuSet.empty();
  }

  @Override
  public CpuSet nodeSharedPool(CpuManagerState state) {
    return topology.cpus();
  }

  @Override
  public ResourceIsolationLevel isolationLevel(CpuManagerState state, Pod pod, Container container) {
    return ResourceIsolationLevel.HOST;
  }

  /** Upstream {@code GetTopologyHints} of {@code none}: nil, no preference. */
  @Override
  public Optional<ResourceHints> containerHints(CpuManagerState state, Pod pod, Container container) {
    return Optional.empty();
  }

  /** Upstream {@code GetPodTopologyHints} of {@code none}: nil, no preference. */
  @Override
  public Optional<ResourceHints> podHints(CpuManagerState state, Pod pod, QuirkLog quirks) {
    return Optional.empty();
  }

  /** Upstream {@code Allocate} of {@code none}: nothing allocated, no error. */
  @Override
  public CpuAllocationResult allocate(CpuManagerState state, Pod pod, Container container, TopologyHint hint,
      QuirkLog quirks) {
    return CpuAllocationResult.success(state, ResourceManagerMetrics.none());
  }

  /** Upstream {@code AllocatePod} of {@code none}: nothing allocated, no error. */
  @Override
  public CpuAllocationResult allocatePod(CpuManagerState state, Pod pod, TopologyHint hint, QuirkLog quirks) {
    return CpuAllocationResult.success(state, ResourceManagerMetrics.none());
  }

  /** Upstream {@code RemoveContainer} of {@code none}: nothing to release. */
  @Override
  public CpuManagerState removeContainer(CpuManagerState state, String podUid, String containerName) {
    return state;
  }
}
