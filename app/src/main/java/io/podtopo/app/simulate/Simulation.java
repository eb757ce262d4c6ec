package io.podtopo.app.simulate;

import io.podtopo.app.input.ScenarioStep;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Runs scenario steps through the node's resource managers, starting from an empty node or from
 * the state a kubelet's checkpoints hold.
 */
public final class Simulation {

  private Simulation() {}

  /** Told before each step: how many steps are done, of how many, and the pod of the next one. */
  @FunctionalInterface
  public interface Progress {
    void beforeStep(int done, int total, String pod);

    /** Told nothing. */
    static Progress none() {
      return (done, total, pod) -> { };
    }
  }

  /** Runs {@code steps} in order on a node that has admitted nothing yet. */
  public static SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers,
      List<ScenarioStep> steps) {
    return run(title, kubeletConfig, managers, steps, Progress.none());
  }

  /** {@link #run(String, String, NodeResourceManagers, List)}, telling {@code progress} about each step. */
  public static SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers,
      List<ScenarioStep> steps, Progress progress) {
    return run(title, kubeletConfig, managers, managers.initialState(), steps, Optional.empty(), progress);
  }

  /**
   * Runs {@code steps} in order on a node whose state the kubelet's checkpoints in
   * {@code directory} hold ({@link KubeletStateStart}); the pods of that state no step admits are
   * reported as pre-existing.
   */
  public static SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers,
      KubeletStateStart start, String directory, List<ScenarioStep> steps) {
    return run(title, kubeletConfig, managers, start, directory, steps, Progress.none());
  }

  /** {@link #run(String, String, NodeResourceManagers, KubeletStateStart, String, List)} with progress. */
  public static SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers,
      KubeletStateStart start, String directory, List<ScenarioStep> steps, Progress progress) {
    Set<String> admitted = steps.stream().filter(ScenarioStep.Admit.class::isInstance)
        .map(step -> ((ScenarioStep.Admit) step).pod().uid()).collect(Collectors.toSet());
    return run(title, kubeletConfig, managers, start.state(), steps, Optional.of(
        new RestoredStart(directory, start.checkpoints(), PreExistingPod.in(start.state(), admitted))), progress);
  }

  private static SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers,
      NodeState initial, List<ScenarioStep> steps, Optional<RestoredStart> restored, Progress progress) {
    NodeState state = initial;
    Map<String, PodOutcome> outcomes = new LinkedHashMap<>();
    List<StepOutcome> stepOutcomes = new ArrayList<>();
    for (int done = 0; done < steps.size(); done++) {
      ScenarioStep step = steps.get(done);
      progress.beforeStep(done, steps.size(), ScenarioStep.key(step.pod()));
      Optional<Admission> decision = Optional.empty();
      if (step instanceof ScenarioStep.Admit admit) {
        Admission admission = managers.admit(state, admit.pod());
        state = admission.state();
        outcomes.put(ScenarioStep.key(admit.pod()), PodOutcome.admitted(admit.pod(), admission));
        decision = Optional.of(admission);
      } else if (step instanceof ScenarioStep.RemovePod remove) {
        state = managers.removePod(state, remove.pod());
        outcomes.computeIfPresent(ScenarioStep.key(remove.pod()), (key, outcome) -> outcome.withoutPod());
      } else if (step instanceof ScenarioStep.RemoveContainer remove) {
        state = managers.removeContainer(state, remove.pod().uid(), remove.container());
        outcomes.computeIfPresent(ScenarioStep.key(remove.pod()),
            (key, outcome) -> outcome.withoutContainer(remove.container()));
      }
      stepOutcomes.add(new StepOutcome(done + 1, step, decision, state));
    }
    progress.beforeStep(steps.size(), steps.size(), "");
    return new SimulationRun(title, kubeletConfig, managers, List.copyOf(outcomes.values()), stepOutcomes, state,
        restored);
  }
}
