package io.podtopo.domain.topologymanager;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import java.util.List;

/**
 * The caller's side of an admission: the hint providers of a state, and the allocation steps the
 * scopes call with the chosen hint. Each step returns the next state (or a failure), so the scopes
 * thread an immutable state through a pod's admission.
 *
 * @param <S> the allocation state, e.g. the node's whole resource-manager state
 */
public interface TopologyAllocator<S> {

  /** The hint providers in registration order (upstream: CPU, memory, devices), as of {@code state}. */
  List<HintProvider> hintProviders(S state);

  /**
   * Upstream {@code Allocate(pod, container)} on every provider in registration order, with the
   * hint the Topology Manager stored for this container ({@code {nil, not preferred}} under the
   * none policy).
   */
  AllocationResult<S> allocateContainer(S state, Pod pod, Container container, TopologyHint hint);

  /**
   * Upstream {@code AllocatePod(pod)} on every provider in registration order (pod scope, pod-level
   * resources): the one hint stored for every container of the pod.
   */
  AllocationResult<S> allocatePod(S state, Pod pod, TopologyHint hint);
}
