package io.podtopo.conformance.invariants;

import io.podtopo.domain.pod.Pod;
import java.util.ArrayList;
import java.util.List;

/**
 * §15.16: a pod-level pod in pod scope whose pod cpu request is fractional gets no bubble and no CPU
 * container entries: all its containers run on the node shared pool. Its memory may still be aligned.
 */
public final class Invariant16FractionalCpuBudgetHasNoCpuEntries extends NumberedInvariant
    implements SnapshotInvariant {

  public Invariant16FractionalCpuBudgetHasNoCpuEntries() {
    super(16,
        "Fractional pod cpu budget: no CPU pod entry and no CPU container entries (pod scope); memory may still be "
        + "aligned");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (Pod pod : snapshot.activePods()) {
      if (PodRules.mode(snapshot.config(), pod) == PodRules.Mode.POD_LEVEL && PodRules.fractionalCpuBudget(pod)
          && (snapshot.state().cpu().podCpus(pod.uid()).isPresent()
              || !snapshot.state().cpu().containerEntries(pod.uid()).isEmpty())) {
        violations.add(Violation.ofPod(number(), pod.uid(), "pod cpu budget " + pod.podRequests().get("cpu")
            + " but bubble " + snapshot.state().cpu().podCpus(pod.uid()) + " and CPU entries "
            + snapshot.state().cpu().containerEntries(pod.uid())));
      }
    }
    return violations;
  }
}
