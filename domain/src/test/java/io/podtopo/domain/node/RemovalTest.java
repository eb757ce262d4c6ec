package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.GI;
import static io.podtopo.domain.node.NodeFixtures.cpus;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static io.podtopo.domain.node.NodeFixtures.managers;
import static io.podtopo.domain.node.NodeFixtures.podLevel;
import static io.podtopo.domain.node.NodeFixtures.shared;
import static io.podtopo.domain.node.NodeFixtures.sidecar;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Container and pod removal (PLRM spec §6.5, §7.4; invariants 22, 23, 34, 36). */
class RemovalTest {

  private final NodeResourceManagers podScope = managers(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD);

  private static Pod mixedPod(String uid) {
    return podLevel(uid, "6", "6Gi")
        .addInitContainers(gu("init", "2", "1Gi"), sidecar(gu("side", "1", "1Gi")))
        .addContainers(gu("main", "2", "2Gi"), shared("log"))
        .build();
  }

  private static long reservedMemory(NodeState state, int node) {
    return state.memory().machineState().table(node, "memory").orElseThrow().reserved();
  }

  @Test
  void invariant23_removingNonLastContainersChangesNeitherDefaultSetNorMachineState() {
    NodeState admitted = podScope.admit(podScope.initialState(), mixedPod("p")).state();

    NodeState current = admitted;
    for (String name : List.of("main", "init", "side")) {
      current = podScope.removeContainer(current, "p", name);
      assertThat(current.cpu().defaultCpuSet()).isEqualTo(admitted.cpu().defaultCpuSet());
      assertThat(current.memory().machineState()).isEqualTo(admitted.memory().machineState());
      assertThat(current.cpu().podCpus("p")).isEqualTo(admitted.cpu().podCpus("p"));
    }
  }

  @Test
  void invariant23_removingTheLastContainerRestoresThePreAdmissionState() {
    NodeState initial = podScope.initialState();
    NodeState current = podScope.startContainers(podScope.admit(initial, mixedPod("p")).state(), mixedPod("p"));

    for (String name : List.of("log", "main", "init", "side")) {
      current = podScope.removeContainer(current, "p", name);
    }

    assertThat(current).isEqualTo(initial);
  }

  @Test
  void invariant22_memoryReservedGrowsAndShrinksByTheBudgetExactlyOnce() {
    NodeState initial = podScope.initialState();
    NodeState admitted = podScope.admit(initial, mixedPod("p")).state();
    assertThat(reservedMemory(admitted, 0) - reservedMemory(initial, 0)).isEqualTo(6 * GI);

    NodeState oneLeft = podScope.removeContainer(podScope.removeContainer(
        podScope.removeContainer(admitted, "p", "init"), "p", "side"), "p", "main");
    assertThat(reservedMemory(oneLeft, 0)).isEqualTo(reservedMemory(admitted, 0));
    NodeState none = podScope.removeContainer(oneLeft, "p", "log");
    assertThat(reservedMemory(none, 0)).isEqualTo(reservedMemory(initial, 0));
    assertThat(podScope.removeContainer(none, "p", "log")).isEqualTo(none);
  }

  @Test
  void invariant34_exclusiveSlicesOfRemovedContainersAreNotReturnedToThePool() {
    Admission admission = podScope.admit(podScope.initialState(), mixedPod("p"));
    CpuSet pool = cpus(admission, "log");

    NodeState removed = podScope.removeContainer(podScope.startContainers(admission.state(), mixedPod("p")), "p",
        "main");

    assertThat(removed.cpu().containerCpus("p", "log")).contains(pool);
    assertThat(removed.cpu().defaultCpuSet().intersects(cpus(admission, "main"))).isFalse();
    assertThat(removed.topologyHint("p", "main")).isEmpty();
    assertThat(removed.topologyHint("p", "log")).isPresent();
  }

