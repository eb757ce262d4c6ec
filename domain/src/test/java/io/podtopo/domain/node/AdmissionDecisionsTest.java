package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.GI;
import static io.podtopo.domain.node.NodeFixtures.PLRM_OFF;
import static io.podtopo.domain.node.NodeFixtures.config;
import static io.podtopo.domain.node.NodeFixtures.cpus;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static io.podtopo.domain.node.NodeFixtures.managers;
import static io.podtopo.domain.node.NodeFixtures.podLevel;
import static io.podtopo.domain.node.NodeFixtures.shared;
import static io.podtopo.domain.node.NodeFixtures.sidecar;
import static io.podtopo.domain.node.NodeFixtures.twoSocketsNoSmt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The admission decisions of docs/spec/node-admission.md, each with the rule or invariant it pins.
 * Restarts (NA-4, invariant 24) are pinned in the corrected behaviour ({@code specPodScope}); kubelet
 * v1.37's is pinned beside them, with the quirks the admission names.
 */
class AdmissionDecisionsTest {

  private final NodeResourceManagers podScope = managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.POD);
  private final NodeResourceManagers specPodScope =
      managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.POD, Behaviour.SPEC);
  private final NodeResourceManagers containerScope =
      managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.CONTAINER);

  private static Pod mixedPod(String uid) {
    return podLevel(uid, "6", "6Gi")
        .addInitContainers(gu("init", "2", "1Gi"), sidecar(gu("side", "1", "1Gi")), shared("setup"))
        .addContainers(gu("main", "2", "2Gi"), shared("log"))
        .addEphemeralContainer(shared("debug"))
        .build();
  }

  @Test
  void na3_q13_invariant35_memoryFailureAfterCpuSuccessRollsBackTheBubble() {
    NodeState initial = podScope.initialState();
    // CPU leaves 2 CPUs for the shared container; memory's exclusive requests take the whole budget.
    Pod pod = podLevel("p", "5", "4Gi").addContainers(gu("c1", "3", "4Gi"), shared("c2")).build();

    Admission admission = podScope.admit(initial, pod);

    assertThat(admission.admitted()).isFalse();
    assertThat(admission.reason()).contains("EmptyPodSharedPoolError");
    assertThat(admission.message().orElseThrow()).contains("sum of exclusive container memory requests equals pod budget");
    // Kubelet v1.37: the pod hint the scope stored for every container stays (quirk Q-stale-topology-hints).
    NodeFixtures.assertRefusedKeepingOnlyItsStoredHints(admission, initial, "p", "c1", "c2");
    assertThat(admission.state().cpu().podEntries()).isEmpty();
    NodeResourceManagers spec = NodeResourceManagers.create(new NodeConfig.Builder().from(podScope.config())
        .behaviour(Behaviour.SPEC).build(), podScope.machine());
    assertThat(spec.admit(spec.initialState(), pod).state()).isEqualTo(spec.initialState());
  }

  /**
   * Quirk {@code Q-memory-single-node-in-group} (D-13) with a refusal after it, found by {@code podtopo
   * conformance differential} (seed 2, scenario 344): the second pod's single-node hint lands on node 0
   * of the first pod's group [0,1] and resets node 0's cells; the resource-fit predicate then refuses it
   * (NA-22, here {@code maxPods} 1) and the stale-state cleanup releases its block, but cells are reset
   * only when a node's last assignment goes: node 0 stays out of the group node 1 still names.
   */
  @Test
  void na22_d13_aPodRefusedAfterBreakingAMemoryGroupLeavesItBroken_qMemorySingleNodeInGroup() {
    // Nodes 0 and 1 with four CPUs and 16 GiB each (CPU 4 reserved), node 2 with 4 GiB and no CPUs: the wide
    // pod's six CPUs and 20 GiB need [0,1]; its memory fills node 0 and takes 5 GiB of node 1.
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < 8; id++) {
      cpus.add(Cpu.of(id, id, 0, id / 4, id / 4));
    }
    Machine machine = new Machine.Builder().name("two-nodes-and-a-cpu-less-one").cpus(cpus)
        .addNumaNode(NumaNode.of(0, 16 * GI)).addNumaNode(NumaNode.of(1, 16 * GI)).addNumaNode(NumaNode.of(2, 4 * GI))
        .build();
    NodeConfig config = config(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.CONTAINER, PLRM_OFF)
        .reservedSystemCpus(CpuSet.of(4)).putReservedMemory(2, new TreeMap<>(Map.of("memory", GI))).maxPods(1).build();
    NodeResourceManagers kubelet = NodeResourceManagers.create(config, machine);
    NodeResourceManagers spec = NodeResourceManagers.create(
        new NodeConfig.Builder().from(config).behaviour(Behaviour.SPEC).build(), machine);
    Pod wide = new Pod.Builder().uid("wide").addContainers(gu("a", "6", "20Gi")).build();
    Pod narrow = new Pod.Builder().uid("narrow").addContainers(gu("b", "1", "1Gi")).build();
    NodeState grouped = kubelet.admit(kubelet.initialState(), wide).state();
    assertThat(grouped.memory().machineState().nodes().get(0).cells()).containsExactly(0, 1);

    Admission refused = kubelet.admit(grouped, narrow, List.of(wide));

    assertThat(refused.reason()).contains("OutOfpods");
    // The narrow pod's one CPU is the last free one, CPU 7 on node 1: its hint [1], its block on node 1 alone.
    assertThat(refused.state().topologyHints().get("narrow").get("b").affinity()).contains(NumaMask.of(1));
    assertThat(refused.state().memory().machineState().nodes().get(1).cells()).containsExactly(1);
    assertThat(refused.state().memory().machineState().nodes().get(1).numberOfAssignments()).isEqualTo(1);
    assertThat(refused.state().memory().machineState().nodes().get(0).cells()).containsExactly(0, 1);
    assertThat(refused.state().memory().containerEntries()).isEqualTo(grouped.memory().containerEntries());
    assertThat(refused.state().cpu()).isEqualTo(grouped.cpu());
    assertThat(refused.quirks()).contains(KubeletQuirk.MEMORY_SINGLE_NODE_IN_GROUP);

    Admission corrected = spec.admit(spec.admit(spec.initialState(), wide).state(), narrow, List.of(wide));

    assertThat(corrected.reason()).contains("UnexpectedAdmissionError");
    assertThat(corrected.state().memory()).isEqualTo(grouped.memory());
  }

  @Test
  void na3_invariant35_containerScopeFailureRollsBackEarlierContainersAndMapsUntypedErrors() {
    NodeState initial = containerScope.initialState();
    Pod pod = podLevel("p", "16", "5Gi").addContainers(gu("c1", "3", "1Gi"), gu("c2", "13", "1Gi")).build();

    Admission admission = containerScope.admit(initial, pod);

    assertThat(admission.admitted()).isFalse();
    assertThat(admission.reason()).contains("UnexpectedAdmissionError");
    assertThat(admission.message().orElseThrow()).contains("Allocate failed due to not enough cpus available to satisfy request: "
        + "requested=9, available=8, which is unexpected");
    // c1's allocation is rolled back; the hints stored for c1 and c2 stay in kubelet v1.37.
    NodeFixtures.assertRefusedKeepingOnlyItsStoredHints(admission, initial, "p", "c1", "c2");
  }

  @Test
  void na4_invariant24_d8_d12_readmittingAnAdmittedPodChangesNothingInPodScopeInSpecMode() {
    Admission first = specPodScope.admit(specPodScope.initialState(), mixedPod("p"));
    NodeState restored = specPodScope.start(first.state());

    Admission again = specPodScope.admit(restored, mixedPod("p"));

    assertThat(again.admitted()).isTrue();
    assertThat(again.state()).isEqualTo(first.state());
    assertThat(again.assignment()).isEqualTo(first.assignment());
    assertThat(again.quirks())
        .containsExactly(KubeletQuirk.CPU_RESTART_REALLOCATES, KubeletQuirk.MEMORY_RESTART_REAPPLIES);
  }

  @Test
  void na4_d8_d12_kubeletV137RejectsAReadmittedPodLevelPod() {
    Admission first = podScope.admit(podScope.initialState(), mixedPod("p"));
    NodeState restored = podScope.start(first.state());

    Admission again = podScope.admit(restored, mixedPod("p"));

    // No CPU hint (its pod-shared containers fail the per-container size check), a new bubble, and
    // memory reserved again on a mask that breaks the node's single-NUMA use.
    assertThat(again.reason()).contains("UnexpectedAdmissionError");
    assertThat(again.message().orElseThrow()).contains("preferred hint violates NUMA node allocation");
    assertThat(restored.topologyHints()).as("a restart forgets the stored hints").isEmpty();
    assertThat(again.state().memory()).isEqualTo(restored.memory());
    assertThat(again.state().topologyHints().get("p")).containsOnlyKeys("init", "log", "main", "setup", "side");
    // Nothing is rolled back: the CPU Manager holds the new bubble, the old one is out of the default set
    // and held by nothing, so the stale-state cleanup of the failed pod releases only the new one.
    CpuSet oldBubble = restored.cpu().podCpus("p").orElseThrow();
    assertThat(again.state().cpu().podCpus("p")).hasValueSatisfying(bubble -> assertThat(bubble).isNotEqualTo(oldBubble));
    NodeState cleaned = podScope.removePod(again.state(), mixedPod("p"));
    assertThat(cleaned.cpu().podCpus("p")).isEmpty();
    assertThat(cleaned.cpu().defaultCpuSet()).as("the old bubble leaks").isEqualTo(restored.cpu().defaultCpuSet());
    assertThat(again.quirks()).containsExactly(KubeletQuirk.CPU_RESTART_REALLOCATES,
        KubeletQuirk.MEMORY_RESTART_REAPPLIES, KubeletQuirk.STALE_TOPOLOGY_HINTS);
    assertThat(first.quirks()).isEmpty();
  }

  @Test
  void na4_invariant24_readmittingAnAdmittedPodChangesNothingInContainerScope() {
    Admission first = containerScope.admit(containerScope.initialState(), mixedPod("p"));

    Admission again = containerScope.admit(containerScope.start(first.state()), mixedPod("p"));

    assertThat(again.admitted()).isTrue();
    assertThat(again.state()).isEqualTo(first.state());
  }

  @Test
  void na4_invariant24_readmittingALegacyPodChangesNothingInPodScope() {
    Pod legacy = new Pod.Builder().uid("legacy")
        .addInitContainer(gu("init", "3", "1Gi")).addContainers(gu("a", "2", "1Gi"), gu("b", "1", "1Gi")).build();
    Admission first = podScope.admit(podScope.initialState(), legacy);

    Admission again = podScope.admit(podScope.start(first.state()), legacy);

    assertThat(again.admitted()).isTrue();
    assertThat(again.state()).isEqualTo(first.state());
  }

  @Test
  void na19_e9_fullPcpusOnlyBudgetNotMultipleOfSmtIsSmtAlignmentError() {
    NodeResourceManagers strict = NodeResourceManagers.create(config(TopologyManagerPolicy.RESTRICTED,
        TopologyManagerScope.POD, NodeFixtures.PLRM_ON).reservedSystemCpus(CpuSet.of(0, 12))
        .putCpuManagerPolicyOption("full-pcpus-only", "true").build(), NodeFixtures.twoSocketsSmt());
    NodeState initial = strict.initialState();

    Admission odd = strict.admit(initial, podLevel("p", "5", "2Gi").addContainers(shared("c")).build());

    assertThat(odd.reason()).contains("SMTAlignmentError");
    assertThat(odd.message()).contains("SMT Alignment Error: requested 5 cpus not multiple cpus per core = 2");
    NodeFixtures.assertRefusedKeepingOnlyItsStoredHints(odd, initial, "p", "c");
  }

  @Test
  void na19_e8_fullPcpusOnlyBudgetMultipleOfSmtGetsABubbleOfWholeCores() {
    NodeResourceManagers strict = NodeResourceManagers.create(config(TopologyManagerPolicy.RESTRICTED,
        TopologyManagerScope.POD, NodeFixtures.PLRM_ON).reservedSystemCpus(CpuSet.of(0, 12))
        .putCpuManagerPolicyOption("full-pcpus-only", "true").build(), NodeFixtures.twoSocketsSmt());

    Admission even = strict.admit(strict.initialState(),
        podLevel("p", "4", "2Gi").addContainers(gu("one", "1", "1Gi"), shared("c")).build());

    assertThat(even.assignment().orElseThrow().podCpus()).contains(CpuSet.of(1, 2, 13, 14));
  }

  @Test
  void na4_invariant24_d8_restartedNodeCompletesAPartialPodFromItsBubbleInSpecMode() {
    Admission first = specPodScope.admit(specPodScope.initialState(), mixedPod("p"));
    NodeState partial = new NodeState.Builder().from(first.state())
        .cpu(first.state().cpu().withoutContainer("p", "log"))
        .build();

    Admission again = specPodScope.admit(partial, mixedPod("p"));

    assertThat(again.state().cpu()).isEqualTo(first.state().cpu());
  }

  @Test
  void na5_q4_aggregatedContainerRequestsAboveThePodBudgetAreRejected() {
    NodeState initial = podScope.initialState();
    Pod pod = podLevel("p", "4", "4Gi").addContainers(gu("c1", "3", "1Gi"), gu("c2", "2", "1Gi")).build();

    Admission admission = podScope.admit(initial, pod);

    assertThat(admission.reason()).contains("PodLevelResourcesValidationError");
    assertThat(admission.message().orElseThrow()).contains("pod rejected, aggregated container requests of cpu (5) exceed the "
        + "pod-level request (4)");
    assertThat(admission.trace().merges()).isEmpty();
    assertThat(admission.state()).isSameAs(initial);
  }

  @Test
  void na5_q4_aggregationFollowsKep753ForInitContainersAndSidecars() {
    // max(init 3 + sidecar 1 before it = 4, app 2 + sidecar 1 = 3) = 4 <= 4: admitted.
    Pod fits = podLevel("p", "4", "4Gi")
        .addInitContainers(sidecar(gu("side", "1", "1Gi")), gu("init", "3", "1Gi"))
        .addContainers(gu("app", "2", "1Gi"))
        .build();
    assertThat(podScope.admit(podScope.initialState(), fits).admitted()).isTrue();
    Pod exceeds = podLevel("q", "4", "4Gi")
        .addInitContainers(sidecar(gu("side", "1", "1Gi")), gu("init", "3", "1Gi"))
        .addContainers(gu("app", "2", "3Gi"), gu("app2", "1", "1Gi"))
        .build();
    assertThat(podScope.admit(podScope.initialState(), exceeds).message().orElseThrow())
        .contains("aggregated container requests of memory (5368709120) exceed the pod-level request (4Gi)");
  }

  @Test
  void na5_na7_theValidationRunsWithEitherStaticManagerAloneAndNotWithoutOne() {
    Pod pod = podLevel("p", "4", "4Gi").addContainers(gu("c1", "3", "1Gi"), gu("c2", "2", "1Gi")).build();
    NodeConfig.Builder both = config(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.POD, NodeFixtures.PLRM_ON);
    NodeResourceManagers cpuOnly = NodeResourceManagers.create(new NodeConfig.Builder().from(both.build())
        .memoryManagerPolicy(MemoryManagerPolicy.NONE).reservedMemory(Map.of()).build(), twoSocketsNoSmt());
    NodeResourceManagers memoryOnly = NodeResourceManagers.create(new NodeConfig.Builder().from(both.build())
        .cpuManagerPolicy(CpuManagerPolicy.NONE).reservedSystemCpus(Optional.empty()).build(), twoSocketsNoSmt());
    NodeResourceManagers neither = NodeResourceManagers.create(new NodeConfig.Builder().from(both.build())
        .cpuManagerPolicy(CpuManagerPolicy.NONE).reservedSystemCpus(Optional.empty())
        .memoryManagerPolicy(MemoryManagerPolicy.NONE).reservedMemory(Map.of()).build(), twoSocketsNoSmt());

    for (NodeResourceManagers node : List.of(cpuOnly, memoryOnly)) {
      assertThat(node.admit(node.initialState(), pod).message().orElseThrow())
          .isEqualTo("pod rejected, aggregated container requests of cpu (5) exceed the pod-level request (4)");
    }
    assertThat(neither.admit(neither.initialState(), pod).admitted()).isTrue();
  }

  @Test
  void na6_q3_hugepagesRequestedByContainersButNotByThePodAreRejected() {
    Pod pod = podLevel("p", "4", "4Gi").addContainers(gu("c1", "2", "1Gi", "hugepages-1Gi", "1Gi"), shared("c2")).build();

    Admission admission = podScope.admit(podScope.initialState(), pod);

    assertThat(admission.reason()).contains("PodLevelResourcesValidationError");
    assertThat(admission.message().orElseThrow()).contains("containers request hugepages-1Gi but the pod-level resources do not");
  }

  @Test
  void na7_q3_podLevelCpuWithoutMemoryOfAGuaranteedByKepPodIsRejected() {
    Pod pod = new Pod.Builder().uid("p").putPodRequest("cpu", Quantity.parse("4")).putPodLimit("cpu", Quantity.parse("4"))
        .addContainers(gu("c1", "2", "1Gi"), gu("c2", "2", "1Gi")).build();

    Admission admission = podScope.admit(podScope.initialState(), pod);

    assertThat(admission.reason()).contains("PodLevelResourcesValidationError");
    assertThat(admission.message().orElseThrow()).contains("pod-level resources must set both cpu and memory requests and limits, "
        + "but memory is taken from the containers");
  }

  @Test
  void na7_invariant14_podLevelCpuOnlyBurstablePodIsAdmittedWithNothing() {
    NodeState initial = podScope.initialState();
    Pod pod = new Pod.Builder().uid("p").putPodRequest("cpu", Quantity.parse("4")).putPodLimit("cpu", Quantity.parse("4"))
        .addContainers(shared("c1"), gu("c2", "2", "1Gi")).build();

    Admission admission = podScope.admit(initial, pod);

    assertThat(admission.admitted()).isTrue();
    assertThat(admission.state().cpu()).isEqualTo(initial.cpu());
    assertThat(admission.state().memory()).isEqualTo(initial.memory());
  }

  /** A container whose memory request and limit are 0 does not pin memory (zeros do not count, as in QoS). */
  @Test
  void na7_invariant14_containersWithZeroMemoryDoNotMakeAPodLevelCpuOnlyPodGuaranteed() {
    NodeState initial = podScope.initialState();
    Pod pod = new Pod.Builder().uid("p").putPodRequest("cpu", Quantity.parse("4")).putPodLimit("cpu", Quantity.parse("4"))
        .addContainers(gu("c1", "2", "0"), gu("c2", "2", "0")).build();

    Admission admission = podScope.admit(initial, pod);

    assertThat(admission.admitted()).isTrue();
    assertThat(admission.state().cpu()).isEqualTo(initial.cpu());
    assertThat(admission.state().memory()).isEqualTo(initial.memory());
  }

  @Test
  void na8_invariant14_nonGuaranteedPodLevelPodGetsNoHintsNoEntriesNoError() {
    NodeState initial = podScope.initialState();
    Pod pod = new Pod.Builder().uid("p")
        .putPodRequest("cpu", Quantity.parse("2")).putPodLimit("cpu", Quantity.parse("4"))
        .putPodRequest("memory", Quantity.parse("1Gi")).putPodLimit("memory", Quantity.parse("1Gi"))
        .addContainers(gu("c1", "1", "512Mi"), shared("c2")).build();

    Admission admission = podScope.admit(initial, pod);

    assertThat(admission.admitted()).isTrue();
    assertThat(admission.trace().merges().get(0).answers())
        .allSatisfy(answer -> assertThat(answer.hints().isNoPreference()).isTrue());
    assertThat(admission.state().cpu()).isEqualTo(initial.cpu());
    assertThat(admission.state().memory()).isEqualTo(initial.memory());
    assertThat(admission.assignment().orElseThrow().containers())
        .allSatisfy(c -> assertThat(c.isolation()).isEqualTo(ResourceIsolationLevel.HOST));
  }

  @Test
  void na9_invariant15_gateOffPodLevelPodIsAdmittedWithoutAnyManagerState() {
    NodeResourceManagers gateOff = NodeResourceManagers.create(
        config(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD, PLRM_OFF).build(), twoSocketsNoSmt());
    NodeState initial = gateOff.initialState();

    Admission admission = gateOff.admit(initial, podLevel("p", "5", "5Gi")
        .addContainers(gu("c1", "3", "1Gi"), shared("c2")).build());

    assertThat(admission.admitted()).isTrue();
    assertThat(admission.trace().merges().get(0).answers())
        .allSatisfy(answer -> assertThat(answer.hints().isNoPreference()).isTrue());
    assertThat(admission.state().cpu()).isEqualTo(initial.cpu());
    assertThat(admission.state().memory()).isEqualTo(initial.memory());
    assertThat(admission.assignment().orElseThrow().podCpus()).isEmpty();
  }

  @Test
  void na10_invariant33_ephemeralContainersNeverGetEntries() {
    Admission admission = podScope.admit(podScope.initialState(), mixedPod("p"));

    ContainerAssignment debug = NodeFixtures.container(admission, "debug");
    assertThat(debug.role()).isEqualTo(ContainerRole.EPHEMERAL);
    assertThat(debug.cpus()).isEmpty();
    assertThat(debug.memory()).isEmpty();
    assertThat(debug.isolation()).isEqualTo(ResourceIsolationLevel.HOST);
    assertThat(admission.state().cpu().containerCpus("p", "debug")).isEmpty();
    assertThat(admission.state().memory().containerBlocks("p", "debug")).isEmpty();
    assertThat(admission.assignment().orElseThrow().containers()).extracting(ContainerAssignment::role)
        .containsExactly(ContainerRole.INIT, ContainerRole.SIDECAR, ContainerRole.INIT, ContainerRole.APP,
            ContainerRole.APP, ContainerRole.EPHEMERAL);
  }

  @Test
  void na11_topologyPolicyNoneMeansNoBubbleAndPerContainerAllocation() {
    NodeResourceManagers none = managers(TopologyManagerPolicy.NONE, TopologyManagerScope.POD);

    Admission admission = none.admit(none.initialState(), podLevel("p", "5", "5Gi")
        .addContainers(gu("c1", "3", "1Gi"), shared("c2")).build());

    assertThat(admission.admitted()).isTrue();
    assertThat(admission.trace().merges()).isEmpty();
    assertThat(admission.assignment().orElseThrow().podCpus()).isEmpty();
    assertThat(admission.state().cpu().podEntries()).isEmpty();
    assertThat(admission.state().memory().podEntries()).isEmpty();
    assertThat(cpus(admission, "c1")).hasSize(3);
    assertThat(NodeFixtures.container(admission, "c1").exclusive()).isTrue();
    assertThat(NodeFixtures.container(admission, "c2").cpus()).isEmpty();
    assertThat(admission.state().topologyHints()).isEmpty();
  }

  @Test
  void na12_invariant19_podScopeStoresTheOneHintForEveryInitAndAppContainer() {
    Admission admission = podScope.admit(podScope.initialState(), mixedPod("p"));

    assertThat(admission.state().topologyHints().get("p")).containsOnlyKeys("init", "side", "setup", "main", "log");
    assertThat(admission.state().topologyHints().get("p").values()).containsOnly(
        admission.trace().merges().get(0).bestHint());
  }

  @Test
  void na13_invariant36_unusedBudgetStaysInTheBubbleUntilTeardown() {
    NodeState initial = podScope.initialState();
    Admission admission = podScope.admit(initial, podLevel("p", "5", "5Gi")
        .addContainers(gu("c1", "2", "1Gi"), gu("c2", "1", "1Gi")).build());

    CpuSet bubble = admission.assignment().orElseThrow().podCpus().orElseThrow();
    CpuSet unused = bubble.difference(cpus(admission, "c1")).difference(cpus(admission, "c2"));
    assertThat(unused).hasSize(2);
    assertThat(admission.state().cpu().defaultCpuSet().intersects(unused)).isFalse();
    NodeState afterOne = podScope.removeContainer(admission.state(), "p", "c1");
    assertThat(afterOne.cpu().defaultCpuSet()).isEqualTo(admission.state().cpu().defaultCpuSet());
  }

  @Test
  void na14_podMemoryBlocksCoverTheBudgetWithTheBubbleMask() {
    Admission admission = podScope.admit(podScope.initialState(), mixedPod("p"));

    PodAssignment pod = admission.assignment().orElseThrow();
    assertThat(pod.podMemory()).containsExactly(MemoryBlock.of(List.of(0), "memory", 6 * GI));
    assertThat(NodeFixtures.container(admission, "main").memory())
        .containsExactly(MemoryBlock.of(List.of(0), "memory", 2 * GI));
    assertThat(admission.trace().steps()).extracting(AllocationStep::kind).contains(
        AllocationStepKind.POD_BUBBLE, AllocationStepKind.EXCLUSIVE_SLICE, AllocationStepKind.POD_SHARED_POOL,
        AllocationStepKind.NODE_SHARED_POOL, AllocationStepKind.POD_MEMORY, AllocationStepKind.CONTAINER_MEMORY);
  }

  @Test
  void equalInputsGiveEqualAdmissionsAndTraces() {
    Admission first = podScope.admit(podScope.initialState(), mixedPod("p"));
    Admission second = managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.POD)
        .admit(podScope.initialState(), mixedPod("p"));

    assertThat(second).isEqualTo(first);
    assertThat(second.trace().lines()).isEqualTo(first.trace().lines());
  }

}
