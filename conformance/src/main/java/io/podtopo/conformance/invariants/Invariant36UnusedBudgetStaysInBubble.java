package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * §15.36: the CPUs of a bubble no container holds (unused budget) stay reserved for the pod: outside
 * the default set and every other pod's CPUs; and a bubble does not change while its pod lives,
 * whatever happens to other pods or to its own non-last containers.
 */
public final class Invariant36UnusedBudgetStaysInBubble extends NumberedInvariant
    implements SnapshotInvariant, TransitionInvariant {

  public Invariant36UnusedBudgetStaysInBubble() {
    super(36, "Unused budget (Σ slices < budget, no shared containers) stays in B(p) and out of D until pod teardown");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    CpuManagerState cpu = snapshot.state().cpu();
    for (Map.Entry<String, CpuSet> bubble : cpu.podEntries().entrySet()) {
      CpuSet unused = bubble.getValue().difference(StateViews.union(cpu.containerEntries(bubble.getKey()).values()));
      CpuSet.Builder others = new CpuSet.Builder().addAll(cpu.defaultCpuSet());
      cpu.entries().forEach((uid, containers) -> {
        if (!uid.equals(bubble.getKey())) {
          containers.values().forEach(others::addAll);
        }
      });
      cpu.podEntries().forEach((uid, other) -> {
        if (!uid.equals(bubble.getKey())) {
          others.addAll(other);
        }
      });
      CpuSet leaked = unused.intersection(others.build());
      if (!leaked.isEmpty()) {
        violations.add(Violation.ofPod(number(), bubble.getKey(), "unused bubble CPUs \"" + leaked
            + "\" are in the default set or another pod"));
      }
    }
    return violations;
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    List<Violation> violations = new ArrayList<>();
    before.state().cpu().podEntries().forEach((uid, bubble) -> {
      boolean ownTeardown = Steps.podUid(step).equals(uid) && !(step instanceof ScenarioStep.Admit)
          && after.state().cpu().containerEntries(uid).isEmpty();
      if (!ownTeardown && !after.state().cpu().podCpus(uid).equals(java.util.Optional.of(bubble))) {
        violations.add(Violation.ofPod(number(), uid, "bubble \"" + bubble + "\" became "
            + after.state().cpu().podCpus(uid) + " on " + Steps.kind(step) + " of " + Steps.podUid(step)));
      }
    });
    return violations;
  }
}
