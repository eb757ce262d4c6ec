package io.podtopo.conformance.invariants;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;

/**
 * §15.13: a container is exclusive iff cpu and memory requests equal their limits and are non-zero
 * (and, for CPUs, the cpu amount is integral). Checked on the admission's assignment (its
 * {@code exclusive} flag) and on the state: an exclusive container holds exactly its request of CPUs,
 * and its own memory request in its blocks (long-running containers; standard init blocks may shrink
 * by reuse outside pod scope).
 */
public final class Invariant13ExclusivityFollowsEligibility extends NumberedInvariant
    implements SnapshotInvariant, TransitionInvariant {

  public Invariant13ExclusivityFollowsEligibility() {
    super(13, "Container exclusivity ⇔ cpu req==lim>0 ∧ mem req==lim>0 (∧ integral cpu for CPUs)");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (Pod pod : snapshot.activePods()) {
      for (Container container : pod.initAndAppContainers()) {
        Optional<CpuSet> cpus = snapshot.state().cpu().containerCpus(pod.uid(), container.name());
        if (PodRules.cpuExclusive(snapshot.config(), pod, container) && cpus.isPresent()
            && cpus.get().size() != PodRules.cpus(container)) {
          violations.add(Violation.ofContainer(number(), pod.uid(), container.name(), "exclusive CPUs \"" + cpus.get()
              + "\" are not its request of " + PodRules.cpus(container)));
        }
        Optional<List<MemoryBlock>> blocks = snapshot.state().memory().containerBlocks(pod.uid(), container.name());
        boolean sizedByRequest = !PodRules.isStandardInit(pod, container.name())
            || PodRules.mode(snapshot.config(), pod) == PodRules.Mode.POD_LEVEL;
        if (PodRules.memoryExclusive(snapshot.config(), pod, container) && blocks.isPresent() && sizedByRequest) {
          SortedMap<String, Long> sizes = StateViews.sizesByType(blocks.get());
          if (!sizes.equals(PodRules.containerMemory(container))) {
            violations.add(Violation.ofContainer(number(), pod.uid(), container.name(), "exclusive memory blocks "
                + blocks.get() + " are not its request " + PodRules.containerMemory(container)));
          }
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
    Pod pod = admit.pod();
    List<Violation> violations = new ArrayList<>();
    for (ContainerAssignment assignment : admission.orElseThrow().assignment().get().containers()) {
      Optional<Container> container = pod.container(assignment.name());
      boolean expected = container.isPresent() && PodRules.cpuExclusive(after.config(), pod, container.get());
      if (assignment.exclusive() != expected) {
        violations.add(Violation.ofContainer(number(), pod.uid(), assignment.name(), "assignment says exclusive="
            + assignment.exclusive() + ", the eligibility rule says " + expected + " (cpus " + assignment.cpus() + ")"));
      }
    }
    return violations;
  }
}
