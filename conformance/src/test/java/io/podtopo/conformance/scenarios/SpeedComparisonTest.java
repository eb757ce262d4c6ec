package io.podtopo.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.ReferenceSubject;
import io.podtopo.conformance.vectors.Subject;
import io.podtopo.conformance.vectors.VectorKinds;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyManagerOptions;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 23, "speed side by side": {@link SpeedComparison} times the same admissions in podtopo and in a
 * testee that answers {@code "timing"} (FORMAT.md), and compares their decisions as the differential
 * does; {@link SpeedScenarios} builds the pod-scope scenarios it times.
 */
@Tag("one-jvm") // alone, after the other tests (pom.xml): it times admissions
class SpeedComparisonTest {

  private static final ReferenceSubject REFERENCE = new ReferenceSubject(VectorKinds.reference());
  private static final long GI = 1L << 30;

  /** {@code nodes} NUMA nodes of eight 2-thread cores each, 16 GiB per node. */
  private static Machine machine(int nodes) {
    List<Cpu> cpus = new ArrayList<>();
    int perNode = 8;
    for (int node = 0; node < nodes; node++) {
      for (int core = 0; core < perNode; core++) {
        int id = node * perNode + core;
        cpus.add(Cpu.of(id, id, 0, node, 0));
        cpus.add(Cpu.of(id + nodes * perNode, id, 0, node, 0));
      }
    }
    Machine.Builder machine = new Machine.Builder().name(nodes + "-nodes").cpus(cpus);
    for (int node = 0; node < nodes; node++) {
      machine.addNumaNode(NumaNode.of(node, 16 * GI));
    }
    return machine.build();
  }

  @Test
  void timedAnswerIsTheAnswerWithTheMedianTimeOfEachAdmission() {
    NodeScenario scenario = new NodeScenario(machine(2), SpeedScenarios.podScope(machine(2), true).config(),
        NodeScenario.KUBELET, List.of(SpeedScenarios.podScope(machine(2), true).steps().get(0),
            ScenarioStep.removePod("p0"), SpeedScenarios.podScope(machine(2), true).steps().get(1)));

    ObjectNode timed = ReferenceScenarioRun.timed(scenario, 3);

    assertThat(Differential.expectation(timed)).isEqualTo(Differential.expectation(ReferenceScenarioRun.answer(scenario)));
    assertThat(timed.path("timings").path("runs").asInt()).isEqualTo(3);
    JsonNode steps = timed.path("timings").path("steps");
    assertThat(steps).hasSize(3);
    assertThat(steps.get(0).asLong()).isPositive();
    assertThat(steps.get(1).isNull()).as("a removal admits nothing").isTrue();
    assertThat(steps.get(2).asLong()).isPositive();
    assertThatThrownBy(() -> ReferenceScenarioRun.timed(scenario, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theScenariosAdmitTwoPodLevelPodsPerNumaNodeInPodScope() {
    NodeScenario four = SpeedScenarios.podScope(machine(4), true);
    NodeScenario wide = SpeedScenarios.podScope(machine(12), false);

    assertThat(four.steps()).hasSize(8).allMatch(step -> step instanceof ScenarioStep.Admit admit
        && admit.pod().isPodLevelResourcesSet());
    assertThat(four.config().memoryManagerPolicy()).isEqualTo(MemoryManagerPolicy.STATIC);
    assertThat(four.config().topologyManagerPolicyOptions()).doesNotContainKey(TopologyManagerOptions.MAX_ALLOWABLE_NUMA_NODES);
    assertThat(wide.config().memoryManagerPolicy()).isEqualTo(MemoryManagerPolicy.NONE);
    assertThat(wide.config().topologyManagerPolicyOptions())
        .containsEntry(TopologyManagerOptions.MAX_ALLOWABLE_NUMA_NODES, "12");
    JsonNode answer = ReferenceScenarioRun.answer(four);
    answer.path("steps").forEach(step -> assertThat(step.path("decision").path("admitted").asBoolean())
        .as(step.path("decision").toString()).isTrue());
    Pod first = ((ScenarioStep.Admit) four.steps().get(0)).pod();
    assertThat(answer.path("steps").get(0).path("pods").path(first.uid()).path("containers").path("main")
        .path("isolation").asText()).isEqualTo("container");
  }

  @Test
  void aTesteeDecidingAlikeIsTimedBesidePodtopo() {
    NodeScenario scenario = SpeedScenarios.podScope(machine(2), true);

    SpeedComparison.Row row = new SpeedComparison(REFERENCE, 2).measure("two nodes", scenario);

    assertThat(row.sameDecisions()).as(String.join("\n", row.differences())).isTrue();
    assertThat(row.admissions()).isEqualTo(4);
    assertThat(row.numaNodes()).isEqualTo(2);
    assertThat(row.memoryManager()).isTrue();
    assertThat(row.testeeNanos()).isPositive();
    assertThat(row.podtopoNanos()).isPositive();
  }

  @Test
  void aTesteeDecidingOtherwiseIsReportedWithItsDifferences() {
    Subject refusesTheFirstPod = ChangedReference.changing("changed", answer -> {
      ((ObjectNode) answer.path("steps").get(0).path("decision")).put("admitted", false);
      return answer;
    });

    SpeedComparison.Row row = new SpeedComparison(refusesTheFirstPod, 1).measure("two nodes",
        SpeedScenarios.podScope(machine(2), false));

    assertThat(row.sameDecisions()).isFalse();
    assertThat(row.differences()).anyMatch(difference -> difference.contains("decision"));
  }

  @Test
  void aTesteeThatDoesNotTimeAdmissionsIsRefused() {
    Subject untimed = ChangedReference.changing("changed", answer -> {
      answer.remove("timings");
      return answer;
    });

    assertThatThrownBy(() -> new SpeedComparison(untimed, 1).measure("two nodes",
        SpeedScenarios.podScope(machine(2), false)))
        .isInstanceOf(SpeedComparison.NotTimedException.class)
        .hasMessageContaining("answered without \"timings\"");
    assertThatThrownBy(() -> new SpeedComparison(REFERENCE, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
