package io.podtopo.domain.node;

import io.podtopo.domain.topologymanager.AdmissionFailure;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * The outcome of admitting one pod: either admitted, with the new state and what the pod was given,
 * or rejected, with the kubelet's reason and message and the input state exactly as it was (no
 * partial allocation survives a rejection). Both carry the trace.
 */
@Value.Immutable
public abstract class Admission {

  /** The new state when admitted; the unchanged input state when rejected. */
  public abstract NodeState state();

  /** What the pod was given; present iff admitted. */
  public abstract Optional<PodAssignment> assignment();

  /** Why the pod was rejected; present iff rejected. */
  public abstract Optional<AdmissionFailure> failure();

  public abstract AdmissionTrace trace();

  public boolean admitted() {
    return failure().isEmpty();
  }

  /** The kubelet's rejection reason, e.g. {@code TopologyAffinityError}; empty when admitted. */
  public Optional<String> reason() {
    return failure().map(AdmissionFailure::reason);
  }

  /** The kubelet's rejection message; empty when admitted. */
  public Optional<String> message() {
    return failure().map(AdmissionFailure::message);
  }

  @Value.Check
  protected void check() {
    if (assignment().isPresent() == failure().isPresent()) {
      throw new IllegalStateException("an admission has either an assignment or a failure");
    }
  }

  public static Admission admitted(NodeState state, PodAssignment assignment, AdmissionTrace trace) {
    return new Builder().state(state).assignment(assignment).trace(trace).build();
  }

  public static Admission rejected(NodeState unchanged, AdmissionFailure failure, AdmissionTrace trace) {
    return new Builder().state(unchanged).failure(failure).trace(trace).build();
  }

  /** Builder: prefer {@link #admitted} and {@link #rejected}. */
  public static class Builder extends ImmutableAdmission.Builder {}
}
