package io.podtopo.conformance.invariants;

import java.util.ArrayList;
import java.util.List;

/**
 * §15.35: a rejected admission leaves the state exactly as it was (CPU, memory, stored hints) and, for
 * a pod that was not active, no entry of any kind for it.
 */
public final class Invariant35RejectionLeavesNoResidue extends NumberedInvariant implements TransitionInvariant {

  public Invariant35RejectionLeavesNoResidue() {
    super(35, "Admission failure leaves no residual pod or container entries for that pod (after rollback/GC)");
  }

  @Override
  public List<Violation> checkTransition(NodeSnapshot before, Operation operation, NodeSnapshot after) {
    if (!(operation instanceof Operation.Admit admit) || admit.outcome().admitted()) {
      return List.of();
    }
    List<Violation> violations = new ArrayList<>();
    if (!before.isActive(admit.podUid()) && StateViews.hasAnyState(after.state(), admit.podUid())) {
      violations.add(Violation.ofPod(number(), admit.podUid(), "rejected (" + admit.outcome().reason().orElseThrow()
          + ") but left CPU entries " + after.state().cpu().containerEntries(admit.podUid()) + ", bubble "
          + after.state().cpu().podCpus(admit.podUid()) + ", memory entries "
          + after.state().memory().containersOf(admit.podUid()) + ", pod memory "
          + after.state().memory().podBlocks(admit.podUid())));
    }
    if (!after.state().cpu().defaultCpuSet().equals(before.state().cpu().defaultCpuSet())
        || !after.state().cpu().entries().equals(before.state().cpu().entries())
        || !after.state().cpu().podEntries().equals(before.state().cpu().podEntries())
        || !after.state().memory().equals(before.state().memory())
        || !after.state().topologyHints().equals(before.state().topologyHints())) {
      violations.add(Violation.ofPod(number(), admit.podUid(), "rejection changed the node state"));
    }
    return violations;
  }
}
