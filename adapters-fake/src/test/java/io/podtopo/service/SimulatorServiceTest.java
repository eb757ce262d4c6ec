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
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.Scenario;
import io.podtopo.ports.in.ScenarioResult;
import io.podtopo.ports.in.ScenarioStep;
import io.podtopo.ports.in.StepOutcome;
import java.util.Map;
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

  /**
   * Deterministic: the scenario ends in the state worked out from the rules, not merely in the state
   * of another run in this JVM. {@code p1} (budget 2) is aligned to NUMA node 0, the lowest of the
   * narrowest hints, and packed on its lowest free CPUs {1,2} beside reserved CPU 0; {@code app} takes
   * CPU 1 and the pod shared pool is CPU 2 (the removed {@code log} keeps its entry while its pod is
   * active, as the kubelet keeps it, NA-21); {@code g1} went to node 1 and gave its CPUs back.
   */
  @Test
  void theSameScenarioGivesAnEqualResult() {
    CpuManagerState cpu = new SimulatorService().run(SCENARIO).finalSnapshot().state().cpu();

    assertThat(cpu.podCpus("p1")).contains(CpuSet.of(1, 2));
    assertThat(cpu.entries()).isEqualTo(Map.of("p1", Map.of("app", CpuSet.of(1), "log", CpuSet.of(2))));
    assertThat(cpu.defaultCpuSet()).isEqualTo(CpuSet.of(0, 3, 4, 5, 6, 7));
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
