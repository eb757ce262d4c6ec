package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §15.8: an eligible standard init container of a pod-level pod gets a slice of its request out of
 * the bubble minus the slices of the sidecars declared before it; a pod whose request does not fit
 * there is not admitted.
 */
public final class Invariant08StandardInitSliceWithinRunnablePool extends NumberedInvariant
    implements SnapshotInvariant, TransitionInvariant {

  public Invariant08StandardInitSliceWithinRunnablePool() {
    super(8, "Standard eligible init container: X ⊆ B − ∪X(sidecars declared before it) and its size ≤ that pool, "
        + "else rejected");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (PodPartition partition : PodPartition.all(snapshot)) {
      Pod pod = partition.pod();
      for (int i = 0; i < pod.initContainers().size(); i++) {
        Container init = pod.initContainers().get(i);
        Optional<CpuSet> slice = snapshot.state().cpu().containerCpus(pod.uid(), init.name());
        if (init.restartable() || !PodRules.cpuEligible(init) || slice.isEmpty()) {
          continue;
        }
        CpuSet runnable = partition.bubble().difference(sidecarSlices(snapshot, pod, i));
        if (!slice.get().isSubsetOf(runnable) || slice.get().size() != PodRules.cpus(init)) {
          violations.add(Violation.ofContainer(number(), pod.uid(), init.name(), "slice \"" + slice.get()
              + "\" (request " + PodRules.cpus(init) + ") is not a subset of the bubble minus earlier sidecars \""
              + runnable + "\" of that size"));
        }
      }
    }
    return violations;
  }

  static CpuSet sidecarSlices(ObservedNode snapshot, Pod pod, int index) {
    CpuSet.Builder slices = new CpuSet.Builder();
    for (Container sidecar : PodRules.eligibleSidecarsBefore(pod, index)) {
      snapshot.state().cpu().containerCpus(pod.uid(), sidecar.name()).ifPresent(slices::addAll);
    }
    return slices.build();
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit) || !admission.orElseThrow().admitted()
        || !PodRules.podLevelCpu(after.config(), admit.pod())) {
      return List.of();
    }
    Pod pod = admit.pod();
    long budget = PodRules.podCpuBudget(pod);
    List<Violation> violations = new ArrayList<>();
    for (int i = 0; i < pod.initContainers().size() && budget > 0; i++) {
      Container init = pod.initContainers().get(i);
      long sidecars = PodRules.eligibleSidecarsBefore(pod, i).stream().mapToLong(PodRules::cpus).sum();
      if (!init.restartable() && PodRules.cpuEligible(init) && PodRules.cpus(init) > budget - sidecars) {
        violations.add(Violation.ofContainer(number(), pod.uid(), init.name(), "admitted although it requests "
            + PodRules.cpus(init) + " CPUs and only " + (budget - sidecars) + " are left beside earlier sidecars"));
      }
    }
    return violations;
  }
}
