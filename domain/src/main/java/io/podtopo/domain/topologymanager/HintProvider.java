package io.podtopo.domain.topologymanager;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;

/**
 * A resource manager as the Topology Manager sees it (upstream {@code HintProvider}): it answers
 * which NUMA placements it could give a container or a whole pod. Implementations are immutable
 * snapshots of their manager's state, so asking is a pure function; allocating is the caller's
 * {@link TopologyAllocator} step, which produces the next snapshots.
 */
public interface HintProvider {

  /** A short name for traces, e.g. {@code cpu} or {@code memory}. */
  String name();

  /** Upstream {@code GetTopologyHints(pod, container)}. */
  ProviderHints containerHints(Pod pod, Container container);

  /** Upstream {@code GetPodTopologyHints(pod)}. */
  ProviderHints podHints(Pod pod);
}
