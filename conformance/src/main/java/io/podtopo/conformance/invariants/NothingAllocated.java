package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Resources;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The shared body of §15.14 and §15.15: pods of a kind get no hints (the CPU and Memory Managers
 * answer "no preference"), no pod entry, no container entry and no error. Devices are not
 * pod-level aware (P§2): a pod asking for devices of the machine still gets device hints and may
 * be rejected for them (rules DEV-n), which these invariants leave to invariants 37 and 38; and any pod
 * may be refused by the kubelet's resource-fit predicate when the node is full ({@code OutOf<resource>}).
 */
final class NothingAllocated {

  private final int number;
  private final Predicate<PodRules.Mode> applies;

  NothingAllocated(int number, Predicate<PodRules.Mode> applies) {
    this.number = number;
    this.applies = applies;
  }

  List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (Pod pod : snapshot.activePods()) {
      if (applies.test(PodRules.mode(snapshot.config(), pod)) && StateViews.hasAnyState(snapshot.state(), pod.uid())) {
        violations.add(Violation.ofPod(number, pod.uid(), "has state: CPU entries "
            + snapshot.state().cpu().containerEntries(pod.uid()) + ", bubble " + snapshot.state().cpu().podCpus(pod.uid())
            + ", memory entries " + snapshot.state().memory().containersOf(pod.uid()) + ", pod memory "
            + snapshot.state().memory().podBlocks(pod.uid())));
      }
    }
    return violations;
  }

  List<Violation> checkTransition(ScenarioStep step, Optional<Admission> admission, ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit) || !applies.test(PodRules.mode(after.config(), admit.pod()))
        || PodRules.gatesOn(after.config()) && PodRules.guaranteedOnlyByKepRule(admit.pod())) {
      return List.of();
    }
    Admission outcome = admission.orElseThrow();
    if (!outcome.admitted()) {
      return PodRules.asksForDevices(after.machine(), admit.pod()) || PodRules.refusedByResourceFit(outcome)
          ? List.of()
          : List.of(Violation.ofPod(number, admit.pod().uid(), "rejected: " + outcome.failure().orElseThrow()));
    }
    List<String> preferences = TraceViews.preferences(outcome, merge -> true, Resources::isManaged);
    return preferences.isEmpty() ? List.of()
        : List.of(Violation.ofPod(number, admit.pod().uid(), "providers gave hints: " + preferences));
  }
}
