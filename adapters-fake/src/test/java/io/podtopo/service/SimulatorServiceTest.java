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
import io.podtopo.domain.cpumanager.StaticPolicyOptions;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.ports.in.Scenario;
import io.podtopo.ports.in.ScenarioResult;
import io.podtopo.ports.in.ScenarioStep;
import io.podtopo.ports.in.StepOutcome;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link SimulatorService}: every step reported, deterministic, in step with the node service but for
 * what the kubelet keeps of a refused pod, restarts, and a node restored from a state.
 */
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
      if (step instanceof ScenarioStep.Admit admit) {
        node.admit(admit.pod());
      } else if (step instanceof ScenarioStep.RemoveContainer removal) {
        node.removeContainer(removal.podUid(), removal.containerName());
      } else {
        node.removePod(((ScenarioStep.RemovePod) step).podUid());
      }
    }

    assertThat(new SimulatorService().run(SCENARIO).finalSnapshot()).isEqualTo(node.snapshot());
  }

  /**
   * D-43: a pod refused after its hints were stored (pod scope, best-effort: its exclusive container
   * takes its whole memory budget, EmptyPodSharedPoolError) leaves them in kubelet v1.37's memory, even
   * once the pod is removed (its Topology Manager saw none of its containers start), and the simulator
   * shows them, as the conformance reference always has; the node service keeps no residue of a refused
   * pod (its port's promise).
   */
  @Test
  void d43_aRefusedPodsStoredHintsStayInTheSimulatorAsInKubeletV137ButNeverReachTheNodeService() {
    NodeConfig bestEffort = new NodeConfig.Builder().from(podScope())
        .topologyManagerPolicy(TopologyManagerPolicy.BEST_EFFORT).build();
    Pod starved = new Pod.Builder().from(hybrid("p", "3")).containers(List.of(
        ServiceFixtures.guaranteed("app", "1", "2Gi"), Container.named("log"))).build();
    ScenarioResult result = new SimulatorService().run(new Scenario.Builder().machine(MACHINE).config(bestEffort)
        .addSteps(ScenarioStep.admit(starved), ScenarioStep.removePod("p")).build());
    NodeResourceManagerService node = new NodeResourceManagerService(bestEffort, CatalogMachineSource.of(MACHINE),
        new InMemoryAllocationStore(), new RecordingCpusetWriter(), new InMemoryMetricsRecorder());

    Admission refused = node.admit(starved);

    assertThat(refused.reason()).contains("EmptyPodSharedPoolError");
    assertThat(result.outcomes().get(0).admission()).contains(refused);
    assertThat(result.outcomes().get(0).after().state().topologyHints()).containsOnlyKeys("p");
    assertThat(result.outcomes().get(0).after().activePods()).isEmpty();
    assertThat(result.finalSnapshot()).isEqualTo(result.outcomes().get(0).after());
    assertThat(node.snapshot()).isEqualTo(result.initial());
  }

  /** A restart the managers refuse (upstream validateState) is the kubelet not starting: the run ends there. */
  @Test
  void aRestartTheManagersRefuseEndsTheRunWithTheirError() {
    NodeConfig strict = new NodeConfig.Builder().from(podScope())
        .topologyManagerPolicy(TopologyManagerPolicy.NONE)
        .putCpuManagerPolicyOption(StaticPolicyOptions.STRICT_CPU_RESERVATION, "true").build();
    Scenario scenario = new Scenario.Builder().machine(MACHINE).config(strict)
        .addSteps(ScenarioStep.admit(guaranteed("all", "7")), ScenarioStep.restart(), ScenarioStep.removePod("all"))
        .build();

    ScenarioResult result = new SimulatorService().run(scenario);

    assertThat(result.outcomes()).hasSize(2);
    assertThat(result.outcomes().get(1).startError()).contains("start cpu manager error: default cpuset cannot be empty");
    assertThat(result.finalSnapshot().activePods()).extracting(Pod::uid).containsExactly("all");
  }

  /**
   * A node restored from a state without its pods' specs (a kubelet's checkpoint files): its pods are
   * active, admitted again they keep their allocation (spec behaviour, invariant 24), and one never
   * admitted again is removed by its entries.
   */
  @Test
  void invariant24_aRestoredStatesPodsAreActiveAndARemovedOneGoesByItsEntries() {
    NodeConfig spec = new NodeConfig.Builder().from(podScope()).behaviour(Behaviour.SPEC).build();
    NodeState saved = new SimulatorService().run(new Scenario.Builder().machine(MACHINE).config(spec)
        .addSteps(ScenarioStep.admit(hybrid("p1", "2")), ScenarioStep.admit(guaranteed("g1", "2"))).build())
        .finalSnapshot().state();
    NodeState restored = NodeResourceManagers.create(spec, MACHINE).start(saved);

    ScenarioResult result = new SimulatorService().run(new Scenario.Builder().machine(MACHINE).config(spec)
        .restoredState(restored)
        .addSteps(ScenarioStep.admit(hybrid("p1", "2")), ScenarioStep.removePod("g1")).build());

    assertThat(result.initial().activePods()).isEmpty();
    assertThat(result.outcomes().get(0).admission().orElseThrow().admitted()).isTrue();
    assertThat(result.outcomes().get(0).after().state().cpu()).isEqualTo(restored.cpu());
    assertThat(result.finalSnapshot().activePods()).extracting(Pod::uid).containsExactly("p1");
    assertThat(result.finalSnapshot().state().cpu().entries()).containsOnlyKeys("p1");
    assertThat(result.finalSnapshot().state().memory().containerEntries()).containsOnlyKeys("p1");
  }
}
