package io.podtopo.service;

import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.in.Scenario;
import io.podtopo.ports.in.ScenarioResult;
import io.podtopo.ports.in.ScenarioStep;
import io.podtopo.ports.in.Simulator;
import io.podtopo.ports.in.StepOutcome;

/**
 * The {@link Simulator}: the domain's admission and removal functions applied step by step from the
 * initial state of the scenario's node. Pure: no store, no cgroup writer, no metrics.
 */
public final class SimulatorService implements Simulator {

  @Override
  public ScenarioResult run(Scenario scenario) {
    NodeOperations node = new NodeOperations(NodeResourceManagers.create(scenario.config(), scenario.machine()));
    NodeSnapshot current = NodeSnapshot.of(node.managers().initialState());
    ScenarioResult.Builder result = new ScenarioResult.Builder();
    for (ScenarioStep step : scenario.steps()) {
      StepOutcome.Builder outcome = new StepOutcome.Builder().step(step);
      switch (step.kind()) {
        case ADMIT -> {
          NodeOperations.Admitted admitted = node.admit(current, step.pod().orElseThrow());
          outcome.admission(admitted.admission());
          current = admitted.after();
        }
        case REMOVE_CONTAINER -> current = node.removeContainer(current, step.podUid(), step.containerName().orElseThrow());
        case REMOVE_POD -> current = node.removePod(current, step.podUid());
      }
      result.addOutcome(outcome.after(current).build());
    }
    return result.finalSnapshot(current).build();
  }
}
