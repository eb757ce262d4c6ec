package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.TopologyHint;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * §15.19: in pod scope the pod's one merged hint is stored for every init and app container of a pod
 * with pod-level resources (gates on; any QoS class: the Topology Manager stores it before the
 * managers look at the pod). In every snapshot the hints stored for such a pod agree.
 */
public final class Invariant19PodScopeHintSharedByAllContainers extends NumberedInvariant
    implements SnapshotInvariant, TransitionInvariant {

  public Invariant19PodScopeHintSharedByAllContainers() {
    super(19, "In pod scope the same best hint is stored for every init and app container of a PLR pod");
  }

  private static boolean applies(ObservedNode snapshot, Pod pod) {
    return snapshot.config().topologyManagerScope() == TopologyManagerScope.POD
        && snapshot.config().topologyManagerPolicy() != TopologyManagerPolicy.NONE
        && PodRules.gatesOn(snapshot.config()) && PodRules.podLevelResourcesSet(pod);
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (Pod pod : snapshot.activePods()) {
      SortedMap<String, TopologyHint> stored = snapshot.state().topologyHints().get(pod.uid());
      if (!applies(snapshot, pod) || stored == null || stored.values().stream().distinct().count() <= 1) {
        continue;
      }
      violations.add(Violation.ofPod(number(), pod.uid(), "stored hints differ: " + stored));
    }
    return violations;
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit) || !admission.orElseThrow().admitted() || !applies(after, admit.pod())) {
      return List.of();
    }
    Admission outcome = admission.orElseThrow();
    Optional<TopologyHint> merged = outcome.trace().merges().stream()
        .filter(merge -> merge.container().isEmpty()).map(MergeTrace::bestHint).findFirst();
    if (merged.isEmpty()) {
      return List.of(Violation.ofPod(number(), admit.pod().uid(), "no pod-scope merge in the trace "
          + outcome.trace().lines()));
    }
    List<Violation> violations = new ArrayList<>();
    Map<String, TopologyHint> stored = after.state().topologyHints().getOrDefault(admit.pod().uid(), new java.util.TreeMap<>());
    for (Container container : admit.pod().initAndAppContainers()) {
      TopologyHint hint = stored.get(container.name());
      if (!merged.get().equals(hint)) {
        violations.add(Violation.ofContainer(number(), admit.pod().uid(), container.name(), "stored hint " + hint
            + " is not the pod's merged hint " + merged.get()));
      }
    }
    return violations;
  }
}
