package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §15.18: under {@code restricted} (and {@code single-numa-node}) an admitted pod's merged hints are
 * all preferred; {@code best-effort} never rejects with {@code TopologyAffinityError}.
 */
public final class Invariant18RestrictedAdmitsOnlyPreferred extends NumberedInvariant implements TransitionInvariant {

  public Invariant18RestrictedAdmitsOnlyPreferred() {
    super(18, "restricted admission ⇒ merged hint preferred; best-effort never rejects on topology alone");
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit)) {
      return List.of();
    }
    Admission outcome = admission.orElseThrow();
    TopologyManagerPolicy policy = after.config().topologyManagerPolicy();
    List<Violation> violations = new ArrayList<>();
    if (outcome.admitted() && (policy == TopologyManagerPolicy.RESTRICTED || policy == TopologyManagerPolicy.SINGLE_NUMA_NODE)) {
      for (MergeTrace merge : outcome.trace().merges()) {
        if (!merge.bestHint().preferred()) {
          violations.add(Violation.ofContainer(number(), admit.pod().uid(), merge.container().orElse(""),
              "admitted under " + policy + " with the merged hint " + merge.bestHint()));
        }
      }
    }
    if (policy == TopologyManagerPolicy.BEST_EFFORT && !outcome.admitted()
        && outcome.reason().orElseThrow().equals(Invariant06ExclusiveSumWithinBudget.TOPOLOGY_AFFINITY)) {
      violations.add(Violation.ofPod(number(), admit.pod().uid(), "best-effort rejected with "
          + outcome.failure().orElseThrow()));
    }
    return violations;
  }
}
