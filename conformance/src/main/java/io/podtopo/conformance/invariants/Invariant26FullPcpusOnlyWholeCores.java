package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.CpuTopology;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * §15.26: with {@code full-pcpus-only} a pod-level pod's budget must be a multiple of the CPUs per core
 * ({@code SMTAlignmentError} otherwise, unless the Topology Manager or the empty-pool validation
 * rejected it first) and its bubble is a union of whole cores; outside pod-level pods every exclusive
 * container set is whole cores. Slices inside a bubble are not checked (spec §14-Q6).
 */
public final class Invariant26FullPcpusOnlyWholeCores extends NumberedInvariant
    implements SnapshotInvariant, TransitionInvariant {

  private static final Set<String> EARLIER_REASONS = Set.of("SMTAlignmentError",
      Invariant06ExclusiveSumWithinBudget.TOPOLOGY_AFFINITY, Invariant06ExclusiveSumWithinBudget.EMPTY_POD_SHARED_POOL);

  public Invariant26FullPcpusOnlyWholeCores() {
    super(26, "full-pcpus-only: budget % threadsPerCore ≠ 0 ⇒ SMTAlignmentError; admitted ⇒ B(p) is a union of whole "
        + "physical cores");
  }

  private static boolean applies(ObservedNode snapshot) {
    return PodRules.cpuStatic(snapshot.config()) && PodRules.cpuOptions(snapshot.config()).fullPhysicalCpusOnly();
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    if (!applies(snapshot)) {
      return List.of();
    }
    CpuTopology topology = CpuTopology.of(snapshot.machine());
    List<Violation> violations = new ArrayList<>();
    snapshot.state().cpu().podEntries().forEach((uid, bubble) -> {
      if (!topology.siblingsOf(bubble).equals(bubble)) {
        violations.add(Violation.ofPod(number(), uid, "bubble \"" + bubble + "\" is not whole cores (missing siblings \""
            + topology.siblingsOf(bubble).difference(bubble) + "\")"));
      }
    });
    for (Pod pod : snapshot.activePods()) {
      if (snapshot.state().cpu().podCpus(pod.uid()).isPresent()) {
        continue;
      }
      for (Container container : pod.initAndAppContainers()) {
        Optional<CpuSet> cpus = snapshot.state().cpu().containerCpus(pod.uid(), container.name());
        if (cpus.isPresent() && !topology.siblingsOf(cpus.get()).equals(cpus.get())) {
          violations.add(Violation.ofContainer(number(), pod.uid(), container.name(), "exclusive CPUs \"" + cpus.get()
              + "\" are not whole cores"));
        }
      }
    }
    return violations;
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit) || !applies(after) || before.isActive(admit.pod().uid())
        || !PodRules.podLevelCpu(after.config(), admit.pod())) {
      return List.of();
    }
    Admission outcome = admission.orElseThrow();
    long budget = PodRules.podCpuBudget(admit.pod());
    int perCore = CpuTopology.of(after.machine()).cpusPerCore();
    if (budget == 0 || budget % perCore == 0) {
      return List.of();
    }
    if (outcome.admitted()) {
      return List.of(Violation.ofPod(number(), admit.pod().uid(), "budget " + budget + " admitted with " + perCore
          + " CPUs per core"));
    }
    String reason = outcome.reason().orElseThrow();
    boolean validatedFirst = reason.equals(Invariant06ExclusiveSumWithinBudget.VALIDATION)
        && PodRules.aggregateExceedsBudget(admit.pod());
    if (!EARLIER_REASONS.contains(reason) && !validatedFirst) {
      return List.of(Violation.ofPod(number(), admit.pod().uid(), "budget " + budget + " with " + perCore
          + " CPUs per core rejected with " + reason + " instead of SMTAlignmentError"));
    }
    return List.of();
  }
}
