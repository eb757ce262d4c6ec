package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §15.33: ephemeral containers have no CPU or memory entry and no stored hint, and are admitted onto
 * the node shared pool (no CPUs of their own, isolation {@code host}, no memory).
 */
public final class Invariant33EphemeralContainersGetNothing extends NumberedInvariant
    implements SnapshotInvariant, TransitionInvariant {

  public Invariant33EphemeralContainersGetNothing() {
    super(33, "Ephemeral containers never receive entries and run on D");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (Pod pod : snapshot.activePods()) {
      for (Container ephemeral : pod.ephemeralContainers()) {
        if (StateViews.hasEntry(snapshot.state(), pod.uid(), ephemeral.name())
            || snapshot.state().topologyHint(pod.uid(), ephemeral.name()).isPresent()) {
          violations.add(Violation.ofContainer(number(), pod.uid(), ephemeral.name(), "ephemeral container has state: cpus "
              + snapshot.state().cpu().containerCpus(pod.uid(), ephemeral.name()) + ", memory "
              + snapshot.state().memory().containerBlocks(pod.uid(), ephemeral.name()) + ", hint "
              + snapshot.state().topologyHint(pod.uid(), ephemeral.name())));
        }
      }
    }
    return violations;
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit) || admission.orElseThrow().assignment().isEmpty()) {
      return List.of();
    }
    List<Violation> violations = new ArrayList<>();
    for (ContainerAssignment container : admission.orElseThrow().assignment().get().containers()) {
      if (PodRules.isEphemeral(admit.pod(), container.name()) && (container.cpus().isPresent() || container.exclusive()
          || container.isolation() != ResourceIsolationLevel.HOST || !container.memory().isEmpty())) {
        violations.add(Violation.ofContainer(number(), admit.pod().uid(), container.name(), "ephemeral container assigned "
            + container));
      }
    }
    return violations;
  }
}
