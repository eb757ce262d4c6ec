package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.GI;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static io.podtopo.domain.node.NodeFixtures.managers;
import static io.podtopo.domain.node.NodeFixtures.podLevel;
import static io.podtopo.domain.node.NodeFixtures.shared;
import static io.podtopo.domain.node.NodeFixtures.sidecar;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import org.junit.jupiter.api.Test;

/**
 * How the kubelet's internal container lifecycle touches the managers (NA-20, NA-21): starting an
 * admitted pod's containers drops its standard init containers' memory (the Memory Manager's
 * {@code AddContainer}); a container that exits keeps its entries, only its stored hint goes
 * ({@code PostStopContainer}). Checked against kubelet v1.37.2 by the node-scenario oracle.
 */
class KubeletContainerLifecycleTest {

  private final NodeResourceManagers podScope = managers(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD);

  private static Pod mixedPod(String uid) {
    return podLevel(uid, "6", "6Gi")
        .addInitContainers(gu("init", "2", "1Gi"), sidecar(gu("side", "1", "1Gi")))
        .addContainers(gu("main", "2", "2Gi"), shared("log"))
        .build();
  }

  @Test
  void na20_startingTheContainersDropsTheStandardInitContainersMemoryOnly() {
    NodeState admitted = podScope.admit(podScope.initialState(), mixedPod("p")).state();
    assertThat(admitted.memory().containerBlocks("p", "init")).isPresent();

    NodeState started = podScope.startContainers(admitted, mixedPod("p"));

    assertThat(started.memory().containerBlocks("p", "init")).isEmpty();
    assertThat(started.memory().containerBlocks("p", "side")).isEqualTo(admitted.memory().containerBlocks("p", "side"));
    assertThat(started.memory().containerBlocks("p", "main")).isEqualTo(admitted.memory().containerBlocks("p", "main"));
    assertThat(started.memory().podBlocks("p")).isEqualTo(admitted.memory().podBlocks("p"));
    assertThat(started.memory().machineState()).isEqualTo(admitted.memory().machineState());
    assertThat(started.cpu()).isEqualTo(admitted.cpu());
    assertThat(podScope.startContainers(started, mixedPod("p"))).isEqualTo(started);
  }

  @Test
  void na21_aStoppedContainerKeepsItsEntriesAndLosesOnlyItsStoredHint() {
    NodeState admitted = podScope.startContainers(podScope.admit(podScope.initialState(), mixedPod("p")).state(),
        mixedPod("p"));

    NodeState stopped = podScope.stopContainer(admitted, "p", "main");

    assertThat(stopped.cpu()).isEqualTo(admitted.cpu());
    assertThat(stopped.memory()).isEqualTo(admitted.memory());
    assertThat(stopped.topologyHints().get("p")).doesNotContainKey("main").containsKey("log");
    assertThat(admitted.topologyHints().get("p")).containsKey("main");
  }

  @Test
  void na21_theLastStoppedContainerLeavesThePodToTheStaleStateCleanup() {
    NodeState initial = podScope.initialState();
    NodeState current = podScope.startContainers(podScope.admit(initial, mixedPod("p")).state(), mixedPod("p"));
    for (String name : new String[] {"init", "side", "main", "log"}) {
      current = podScope.stopContainer(current, "p", name);
    }
    assertThat(current.topologyHints()).doesNotContainKey("p");
    assertThat(current.memory().machineState().table(0, "memory").orElseThrow().reserved()).isEqualTo(6 * GI);

    assertThat(podScope.removePod(current, mixedPod("p"))).isEqualTo(initial);
  }

  /**
   * NA-21: the Topology Manager's {@code AddContainer} runs for every container the kubelet starts, an
   * ephemeral one too, so each is in the scope's {@code podMap} (podtopo's started containers) and its
   * stop is seen.
   */
  @Test
  void na21_everyStartedContainerIsSeenStartingEphemeralOnesToo() {
    Pod withDebugger = new Pod.Builder().from(mixedPod("p")).addEphemeralContainers(shared("debugger")).build();
    NodeState admitted = podScope.admit(podScope.initialState(), withDebugger).state();

    NodeState started = podScope.startContainers(admitted, withDebugger);

    assertThat(started.startedContainers().get("p")).containsExactly("debugger", "init", "log", "main", "side");
    assertThat(podScope.stopContainer(started, "p", "debugger").startedContainers().get("p"))
        .containsExactly("init", "log", "main", "side");
  }
}

