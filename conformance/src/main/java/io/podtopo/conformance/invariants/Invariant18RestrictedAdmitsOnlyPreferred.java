package io.podtopo.conformance.invariants;

import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import java.util.ArrayList;
import java.util.List;

/**
 * §15.18: under {@code restricted} (and {@code single-numa-node}) an admitted pod's merged hints are
 * all preferred; {@code best-effort} never rejects with {@code TopologyAffinityError}.
 */
public final class Invariant18RestrictedAdmitsOnlyPreferred extends NumberedInvariant implements TransitionInvariant {

  public Invariant18RestrictedAdmitsOnlyPreferred() {
    super(18, "restricted admission ⇒ merged hint preferred; best-effort never rejects on topology alone");
  }

  @Override
  public List<Violation> checkTransition(NodeSnapshot before, Operation operation, NodeSnapshot after) {
    if (!(operation instanceof Operation.Admit admit)) {
      return List.of();
    }
    TopologyManagerPolicy policy = after.config().topologyManagerPolicy();
    List<Violation> violations = new ArrayList<>();
    if (admit.outcome().admitted() && (policy == TopologyManagerPolicy.RESTRICTED || policy == TopologyManagerPolicy.SINGLE_NUMA_NODE)) {
      for (MergeTrace merge : admit.outcome().trace().merges()) {
        if (!merge.bestHint().preferred()) {
          violations.add(Violation.ofContainer(number(), admit.podUid(), merge.container().orElse(""),
              "admitted under " + policy + " with the merged hint " + merge.bestHint()));
        }
      }
    }
    if (policy == TopologyManagerPolicy.BEST_EFFORT && !admit.outcome().admitted()
        && admit.outcome().reason().orElseThrow().equals(Invariant06ExclusiveSumWithinBudget.TOPOLOGY_AFFINITY)) {
      violations.add(Violation.ofPod(number(), admit.podUid(), "best-effort rejected with "
          + admit.outcome().failure().orElseThrow()));
    }
    return violations;
  }
}
