package io.podtopo.service;

import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.in.Scenario;
import io.podtopo.ports.in.ScenarioResult;
import io.podtopo.ports.in.Simulator;
import io.podtopo.ports.in.StepOutcome;

/**
 * The {@link Simulator}: the one loop over {@link io.podtopo.ports.in.ScenarioStep}s, each taken by a
 * {@link NodeRun} from the scenario's node (empty, or its restored state). Pure: no store, no cgroup
 * writer, no metrics.
 */
public final class SimulatorService implements Simulator {

  @Override
  public ScenarioResult run(Scenario scenario, StepProgress progress) {
    NodeResourceManagers managers = NodeResourceManagers.create(scenario.config(), scenario.machine());
    NodeRun node = scenario.restoredState().map(state -> NodeRun.restoredAt(managers, state))
        .orElseGet(() -> NodeRun.at(managers, NodeSnapshot.of(managers.initialState())));
    ScenarioResult.Builder result = new ScenarioResult.Builder().managers(managers).initial(node.snapshot());
    int total = scenario.steps().size();
    for (int done = 0; done < total; done++) {
      progress.at(done, total);
      StepOutcome outcome = node.take(scenario.steps().get(done));
      result.addOutcome(outcome);
      if (outcome.startError().isPresent()) {
        break;
      }
    }
    progress.at(total, total);
    return result.build();
  }
}