  @Test
  void removePodRoundTripsInEveryScope() {
    for (TopologyManagerScope scope : TopologyManagerScope.values()) {
      NodeResourceManagers node = managers(TopologyManagerPolicy.BEST_EFFORT, scope);
      NodeState initial = node.initialState();
      Pod legacy = new Pod.Builder().uid("legacy").addContainers(gu("a", "2", "1Gi"), gu("b", "1", "1Gi")).build();

      NodeState admitted = node.startContainers(node.admit(node.startContainers(node.admit(initial, mixedPod("p"))
          .state(), mixedPod("p")), legacy).state(), legacy);

      assertThat(node.removePod(node.removePod(admitted, legacy), mixedPod("p"))).isEqualTo(initial);
    }
  }

  @Test
  void removePodReleasesABubbleWithoutContainerEntries() {
    NodeState initial = podScope.initialState();
    NodeState admitted = podScope.admit(initial, mixedPod("p")).state();
    NodeState bubbleOnly = new NodeState.Builder().from(initial)
        .cpu(initial.cpu().withDefaultCpuSet(admitted.cpu().defaultCpuSet())
            .withPodCpus("p", admitted.cpu().podCpus("p").orElseThrow()))
        .build();

    assertThat(podScope.removePod(bubbleOnly, mixedPod("p"))).isEqualTo(initial);
  }

  /**
   * D-12: a pod memory entry without container blocks holds no reservation, and removePod drops it:
   * through the Memory Manager's RemoveContainer with the PodLevelResourceManagers gate on, itself when
   * the gate is off (a state saved while it was on), where RemoveContainer handles container entries only.
   */
  @Test
  void removePodDropsAPodMemoryEntryWithoutContainerBlocksWhateverTheGate_d12() {
    for (FeatureGates gates : List.of(NodeFixtures.PLRM_ON, NodeFixtures.PLRM_OFF)) {
      NodeResourceManagers node = NodeResourceManagers.create(
          NodeFixtures.config(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD, gates).build(),
          NodeFixtures.twoSocketsNoSmt());
      NodeState initial = node.initialState();
      NodeState admitted = podScope.admit(podScope.initialState(), mixedPod("p")).state();
      NodeState podEntryOnly = new NodeState.Builder().from(initial)
          .memory(initial.memory().withPodBlocks("p", admitted.memory().podBlocks("p").orElseThrow()))
          .build();

      assertThat(node.removePod(podEntryOnly, mixedPod("p"))).as(gates.toString()).isEqualTo(initial);
    }
  }

  @Test
  void e12_sequentialRecycleGivesTheSecondPodTheSameResources() {
    NodeState initial = podScope.initialState();
    Admission first = podScope.admit(initial, mixedPod("p"));

    Admission second = podScope.admit(podScope.removePod(first.state(), mixedPod("p")), mixedPod("q"));

    assertThat(second.assignment().orElseThrow().podCpus()).isEqualTo(first.assignment().orElseThrow().podCpus());
    assertThat(second.assignment().orElseThrow().podMemory()).isEqualTo(first.assignment().orElseThrow().podMemory());
  }

  @Test
  void invariant24_d8_restrictedPolicyReadmitsARestoredPodLevelPodInSpecMode() {
    NodeResourceManagers spec = managers(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD, Behaviour.SPEC);
    Admission first = spec.admit(spec.initialState(), mixedPod("p"));

    Admission again = spec.admit(spec.start(first.state()), mixedPod("p"));

    assertThat(again.admitted()).isTrue();
    assertThat(again.state()).isEqualTo(first.state());
  }

  @Test
  void invariant24_d8_kubeletV137RejectsARestoredPodLevelPodUnderRestricted_qCpuRestartReallocates() {
    Admission first = podScope.admit(podScope.initialState(), mixedPod("p"));
    NodeState restored = podScope.start(first.state());

    Admission again = podScope.admit(restored, mixedPod("p"));

    assertThat(again.reason()).contains("TopologyAffinityError");
    assertThat(again.state()).isEqualTo(restored);
    assertThat(again.quirks()).contains(KubeletQuirk.CPU_RESTART_REALLOCATES);
  }
}
