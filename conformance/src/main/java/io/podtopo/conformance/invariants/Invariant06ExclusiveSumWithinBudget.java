package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §15.6: the exclusive CPU requests of the eligible long-running containers of a pod-level pod fit
 * its budget, strictly when a long-running container is shared. A pod that breaks this is rejected
 * with {@code EmptyPodSharedPoolError} under {@code best-effort} and {@code TopologyAffinityError}
 * under {@code restricted} and {@code single-numa-node} (its CPU provider answers "cannot satisfy"),
 * unless its aggregated container requests exceed the budget, which is rejected before any hint with
 * {@code PodLevelResourcesValidationError} (spec §14-Q4).
 */
public final class Invariant06ExclusiveSumWithinBudget extends NumberedInvariant
    implements SnapshotInvariant, TransitionInvariant {

  static final String EMPTY_POD_SHARED_POOL = "EmptyPodSharedPoolError";
  static final String TOPOLOGY_AFFINITY = "TopologyAffinityError";
  /** This project's reason for pods whose container requests exceed the pod budget (spec §14-Q4). */
  static final String VALIDATION = "PodLevelResourcesValidationError";

  public Invariant06ExclusiveSumWithinBudget() {
    super(6, "Σ_{c∈LR eligible} |X(c)| ≤ budget; if any LR container is ineligible then strictly <, else the pod is "
        + "rejected with EmptyPodSharedPoolError (best-effort) or TopologyAffinityError (restricted/single-numa-node)");
  }

  private record Demand(long exclusive, boolean shared) {}

  private static Demand demand(Pod pod) {
    long exclusive = 0;
    boolean shared = false;
    for (Container container : PodRules.longRunning(pod)) {
      if (PodRules.cpuEligible(container)) {
        exclusive += PodRules.cpus(container);
      } else {
        shared = true;
      }
    }
    return new Demand(exclusive, shared);
  }

  private static Optional<String> breach(Pod pod) {
    long budget = PodRules.podCpuBudget(pod);
    Demand demand = demand(pod);
    if (demand.shared() && demand.exclusive() >= budget) {
      return Optional.of("exclusive long-running requests " + demand.exclusive() + " leave nothing of the budget "
          + budget + " for shared containers");
    }
    if (demand.exclusive() > budget) {
      return Optional.of("exclusive long-running requests " + demand.exclusive() + " exceed the budget " + budget);
    }
    return Optional.empty();
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (Pod pod : snapshot.activePods()) {
      if (snapshot.state().cpu().podCpus(pod.uid()).isPresent()) {
        breach(pod).ifPresent(problem -> violations.add(Violation.ofPod(number(), pod.uid(), "admitted, but " + problem)));
      }
    }
    return violations;
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit) || before.isActive(admit.pod().uid())) {
      return List.of();
    }
    Admission outcome = admission.orElseThrow();
    Pod pod = admit.pod();
    if (!PodRules.podLevelCpu(after.config(), pod) || PodRules.podCpuBudget(pod) == 0) {
      return List.of();
    }
    Optional<String> breach = breach(pod);
    if (breach.isEmpty()) {
      return List.of();
    }
    if (outcome.admitted()) {
      return List.of(Violation.ofPod(number(), pod.uid(), "admitted although " + breach.get()));
    }
    TopologyManagerPolicy policy = after.config().topologyManagerPolicy();
    boolean sharedStarved = demand(pod).shared();
    String expected = policy == TopologyManagerPolicy.BEST_EFFORT ? EMPTY_POD_SHARED_POOL : TOPOLOGY_AFFINITY;
    String reason = outcome.reason().orElseThrow();
    boolean validatedFirst = reason.equals(VALIDATION) && PodRules.aggregateExceedsBudget(pod);
    if (sharedStarved && !reason.equals(expected) && !validatedFirst) {
      return List.of(Violation.ofPod(number(), pod.uid(), "rejected with " + reason + " (" + outcome.message()
          .orElse("") + ") instead of " + expected + " under " + policy + ": " + breach.get()));
    }
    return List.of();
  }
}
