package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.ports.in.ScenarioStep;
import java.util.List;
import java.util.Optional;

/**
 * §15.15: pods with pod-level resources while either KEP-5526 gate is off are admitted with "no preference" from every provider and leave no CPU or
 * memory state at all.
 */
public final class Invariant15GateOffPlrPodsGetNothing extends NumberedInvariant
    implements SnapshotInvariant, TransitionInvariant {

  private final NothingAllocated nothing = new NothingAllocated(15, mode -> mode == PodRules.Mode.GATED_OFF);

  public Invariant15GateOffPlrPodsGetNothing() {
    super(15, "Gate off (either gate) with PLR set: providers return nil hints, no state written, pod admitted");
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
