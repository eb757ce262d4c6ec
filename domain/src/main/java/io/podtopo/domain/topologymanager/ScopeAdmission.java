package io.podtopo.domain.topologymanager;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The Topology Manager's admission of one pod: admitted or rejected, the state reached, the hints
 * stored per container, and the trace of every merge.
 *
 * <p>On rejection {@link #state()} is the state after the last successful allocation step: like
 * upstream, the scopes do not undo the allocations of containers admitted before the failure;
 * whether to keep them is the caller's decision.
 *
 * @param <S> the caller's allocation state
 */
public final class ScopeAdmission<S> {

  private final S state;
  private final Map<String, TopologyHint> affinities;
  private final AdmissionFailure failure;
  private final List<MergeTrace> trace;

  ScopeAdmission(S state, Map<String, TopologyHint> affinities, AdmissionFailure failure, List<MergeTrace> trace) {
    this.state = Objects.requireNonNull(state, "state");
    this.affinities = Collections.unmodifiableMap(new LinkedHashMap<>(affinities));
    this.failure = failure;
    this.trace = List.copyOf(trace);
  }

  public boolean admitted() {
    return failure == null;
  }

  /** The state after the last successful allocation step. */
  public S state() {
    return state;
  }

  /**
   * The hint stored for each container (upstream {@code setTopologyHints}), in pod order; empty
   * under the none policy, whose stored hint is always the zero {@code {nil, not preferred}}.
   */
  public Map<String, TopologyHint> affinities() {
    return affinities;
  }

  /** Why the pod was rejected; empty when admitted. */
  public Optional<AdmissionFailure> failure() {
    return Optional.ofNullable(failure);
  }

  /** Every merge, in the order it happened. */
  public List<MergeTrace> trace() {
    return trace;
  }

  @Override
  public String toString() {
    return (failure == null ? "admitted " : "rejected (" + failure + ") ") + affinities;
  }
}
