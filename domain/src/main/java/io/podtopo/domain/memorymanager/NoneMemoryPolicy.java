package io.podtopo.domain.memorymanager;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;

/**
 * The Memory Manager {@code None} policy (upstream {@code policy_none.go}): it allocates nothing and has
 * no preference; its state stays as it was started.
 */
public final class NoneMemoryPolicy implements MemoryPolicy {

  private static final NoneMemoryPolicy INSTANCE = new NoneMemoryPolicy();

  private NoneMemoryPolicy() {}

  /** The {@code None} policy. */
  public static NoneMemoryPolicy instance() {
    return INSTANCE;
  }

  @Override
  public String name() {
    return "None";
  }

  /** Upstream {@code Start} of {@code None}: nothing to set up or check. */
  @Override
  public MemoryManagerState start(MemoryManagerState state) {
    return state;
  }

  /** Upstream {@code GetTopologyHints} of {@code None}: nil, no preference. */
  @Override
  public MemoryHints containerHints(MemoryManagerState state, Pod pod, Container container, QuirkLog quirks) {
    return MemoryHints.noPreference();
  }

  /** Upstream {@code GetPodTopologyHints} of {@code None}: nil, no preference. */
  @Override
  public MemoryHints podHints(MemoryManagerState state, Pod pod, QuirkLog quirks) {
    return MemoryHints.noPreference();
  }

  /** Upstream {@code Allocate} of {@code None}: nothing allocated. */
  @Override
  public MemoryAllocationResult allocate(MemoryManagerState state, Pod pod, Container container, TopologyHint hint,
      QuirkLog quirks) {
    return MemoryAllocationResult.success(state);
  }

  /** Upstream {@code AllocatePod} of {@code None}: nothing allocated. */
  @Override
  public MemoryAllocationResult allocatePod(MemoryManagerState state, Pod pod, TopologyHint hint, QuirkLog quirks) {
    return MemoryAllocationResult.success(state);
  }

  /** Upstream {@code RemoveContainer} of {@code None}: nothing to release. */
  @Override
  public MemoryManagerState removeContainer(MemoryManagerState state, String podUid, String containerName) {
    return state;
  }

  /** Upstream {@code GetAllocatableMemory} of {@code None}: nothing. */
  @Override
  public List<MemoryBlock> allocatableMemory(MemoryManagerState state) {
    return List.of();
  }
}
