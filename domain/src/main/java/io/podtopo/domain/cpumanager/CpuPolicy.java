package io.podtopo.domain.cpumanager;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.Optional;

/**
 * The CPU Manager's policy (upstream {@code cpumanager.Policy}, {@code policy.go}): {@code none}
 * ({@link NoneCpuPolicy}, upstream {@code policy_none.go}) or {@code static} ({@link StaticPolicy}).
 * Pure: every operation takes a {@link CpuManagerState} and returns a new one or a result.
 *
 * <p>The node's managers hold one policy and call these operations whatever it is, as the kubelet
 * does; code that needs what only the {@code static} policy has (its reserved CPUs' choice, its
 * allocation steps for an explanation) matches on {@link StaticPolicy}.
 */
public sealed interface CpuPolicy permits NoneCpuPolicy, StaticPolicy {

  /** Upstream {@code Name}: {@code none} or {@code static}. */
  String name();

  /** The machine's CPUs as the policy sees them. */
  CpuTopology topology();

  /**
   * Upstream {@code Start}: the state a manager starts from, an empty one initialised and a restored
   * one validated.
   *
   * @throws StaticPolicyException when a restored state does not fit the policy
   */
  CpuManagerState start(CpuManagerState state);

  /** The CPUs reserved for the system, never given out exclusively; empty under {@code none}. */
  CpuSet reservedCpus();

  /** Upstream {@code GetAllocatableCPUs}: the CPUs the policy can give out; empty under {@code none}. */
  CpuSet allocatableCpus();

  /**
   * The node shared pool in {@code state}: the CPUs a container without CPUs of its own runs on, as
   * the kubelet's reconcile loop writes them (the default set under {@code static}; every CPU under
   * {@code none}, which manages no cpuset).
   */
  CpuSet nodeSharedPool(CpuManagerState state);

  /** Upstream {@code GetResourceIsolationLevel} (PLRM spec 6.6); {@code host} under {@code none}. */
  ResourceIsolationLevel isolationLevel(CpuManagerState state, Pod pod, Container container);

  /**
   * Upstream {@code GetTopologyHints} for {@code cpu}, packed as the Topology Manager merges it; empty:
   * no preference (upstream nil).
   */
  Optional<ResourceHints> containerHints(CpuManagerState state, Pod pod, Container container);

  /** Upstream {@code GetPodTopologyHints} for {@code cpu} under {@code quirks}' behaviour, as {@link #containerHints}. */
  Optional<ResourceHints> podHints(CpuManagerState state, Pod pod, QuirkLog quirks);

  /** Upstream {@code Allocate} for one container aligned to {@code hint}, under {@code quirks}' behaviour. */
  CpuAllocationResult allocate(CpuManagerState state, Pod pod, Container container, TopologyHint hint,
      QuirkLog quirks);

  /** Upstream {@code AllocatePod} (PLRM spec 6.2) aligned to {@code hint}, under {@code quirks}' behaviour. */
  CpuAllocationResult allocatePod(CpuManagerState state, Pod pod, TopologyHint hint, QuirkLog quirks);

  /** Upstream {@code RemoveContainer}: the container's CPUs released as the policy releases them. */
  CpuManagerState removeContainer(CpuManagerState state, String podUid, String containerName);
}
