package io.podtopo.domain.node;

import io.podtopo.domain.admission.AdmissionCause;
import io.podtopo.domain.admission.KubeletNoAnswer;
import io.podtopo.domain.admission.ReportedFailure;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * The outcome of admitting one pod: either admitted, with the new state and what the pod was given,
 * or rejected, with its typed {@link #cause()} (whence the kubelet's reason and message) and the input
 * state exactly as it was (no partial allocation survives a rejection), or, where kubelet v1.37 would
 * never finish or would crash, {@link #noAnswer() no answer} (a cause of reason
 * {@value AdmissionFailure#KUBELET_NO_ANSWER} naming the quirk, the state as it was). All carry the
 * trace and the {@link #quirks()} that changed the decision (ADR 0008).
 */
@Value.Immutable
public abstract class Admission {

  /** The new state when admitted; the unchanged input state when rejected. */
  public abstract NodeState state();

  /** What the pod was given; present iff admitted. */
  public abstract Optional<PodAssignment> assignment();

  /** Why the pod was rejected, typed; present iff rejected. */
  public abstract Optional<AdmissionCause> cause();

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

  /** Why the pod was rejected, as the kubelet reports it: its reason and message; present iff rejected. */
  public Optional<AdmissionFailure> failure() {
    return cause().map(AdmissionCause::failure);
  }

  /** The quirk at which kubelet v1.37 would never finish or would crash admitting this pod. */
  public Optional<KubeletQuirk> noAnswer() {
    return cause().filter(KubeletNoAnswer.class::isInstance).map(cause -> ((KubeletNoAnswer) cause).quirk());
  }

  public boolean admitted() {
    return cause().isEmpty();
  }

  /** The kubelet's rejection reason, e.g. {@code TopologyAffinityError}; empty when admitted. */
  public Optional<String> reason() {
    return cause().map(AdmissionCause::reason);
  }

  /** The kubelet's rejection message; empty when admitted. */
  public Optional<String> message() {
    return cause().map(AdmissionCause::message);
  }

  @Value.Check
  protected void check() {
    if (assignment().isPresent() == cause().isPresent()) {
      throw new IllegalStateException("an admission has either an assignment or a cause");
    }
  }

  public static Admission admitted(NodeState state, PodAssignment assignment, AdmissionTrace trace) {
    return new Builder().state(state).assignment(assignment).trace(trace).build();
  }

  /** Rejected for {@code cause}, the state unchanged. */
  public static Admission rejected(NodeState unchanged, AdmissionCause cause, AdmissionTrace trace) {
    return new Builder().state(unchanged).cause(cause).trace(trace).build();
  }

  /**
   * Rejected for a failure known only by its reason and message (an implementation's answer read
   * back): a {@link ReportedFailure}.
   */
  public static Admission rejected(NodeState unchanged, AdmissionFailure failure, AdmissionTrace trace) {
    return rejected(unchanged, ReportedFailure.of(failure), trace);
  }

  /** Kubelet v1.37 would never finish or would crash at {@code quirk}: no answer, the state unchanged. */
  public static Admission withoutAnswer(NodeState unchanged, KubeletQuirk quirk) {
    return rejected(unchanged, KubeletNoAnswer.at(quirk), new AdmissionTrace.Builder().build());
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
