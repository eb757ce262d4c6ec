package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.ScenarioStep;
import java.util.List;
import java.util.Optional;

/**
 * §15.7: a pod-level pod whose long-running containers are all eligible with Σ == budget is admitted:
 * more generally, {@code EmptyPodSharedPoolError} is given only when the §6.3 walk (CPU, or memory
 * for some type of the budget) finds a shared container left with nothing. Whether there is room on
 * the node is another matter: such a pod may still be refused for lack of CPUs or topology.
 */
public final class Invariant07EmptyPoolRejectionOnlyWhenStarved extends NumberedInvariant
    implements TransitionInvariant {

  public Invariant07EmptyPoolRejectionOnlyWhenStarved() {
    super(7, "A pod whose LR containers are all eligible with Σ == budget is admitted");
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit) || admission.orElseThrow().admitted()) {
      return List.of();
    }
    Admission outcome = admission.orElseThrow();
    Pod pod = admit.pod();
    boolean emptyPool = outcome.reason().orElseThrow().equals(Invariant06ExclusiveSumWithinBudget.EMPTY_POD_SHARED_POOL);
    if (!emptyPool) {
      return List.of();
    }
    boolean cpuStarved = PodRules.podLevelCpu(after.config(), pod) && PodRules.podCpuBudget(pod) > 0
        && PodRules.cpuPoolProblem(pod).isPresent();
    boolean memoryStarved = PodRules.podLevelMemory(after.config(), pod) && PodRules.memoryPoolProblem(pod).isPresent();
    if (cpuStarved || memoryStarved) {
      return List.of();
    }
    return List.of(Violation.ofPod(number(), pod.uid(), "rejected with EmptyPodSharedPoolError ("
        + outcome.message().orElse("") + ") although every shared container keeps CPUs and memory"));
  }
}
