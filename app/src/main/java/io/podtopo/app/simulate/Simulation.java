package io.podtopo.app.simulate;

import io.podtopo.app.input.ScenarioScript;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.Scenario;
import io.podtopo.ports.in.ScenarioResult;
import io.podtopo.ports.in.ScenarioStep;
import io.podtopo.ports.in.Simulator;
import io.podtopo.ports.in.StepOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code podtopo simulate}'s runs: a script's steps run by the {@link Simulator} use case, from an
 * empty node or from the state a kubelet's checkpoints hold, and what each step did and each pod got
 * gathered into the {@link SimulationRun} the reports show.
 */
public final class Simulation {

  private final Simulator simulator;

  /** Runs through {@code simulator}. */
  public Simulation(Simulator simulator) {
    this.simulator = simulator;
  }

  /** Runs {@code script} on a node that has admitted nothing yet, telling {@code progress} before each step. */
  public SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers, ScenarioScript script,
      Simulator.StepProgress progress) {
    return run(title, kubeletConfig, managers, Optional.empty(), script, Optional.empty(), progress);
  }

  /**
   * Runs {@code script} on a node whose state the kubelet's checkpoints in {@code directory} hold
   * ({@link KubeletStateStart}); the pods of that state no step admits are reported as pre-existing,
   * named by the pod of {@code given} (the manifests of the run) that has their uid.
   */
  public SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers,
      KubeletStateStart start, String directory, List<Pod> given, ScenarioScript script,
      Simulator.StepProgress progress) {
    Set<String> admitted = script.steps().stream().filter(ScenarioStep.Admit.class::isInstance)
        .map(step -> ((ScenarioStep.Admit) step).pod().uid()).collect(Collectors.toSet());
    return run(title, kubeletConfig, managers, Optional.of(start.state()), script, Optional.of(new RestoredStart(
        directory, start.checkpoints(), PreExistingPod.in(start.state(), admitted, given))), progress);
  }

  private SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers,
      Optional<NodeState> restoredState, ScenarioScript script, Optional<RestoredStart> restored,
      Simulator.StepProgress progress) {
    ScenarioResult result = simulator.run(new Scenario.Builder().machine(managers.machine()).config(managers.config())
        .restoredState(restoredState).steps(script.steps()).build(), progress);
    Map<String, PodOutcome> pods = new LinkedHashMap<>();
    List<SimulatedStep> steps = new ArrayList<>();
    for (StepOutcome outcome : result.outcomes()) {
      String pod = script.podNames().get(steps.size());
      if (outcome.step() instanceof ScenarioStep.Admit admit) {
        pods.put(pod, PodOutcome.admitted(admit.pod(), outcome.admission().orElseThrow()));
      } else if (outcome.step() instanceof ScenarioStep.RemovePod) {
        pods.computeIfPresent(pod, (name, earlier) -> earlier.withoutPod());
      } else if (outcome.step() instanceof ScenarioStep.RemoveContainer removal) {
        pods.computeIfPresent(pod, (name, earlier) -> earlier.withoutContainer(removal.containerName()));
      }
      steps.add(new SimulatedStep(steps.size() + 1, outcome.step(), pod, outcome.admission(), outcome.after().state()));
    }
    return new SimulationRun(title, kubeletConfig, managers, List.copyOf(pods.values()), steps,
        result.finalSnapshot().state(), restored);
  }
}
