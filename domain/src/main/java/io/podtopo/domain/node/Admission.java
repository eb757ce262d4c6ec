package io.podtopo.domain.node;

import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * The outcome of admitting one pod: either admitted, with the new state and what the pod was given,
 * or rejected, with the kubelet's reason and message and the input state exactly as it was (no
 * partial allocation survives a rejection), or, where kubelet v1.37 would never finish or would
 * crash, {@link #noAnswer() no answer} (a failure of reason {@value AdmissionFailure#KUBELET_NO_ANSWER}
 * naming the quirk, the state as it was). All carry the trace and the {@link #quirks()} that changed
 * the decision (ADR 0008).
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

  /**
   * The quirks whose behaviour changed this decision: with the other behaviour at any one of them
   * (or, where no single one does, at all of them), the pod would get a different state, assignment
   * or failure. In declaration order; empty when both behaviours decide alike.
   */
  public abstract List<KubeletQuirk> quirks();

  /** The behaviour the decision was made under (the configuration's). */
  @Value.Default
  public Behaviour behaviour() {
    return Behaviour.KUBELET;
  }

  /** The quirk at which kubelet v1.37 would never finish or would crash admitting this pod. */
  public abstract Optional<KubeletQuirk> noAnswer();

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
    if (noAnswer().isPresent() && !reason().filter(AdmissionFailure.KUBELET_NO_ANSWER::equals).isPresent()) {
      throw new IllegalStateException("an admission without answer has the failure saying so");
    }
  }

  public static Admission admitted(NodeState state, PodAssignment assignment, AdmissionTrace trace) {
    return new Builder().state(state).assignment(assignment).trace(trace).build();
  }

  public static Admission rejected(NodeState unchanged, AdmissionFailure failure, AdmissionTrace trace) {
    return new Builder().state(unchanged).failure(failure).trace(trace).build();
  }

  /** Kubelet v1.37 would never finish or would crash at {@code quirk}: no answer, the state unchanged. */
  public static Admission withoutAnswer(NodeState unchanged, KubeletQuirk quirk) {
    return new Builder().state(unchanged).failure(AdmissionFailure.noAnswer(quirk)).noAnswer(quirk)
        .trace(new AdmissionTrace.Builder().build()).build();
  }

  /** This admission, decided under {@code behaviour} (the generated class implements it). */
  public abstract Admission withBehaviour(Behaviour decidedUnder);

  /** This admission naming {@code quirks} as those that changed its decision. */
  public Admission namingQuirks(List<KubeletQuirk> changing) {
    return new Builder().from(this).quirks(changing).build();
  }

  /** Whether {@code other} decides alike: the same state, assignment and failure (traces aside). */
  public boolean decidesAlike(Admission other) {
    return state().equals(other.state()) && assignment().equals(other.assignment())
        && failure().equals(other.failure());
  }

  /** Builder: prefer {@link #admitted} and {@link #rejected}. */
  public static class Builder extends ImmutableAdmission.Builder {}
}
