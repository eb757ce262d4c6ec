package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §15.2: a bubble has exactly the integral pod cpu request and belongs to an active pod-level pod;
 * at the admission that creates it, it is taken out of the default set and nothing else is.
 */
public final class Invariant02BubbleSizeIsPodBudget extends NumberedInvariant
    implements SnapshotInvariant, TransitionInvariant {

  public Invariant02BubbleSizeIsPodBudget() {
    super(2, "|B(p)| == integral pod cpu request; B(p) is removed from D at allocation");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    snapshot.state().cpu().podEntries().forEach((uid, bubble) -> {
      Optional<Pod> pod = snapshot.pod(uid);
      if (pod.isEmpty()) {
        violations.add(Violation.ofPod(number(), uid, "bubble \"" + bubble + "\" belongs to no active pod"));
      } else if (!PodRules.podLevelCpu(snapshot.config(), pod.get())) {
        violations.add(Violation.ofPod(number(), uid, "bubble \"" + bubble + "\" of a pod that is not pod-level ("
            + PodRules.mode(snapshot.config(), pod.get()) + ")"));
      } else if (bubble.size() != PodRules.podCpuBudget(pod.get())) {
        violations.add(Violation.ofPod(number(), uid, "bubble \"" + bubble + "\" has " + bubble.size()
            + " CPUs, the pod budget is " + pod.get().podRequests().get("cpu")));
      }
    });
    return violations;
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit) || !admission.orElseThrow().admitted()) {
      return List.of();
    }
    String uid = admit.pod().uid();
    Optional<CpuSet> bubble = after.state().cpu().podCpus(uid);
    if (bubble.isEmpty() || before.state().cpu().podCpus(uid).isPresent()) {
      return List.of();
    }
    CpuSet defaultBefore = before.state().cpu().defaultCpuSet();
    CpuSet expected = defaultBefore.difference(bubble.get());
    CpuSet actual = after.state().cpu().defaultCpuSet();
    if (!bubble.get().isSubsetOf(defaultBefore) || !actual.equals(expected)) {
      return List.of(Violation.ofPod(number(), uid, "bubble \"" + bubble.get() + "\" taken from default set \""
          + defaultBefore + "\" left \"" + actual + "\", expected \"" + expected + "\""));
    }
    return List.of();
  }
}
