package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §15.30 (spec §9.2): for a pod that is not a pod-level pod in pod scope (container scope, no
 * pod-level resources, gates off, not Guaranteed) the pod {@code cpu_ids} and {@code memory} are
 * empty; its containers report only exclusive resources.
 */
public final class Invariant30PodResourcesOutsidePodScope extends NumberedInvariant implements PodResourcesInvariant {

  public Invariant30PodResourcesOutsidePodScope() {
    super(30, "PodResources (container scope or non-PLR pod): pod.cpu_ids and pod.memory empty");
  }

  @Override
  public List<Violation> checkPodResources(ObservedNode snapshot, PodResourcesView view) {
    List<Violation> violations = new ArrayList<>();
    for (Pod pod : snapshot.activePods()) {
      Optional<PodResources> listed = view.pod(pod.name(), pod.namespace());
      if (listed.isEmpty() || PodRules.mode(snapshot.config(), pod) == PodRules.Mode.POD_LEVEL) {
        continue;
      }
      if (!listed.get().cpuIds().isEmpty() || !listed.get().memory().isEmpty()) {
        violations.add(Violation.ofPod(number(), pod.uid(), "pod cpu_ids \"" + listed.get().cpuIds() + "\", memory "
            + listed.get().memory() + " outside pod scope"));
      }
      for (ContainerResources container : listed.get().containers()) {
        violations.addAll(Invariant29PodResourcesInPodScope.ContainerReport.check(number(), snapshot, pod, container));
      }
    }
    return violations;
  }
}
