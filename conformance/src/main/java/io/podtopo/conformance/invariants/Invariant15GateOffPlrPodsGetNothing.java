package io.podtopo.conformance.invariants;

import java.util.List;

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
  public List<Violation> check(NodeSnapshot snapshot) {
    return nothing.check(snapshot);
  }

  @Override
  public List<Violation> checkTransition(NodeSnapshot before, Operation operation, NodeSnapshot after) {
    return nothing.checkTransition(operation, after);
  }
}
