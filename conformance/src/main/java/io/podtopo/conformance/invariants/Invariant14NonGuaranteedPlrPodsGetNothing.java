package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.ports.in.ScenarioStep;
import java.util.List;
import java.util.Optional;

/**
 * §15.14: pods with pod-level resources that are not Guaranteed by their pod stanza (gates on) are admitted with "no preference" from every provider and leave no CPU or
 * memory state at all. A pod that only KEP-2837's per-resource rule calls Guaranteed (cpu or memory
 * missing from the stanza) is left out: it is rejected by decision (spec §14-Q3).
 */
public final class Invariant14NonGuaranteedPlrPodsGetNothing extends NumberedInvariant
    implements SnapshotInvariant, TransitionInvariant {

  private final NothingAllocated nothing = new NothingAllocated(14, mode -> mode == PodRules.Mode.NOT_GUARANTEED);

  public Invariant14NonGuaranteedPlrPodsGetNothing() {
    super(14, "Non-Guaranteed (by PLR) pods get no hints, no pod entry, no container entries, no error");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    return nothing.check(snapshot);
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    return nothing.checkTransition(step, admission, after);
  }
}
