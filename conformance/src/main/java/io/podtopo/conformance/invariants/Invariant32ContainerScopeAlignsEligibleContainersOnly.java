package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Resources;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §15.32: in container scope (and under Topology Manager policy {@code none}, which allocates
 * container by container) a Guaranteed pod with pod-level resources has no pod entry; its ineligible
 * containers have no CPU and no memory entries and get nil hints; its eligible containers get their
 * own hints and allocations (each admitted eligible container has its entries).
 */
public final class Invariant32ContainerScopeAlignsEligibleContainersOnly extends NumberedInvariant
    implements SnapshotInvariant, TransitionInvariant {

  public Invariant32ContainerScopeAlignsEligibleContainersOnly() {
    super(32,
        "Container scope with PLR: ineligible containers have no CPU and no memory entries and nil hints; eligible "
        + "ones get independent per-container hints/allocations; no pod entry exists");
  }

  private static boolean applies(ObservedNode snapshot, Pod pod) {
    return PodRules.mode(snapshot.config(), pod) == PodRules.Mode.CONTAINER_LEVEL;
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (Pod pod : snapshot.activePods()) {
      if (!applies(snapshot, pod)) {
        continue;
      }
      if (snapshot.state().cpu().podCpus(pod.uid()).isPresent() || snapshot.state().memory().podBlocks(pod.uid()).isPresent()) {
        violations.add(Violation.ofPod(number(), pod.uid(), "pod entry in container scope: bubble "
            + snapshot.state().cpu().podCpus(pod.uid()) + ", pod memory " + snapshot.state().memory().podBlocks(pod.uid())));
      }
      for (Container container : pod.initAndAppContainers()) {
        if (!PodRules.cpuExclusive(snapshot.config(), pod, container)
            && snapshot.state().cpu().containerCpus(pod.uid(), container.name()).isPresent()) {
          violations.add(Violation.ofContainer(number(), pod.uid(), container.name(), "CPU entry \""
              + snapshot.state().cpu().containerCpus(pod.uid(), container.name()).get() + "\" for a CPU-ineligible container"));
        }
        if (!PodRules.memoryExclusive(snapshot.config(), pod, container)
            && snapshot.state().memory().containerBlocks(pod.uid(), container.name()).isPresent()) {
          violations.add(Violation.ofContainer(number(), pod.uid(), container.name(), "memory entry "
              + snapshot.state().memory().containerBlocks(pod.uid(), container.name()).get()
              + " for a memory-ineligible container"));
        }
      }
    }
    return violations;
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit) || !applies(after, admit.pod())) {
      return List.of();
    }
    Admission outcome = admission.orElseThrow();
    Pod pod = admit.pod();
    List<Violation> violations = new ArrayList<>();
    for (Container container : pod.initAndAppContainers()) {
      Optional<String> name = Optional.of(container.name());
      boolean cpu = PodRules.cpuExclusive(after.config(), pod, container);
      boolean memory = PodRules.memoryExclusive(after.config(), pod, container);
      List<String> hints = TraceViews.preferences(outcome, merge -> merge.container().equals(name),
          resource -> !cpu && resource.equals(Resources.CPU) || !memory && PodRules.memoryKind(resource));
      if (!hints.isEmpty()) {
        violations.add(Violation.ofContainer(number(), pod.uid(), container.name(), "ineligible resources got hints "
            + hints));
      }
      // Once the pod's containers start, a standard init container's memory is dropped (NA-20).
      boolean memoryKept = !pod.initContainers().contains(container) || container.restartable();
      if (outcome.admitted() && (cpu && after.state().cpu().containerCpus(pod.uid(), container.name()).isEmpty()
          || memory && memoryKept && after.state().memory().containerBlocks(pod.uid(), container.name()).isEmpty())) {
        violations.add(Violation.ofContainer(number(), pod.uid(), container.name(), "eligible (cpu " + cpu + ", memory "
            + memory + ") but admitted without its entries"));
      }
    }
    if (outcome.trace().merges().stream().anyMatch(merge -> merge.container().isEmpty())) {
      violations.add(Violation.ofPod(number(), pod.uid(), "a pod-scope merge in container scope"));
    }
    return violations;
  }
}
