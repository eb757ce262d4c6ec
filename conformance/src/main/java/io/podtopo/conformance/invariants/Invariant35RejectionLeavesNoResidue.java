package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §15.35: a rejected admission leaves the state exactly as it was (CPU, memory, stored hints) and, for
 * a pod that was not active, no entry of any kind for it.
 */
public final class Invariant35RejectionLeavesNoResidue extends NumberedInvariant implements TransitionInvariant {

  public Invariant35RejectionLeavesNoResidue() {
    super(35, "Admission failure leaves no residual pod or container entries for that pod (after rollback/GC)");
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit) || admission.orElseThrow().admitted()) {
      return List.of();
    }
    List<Violation> violations = new ArrayList<>();
    if (!before.isActive(admit.pod().uid()) && StateViews.hasAnyState(after.state(), admit.pod().uid())) {
      violations.add(Violation.ofPod(number(), admit.pod().uid(), "rejected (" + admission.orElseThrow().reason().orElseThrow()
          + ") but left CPU entries " + after.state().cpu().containerEntries(admit.pod().uid()) + ", bubble "
          + after.state().cpu().podCpus(admit.pod().uid()) + ", memory entries "
          + after.state().memory().containersOf(admit.pod().uid()) + ", pod memory "
          + after.state().memory().podBlocks(admit.pod().uid())));
    }
    if (!after.state().cpu().defaultCpuSet().equals(before.state().cpu().defaultCpuSet())
        || !after.state().cpu().entries().equals(before.state().cpu().entries())
        || !after.state().cpu().podEntries().equals(before.state().cpu().podEntries())
        || !after.state().memory().equals(before.state().memory())
        || !after.state().topologyHints().equals(before.state().topologyHints())) {
      violations.add(Violation.ofPod(number(), admit.pod().uid(), "rejection changed the node state"));
    }
    return violations;
  }
}
