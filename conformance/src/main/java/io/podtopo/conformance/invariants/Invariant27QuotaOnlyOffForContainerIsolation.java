package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * §15.27: CFS quota is disabled iff the container's isolation level is {@code container}; pod-shared
 * and host containers keep their quota. The quota is written by the cgroup adapter from what the
 * admission reports ({@code exclusive}, the isolation level); both are checked here against the
 * state, not against each other: a container reported quota-free ({@code exclusive}, or isolation
 * {@code container}) must hold CPUs that nothing else runs on while it runs, i.e. a CPU entry of its
 * own, disjoint from the default (node shared) set, from every CPU entry of other pods and from the
 * entries of the containers of its pod that run beside it: for a long-running container the other
 * long-running ones; for a standard init container the exclusive sidecars declared before it (spec
 * §6.2 takes its slice from the bubble minus those; an ineligible sidecar's pod shared pool may cover
 * it, as upstream's partition makes it). A container without an entry (node shared pool) or sharing
 * its CPUs (a pod shared pool) that is reported quota-free is a violation.
 */
public final class Invariant27QuotaOnlyOffForContainerIsolation extends NumberedInvariant
    implements TransitionInvariant {

  public Invariant27QuotaOnlyOffForContainerIsolation() {
    super(27, "CFS quota disabled iff isolation level == container; pod-shared and host containers keep quota");
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit) || admission.orElseThrow().assignment().isEmpty()) {
      return List.of();
    }
    List<Violation> violations = new ArrayList<>();
    for (ContainerAssignment container : admission.orElseThrow().assignment().get().containers()) {
      boolean quotaOff = container.exclusive() || container.isolation() == ResourceIsolationLevel.CONTAINER;
      if (!quotaOff) {
        continue;
      }
      sharing(after, admit.pod(), container.name()).ifPresent(shared -> violations.add(
          Violation.ofContainer(number(), admit.pod().uid(), container.name(), "quota off (exclusive "
              + container.exclusive() + ", isolation " + container.isolation() + ") but " + shared)));
    }
    return violations;
  }

  /** Why the container's CPUs are not its alone, if they are not. */
  static Optional<String> sharing(ObservedNode snapshot, Pod pod, String name) {
    CpuManagerState cpu = snapshot.state().cpu();
    Optional<CpuSet> own = cpu.containerCpus(pod.uid(), name);
    if (own.isEmpty()) {
      return Optional.of("it has no CPU entry: it runs on the node shared pool");
    }
    CpuSet cpus = own.get();
    if (cpus.intersects(cpu.defaultCpuSet())) {
      return Optional.of("its CPUs " + cpus + " meet the default set " + cpu.defaultCpuSet());
    }
    for (Map.Entry<String, ? extends Map<String, CpuSet>> other : cpu.entries().entrySet()) {
      if (other.getKey().equals(pod.uid())) {
        continue;
      }
      for (Map.Entry<String, CpuSet> entry : other.getValue().entrySet()) {
        if (cpus.intersects(entry.getValue())) {
          return Optional.of("its CPUs " + cpus + " meet " + other.getKey() + "/" + entry.getKey() + "'s "
              + entry.getValue());
        }
      }
    }
    for (Container beside : runningBeside(snapshot, pod, name)) {
      Optional<CpuSet> theirs = cpu.containerCpus(pod.uid(), beside.name());
      if (theirs.isPresent() && cpus.intersects(theirs.get())) {
        return Optional.of("its CPUs " + cpus + " meet those of " + beside.name() + ", " + theirs.get());
      }
    }
    return Optional.empty();
  }

  /**
   * The containers of the pod whose CPUs must not meet those of an exclusive {@code name}: for a
   * long-running container the other long-running ones; for a standard init container the sidecars
   * declared before it that the spec makes exclusive.
   */
  private static List<Container> runningBeside(ObservedNode snapshot, Pod pod, String name) {
    if (PodRules.isStandardInit(pod, name)) {
      List<Container> sidecars = new ArrayList<>();
      for (Container init : pod.initContainers()) {
        if (init.name().equals(name)) {
          break;
        }
        if (init.restartable() && PodRules.cpuExclusive(snapshot.config(), pod, init)) {
          sidecars.add(init);
        }
      }
      return sidecars;
    }
    return PodRules.longRunning(pod).stream().filter(c -> !c.name().equals(name)).toList();
  }
}
