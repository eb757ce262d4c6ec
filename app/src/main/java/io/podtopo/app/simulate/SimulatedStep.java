package io.podtopo.app.simulate;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.ScenarioStep;
import java.util.Objects;
import java.util.Optional;

/**
 * One step of a simulation as the reports show it: its number, the step, the pod it names, the
 * admission decision of an admit step, and the node's state after it.
 *
 * @param number the step's place in the run, from 1
 * @param step the step
 * @param pod the pod the step names, as {@code namespace/name}
 * @param admission the decision, for an admit step
 * @param after the node's state after the step
 */
public record SimulatedStep(int number, ScenarioStep step, String pod, Optional<Admission> admission,
    NodeState after) {

  public SimulatedStep {
    if (number < 1) {
      throw new IllegalArgumentException("steps are numbered from 1: " + number);
    }
    Objects.requireNonNull(step, "step");
    Objects.requireNonNull(pod, "pod");
    Objects.requireNonNull(admission, "admission");
    Objects.requireNonNull(after, "after");
  }

  /** {@code admit}, {@code remove} (a pod) or {@code remove-container}. */
  public String action() {
    if (step instanceof ScenarioStep.Admit) {
      return "admit";
    }
    return step instanceof ScenarioStep.RemovePod ? "remove" : "remove-container";
  }

  /**
   * The CPUs an admit step gave its pod: the pod's bubble when it has one (pod scope, pod-level
   * resources), else its containers' exclusive CPUs together (empty when none has any); empty for a
   * rejection or a removal.
   */
  public Optional<CpuSet> admittedCpus() {
    return admission.flatMap(Admission::assignment).map(pod -> pod.podCpus().orElseGet(() ->
        pod.containers().stream().filter(ContainerAssignment::exclusive).flatMap(container -> container.cpus().stream())
            .reduce(CpuSet.empty(), CpuSet::union)));
  }

  /** The container a {@code remove-container} step names. */
  public Optional<String> container() {
    return step instanceof ScenarioStep.RemoveContainer removal ? Optional.of(removal.containerName())
        : Optional.empty();
  }
}
