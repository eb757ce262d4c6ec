package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Resources;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §15.28 (upstream {@code GetResourceIsolationLevel}, spec §6.6): a container without a CPU entry is
 * {@code host}; with one, a container of a pod with pod-level resources under the
 * {@code PodLevelResourceManagers} gate that is not equivalent-Guaranteed with an integral cpu limit
 * is {@code pod}; any other is {@code container}. Checked on each admitted container's assignment
 * against the state after the admission.
 */
public final class Invariant28IsolationLevelRule extends NumberedInvariant implements TransitionInvariant {

  public Invariant28IsolationLevelRule() {
    super(28, "Isolation level: no entry → host; PLR ∧ PLRM ∧ not exclusive-eligible → pod; else container");
  }

  static ResourceIsolationLevel expected(ObservedNode snapshot, Pod pod, String containerName) {
    Optional<Container> container = pod.container(containerName);
    if (container.isEmpty() || snapshot.state().cpu().containerCpus(pod.uid(), containerName).isEmpty()) {
      return ResourceIsolationLevel.HOST;
    }
    boolean eligible = PodRules.equivalentGuaranteed(container.get())
        && container.get().limit(Resources.CPU).map(PodRules::integral).orElse(false);
    boolean podLevelManagers = snapshot.config().featureGates().enabled(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS);
    if (podLevelManagers && PodRules.podLevelResourcesSet(pod) && !eligible) {
      return ResourceIsolationLevel.POD;
    }
    return ResourceIsolationLevel.CONTAINER;
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit) || admission.orElseThrow().assignment().isEmpty()) {
      return List.of();
    }
    List<Violation> violations = new ArrayList<>();
    for (ContainerAssignment container : admission.orElseThrow().assignment().get().containers()) {
      ResourceIsolationLevel expected = expected(after, admit.pod(), container.name());
      if (container.isolation() != expected) {
        violations.add(Violation.ofContainer(number(), admit.pod().uid(), container.name(), "isolation "
            + container.isolation() + ", the rule gives " + expected));
      }
    }
    return violations;
  }
}
