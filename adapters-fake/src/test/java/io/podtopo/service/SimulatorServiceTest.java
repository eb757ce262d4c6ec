package io.podtopo.service;

import static io.podtopo.service.ServiceFixtures.MACHINE;
import static io.podtopo.service.ServiceFixtures.bestEffort;
import static io.podtopo.service.ServiceFixtures.guaranteed;
import static io.podtopo.service.ServiceFixtures.hybrid;
import static io.podtopo.service.ServiceFixtures.podScope;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.Scenario;
import io.podtopo.ports.in.ScenarioResult;
import io.podtopo.ports.in.ScenarioStep;
import io.podtopo.ports.in.StepOutcome;
import org.junit.jupiter.api.Test;

/** {@link SimulatorService}: every step reported, deterministic, and in step with the node service. */
class SimulatorServiceTest {

  private static final Scenario SCENARIO = new Scenario.Builder().machine(MACHINE).config(podScope())
      .addStep(ScenarioStep.admit(hybrid("p1", "2")))
      .addStep(ScenarioStep.admit(guaranteed("huge", "6")))
      .addStep(ScenarioStep.admit(bestEffort("be")))
      .addStep(ScenarioStep.removeContainer("p1", "log"))
      .addStep(ScenarioStep.admit(guaranteed("g1", "2")))
      .addStep(ScenarioStep.removePod("nobody"))
      .addStep(ScenarioStep.removePod("g1"))
      .build();

  @Test
  void everyStepHasAnOutcomeAndOnlyAdmitStepsAnAdmission() {
    ScenarioResult result = new SimulatorService().run(SCENARIO);

    assertThat(result.outcomes()).extracting(StepOutcome::step).isEqualTo(SCENARIO.steps());
    assertThat(result.outcomes()).extracting(outcome -> outcome.admission().map(a -> a.admitted()).orElse(null))
        .containsExactly(true, false, true, null, true, null, null);
    assertThat(result.finalSnapshot()).isEqualTo(result.outcomes().get(6).after());
    assertThat(result.finalSnapshot().activePods()).extracting(Pod::uid).containsExactly("p1", "be");
  }

  @Test
  void theSameScenarioGivesAnEqualResult() {
    assertThat(new SimulatorService().run(SCENARIO)).isEqualTo(new SimulatorService().run(SCENARIO));
  }

  @Test
  void theSimulatorEndsWhereTheNodeServiceEndsAfterTheSameOperations() {
    NodeResourceManagerService node = new NodeResourceManagerService(podScope(), CatalogMachineSource.of(MACHINE),
        new InMemoryAllocationStore(), new RecordingCpusetWriter(), new InMemoryMetricsRecorder());
    for (ScenarioStep step : SCENARIO.steps()) {
      switch (step.kind()) {
        case ADMIT -> node.admit(step.pod().orElseThrow());
        case REMOVE_CONTAINER -> node.removeContainer(step.podUid(), step.containerName().orElseThrow());
        case REMOVE_POD -> node.removePod(step.podUid());
      }
    }

    assertThat(new SimulatorService().run(SCENARIO).finalSnapshot()).isEqualTo(node.snapshot());
  }
}
