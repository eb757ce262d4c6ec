package io.podtopo.app.simulate;

import io.podtopo.app.input.ScenarioStep;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Runs scenario steps through the node's resource managers, starting from an empty node. */
public final class Simulation {

  private Simulation() {}

  /** Runs {@code steps} in order on a node that has admitted nothing yet. */
  public static SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers,
      List<ScenarioStep> steps) {
    NodeState state = managers.initialState();
    Map<String, PodOutcome> outcomes = new LinkedHashMap<>();
    for (ScenarioStep step : steps) {
      if (step instanceof ScenarioStep.Admit admit) {
        Admission admission = managers.admit(state, admit.pod());
        state = admission.state();
        outcomes.put(ScenarioStep.key(admit.pod()), PodOutcome.admitted(admit.pod(), admission));
      } else if (step instanceof ScenarioStep.RemovePod remove) {
        state = managers.removePod(state, remove.pod());
        outcomes.computeIfPresent(ScenarioStep.key(remove.pod()), (key, outcome) -> outcome.withoutPod());
      } else if (step instanceof ScenarioStep.RemoveContainer remove) {
        state = managers.removeContainer(state, remove.pod().uid(), remove.container());
        outcomes.computeIfPresent(ScenarioStep.key(remove.pod()),
            (key, outcome) -> outcome.withoutContainer(remove.container()));
      }
    }
    return new SimulationRun(title, kubeletConfig, managers, List.copyOf(outcomes.values()), state);
  }
}
