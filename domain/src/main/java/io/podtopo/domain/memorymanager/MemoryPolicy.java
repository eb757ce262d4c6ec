package io.podtopo.domain.memorymanager;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;

/**
 * The Memory Manager's policy (upstream {@code memorymanager.Policy}, {@code policy.go}): {@code None}
 * ({@link NoneMemoryPolicy}, upstream {@code policy_none.go}) or {@code Static}
 * ({@link StaticMemoryPolicy}). Pure: every operation takes a {@link MemoryManagerState} and returns a
 * new one or a result.
 *
 * <p>The node's managers hold one policy and call these operations whatever it is, as the kubelet does;
 * code that needs what only the {@code Static} policy has (the requests it counts, for an explanation)
 * matches on {@link StaticMemoryPolicy}.
 */
public sealed interface MemoryPolicy permits NoneMemoryPolicy, StaticMemoryPolicy {

  /** Upstream {@code Name}: {@code None} or {@code Static}. */
  String name();

  /**
   * Upstream {@code Start}: the state a manager starts from, an empty one initialised and a restored
   * one validated.
   *
   * @throws MemoryManagerException when a restored state does not fit the policy
   */
  MemoryManagerState start(MemoryManagerState state);

  /** Upstream {@code GetTopologyHints} for one container under {@code quirks}' behaviour; nil: no preference. */
  MemoryHints containerHints(MemoryManagerState state, Pod pod, Container container, QuirkLog quirks);

  /** Upstream {@code GetPodTopologyHints} under {@code quirks}' behaviour; nil: no preference. */
  MemoryHints podHints(MemoryManagerState state, Pod pod, QuirkLog quirks);

  /**
   * Upstream {@code Allocate} for one container aligned to {@code hint}, under {@code quirks}' behaviour;
   * refused with a {@link io.podtopo.domain.admission.MemoryManagerError} of upstream's text when no
   * NUMA affinity can be found.
   */
  MemoryAllocationResult allocate(MemoryManagerState state, Pod pod, Container container, TopologyHint hint,
      QuirkLog quirks);

  /**
   * Upstream {@code AllocatePod} (PLRM spec 7.3) aligned to {@code hint}, under {@code quirks}' behaviour;
   * refused with an {@link io.podtopo.domain.admission.EmptyPodSharedPoolError} when the partition would
   * leave a shared container without memory, with a {@link io.podtopo.domain.admission.MemoryManagerError}
   * of upstream's text when no NUMA affinity can be found.
   */
  MemoryAllocationResult allocatePod(MemoryManagerState state, Pod pod, TopologyHint hint, QuirkLog quirks);

  /** Upstream {@code RemoveContainer}: the container's blocks released as the policy releases them. */
  MemoryManagerState removeContainer(MemoryManagerState state, String podUid, String containerName);

  /** Upstream {@code GetAllocatableMemory}: the memory the policy can give out; none under {@code None}. */
  List<MemoryBlock> allocatableMemory(MemoryManagerState state);
}
