package io.podtopo.domain.memorymanager;

import static io.podtopo.domain.memorymanager.MemoryFixtures.ANY;
import static io.podtopo.domain.memorymanager.MemoryFixtures.GI;
import static io.podtopo.domain.memorymanager.MemoryFixtures.MI;
import static io.podtopo.domain.memorymanager.MemoryFixtures.PLRM_OFF;
import static io.podtopo.domain.memorymanager.MemoryFixtures.PLRM_ON;
import static io.podtopo.domain.memorymanager.MemoryFixtures.allocated;
import static io.podtopo.domain.memorymanager.MemoryFixtures.block;
import static io.podtopo.domain.memorymanager.MemoryFixtures.gu;
import static io.podtopo.domain.memorymanager.MemoryFixtures.hint;
import static io.podtopo.domain.memorymanager.MemoryFixtures.ngu;
import static io.podtopo.domain.memorymanager.MemoryFixtures.nodes;
import static io.podtopo.domain.memorymanager.MemoryFixtures.podLevel;
import static io.podtopo.domain.memorymanager.MemoryFixtures.policy;
import static io.podtopo.domain.memorymanager.MemoryFixtures.refused;
import static io.podtopo.domain.memorymanager.MemoryFixtures.sidecar;
import static io.podtopo.domain.memorymanager.MemoryFixtures.started;
import static io.podtopo.domain.memorymanager.MemoryFixtures.table;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.admission.AdmissionCause;
import io.podtopo.domain.admission.EmptyPodSharedPoolError;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The pod-level memory allocation of KEP-5526 (PLRM spec §7, §13.3 memory scenarios; invariants 20
 * to 25): one pod entry, the machine state reserved once for the budget, the budget partitioned by
 * quantity into exclusive blocks and the pod shared pool.
 */
class PodLevelMemoryPartitionTest {

  private final StaticMemoryPolicy policy = policy(nodes(2, 8, 2), PLRM_ON);
  private final MemoryManagerState initial = started(policy);
  private final TopologyHint node0 = hint(true, 0);

  @Test
  void guaranteedContainerOfAGuaranteedPodGetsExclusiveMemoryPinnedToTheHintedNode() {
    Pod pod = podLevel("p", "2", "2Gi").addContainer(gu("gu", "2", "2Gi")).build();

    MemoryManagerState state = allocated(policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET)));

    assertThat(state.containerBlocks("p", "gu").orElseThrow()).containsExactly(block("memory", 2 * GI, 0));
    assertThat(state.podBlocks("p").orElseThrow()).containsExactly(block("memory", 2 * GI, 0));
    assertThat(table(state, 0, "memory").reserved()).isEqualTo(2 * GI);
    assertThat(table(state, 1, "memory").reserved()).isZero();
  }

  @Test
  void ineligibleContainerGetsThePodSharedPool() {
    Pod pod = podLevel("p", "2", "2Gi").addContainer(ngu("shared")).addContainer(gu("cpu-only", "1", "0")).build();

    MemoryManagerState state = allocated(policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET)));

    assertThat(state.containerBlocks("p", "shared").orElseThrow()).containsExactly(block("memory", 2 * GI, 0));
    assertThat(state.containerBlocks("p", "cpu-only").orElseThrow()).containsExactly(block("memory", 2 * GI, 0));
  }

  @Test
  void mixedPodSplitsTheBudgetIntoExclusiveBlocksAndTheSharedRemainderPerType() {
    Pod pod = podLevel("p", "4", "3Gi", "hugepages-1Gi", "2Gi")
        .addContainer(gu("gu", "2", "1Gi", "hugepages-1Gi", "1Gi"))
        .addContainer(ngu("a"))
        .addContainer(ngu("b"))
        .build();

    MemoryManagerState state = allocated(policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET)));

    assertThat(state.containerBlocks("p", "gu").orElseThrow())
        .containsExactly(block("hugepages-1Gi", GI, 0), block("memory", GI, 0));
    List<MemoryBlock> shared = List.of(block("hugepages-1Gi", GI, 0), block("memory", 2 * GI, 0));
    assertThat(state.containerBlocks("p", "a").orElseThrow()).isEqualTo(shared);
    assertThat(state.containerBlocks("p", "b").orElseThrow()).isEqualTo(shared);
    assertThat(state.podBlocks("p").orElseThrow())
        .containsExactly(block("hugepages-1Gi", 2 * GI, 0), block("memory", 3 * GI, 0));
  }

  @Test
  void initContainersGetTheirRequestOrTheBudgetMinusEarlierSidecars() {
    Pod pod = podLevel("p", "4", "4Gi")
        .addInitContainer(gu("init-gu", "1", "3Gi"))
        .addInitContainer(sidecar(gu("sidecar-gu", "1", "1Gi")))
        .addInitContainer(ngu("init-shared"))
        .addInitContainer(sidecar(ngu("sidecar-shared")))
        .addContainer(gu("app-gu", "1", "1Gi"))
        .addContainer(ngu("app-shared"))
        .build();

    MemoryManagerState state = allocated(policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET)));

    assertThat(state.containersOf("p")).isEqualTo(Map.of(
        "init-gu", List.of(block("memory", 3 * GI, 0)),
        "sidecar-gu", List.of(block("memory", GI, 0)),
        "init-shared", List.of(block("memory", 3 * GI, 0)),
        "sidecar-shared", List.of(block("memory", 2 * GI, 0)),
        "app-gu", List.of(block("memory", GI, 0)),
        "app-shared", List.of(block("memory", 2 * GI, 0))));
    assertThat(table(state, 0, "memory").reserved()).isEqualTo(4 * GI);
  }

  @Test
  void invariant21ExclusiveLongRunningBlocksPlusTheSharedBlockMakeTheBudget() {
    Pod pod = podLevel("p", "4", "3Gi")
        .addInitContainer(sidecar(gu("sidecar", "1", "512Mi")))
        .addContainer(gu("gu", "1", "1Gi"))
        .addContainer(ngu("shared"))
        .build();

    MemoryManagerState state = allocated(policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET)));

    long exclusive = state.containerBlocks("p", "sidecar").orElseThrow().get(0).size()
        + state.containerBlocks("p", "gu").orElseThrow().get(0).size();
    long shared = state.containerBlocks("p", "shared").orElseThrow().get(0).size();
    assertThat(exclusive + shared).isEqualTo(3 * GI);
    assertThat(shared).isEqualTo(3 * GI - GI - 512 * MI);
  }

  @Test
  void invariant20EveryBlockOfThePodUsesThePodEntryMask() {
    Pod pod = podLevel("p", "4", "7Gi").addContainer(gu("gu", "1", "1Gi")).addContainer(ngu("shared")).build();

    MemoryManagerState state = allocated(policy.allocatePod(initial, pod, ANY, QuirkLog.of(Behaviour.KUBELET)));

    NumaMask mask = state.podBlocks("p").orElseThrow().get(0).mask();
    assertThat(mask).isEqualTo(NumaMask.of(0, 1));
    state.containersOf("p").values().forEach(blocks -> assertThat(blocks).allMatch(b -> b.mask().equals(mask)));
    assertThat(table(state, 0, "memory").reserved()).isEqualTo(5 * GI);
    assertThat(table(state, 1, "memory").reserved()).isEqualTo(2 * GI);
  }

  @Test
  void nonGuaranteedPodGetsNothing() {
    Pod pod = new Pod.Builder().uid("p")
        .putPodRequest("cpu", Quantity.parse("1")).putPodLimit("cpu", Quantity.parse("2"))
        .putPodRequest("memory", Quantity.parse("1Gi")).putPodLimit("memory", Quantity.parse("1Gi"))
        .addContainer(gu("gu", "1", "512Mi"))
        .build();

    assertThat(policy.podHints(initial, pod, QuirkLog.of(Behaviour.KUBELET)).isNil()).isTrue();
    assertThat(allocated(policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET)))).isEqualTo(initial);
    assertThat(allocated(policy.allocate(initial, pod, pod.containers().get(0), node0,
        QuirkLog.of(Behaviour.KUBELET)))).isEqualTo(initial);
  }

  @Test
  void emptySharedPoolIsAnEmptyPodSharedPoolErrorAndUnsatisfiableHints() {
    Pod pod = podLevel("p", "3", "2Gi")
        .addContainer(gu("gu1", "1", "1Gi")).addContainer(gu("gu2", "1", "1Gi")).addContainer(ngu("shared")).build();

    MemoryAllocationResult refused = policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET));
    assertThat(refused(refused)).isEqualTo(EmptyPodSharedPoolError.of("pod rejected, sum of exclusive container memory "
        + "requests equals pod budget, leaving no memory for shared containers"))
        .extracting(AdmissionCause::reason).isEqualTo("EmptyPodSharedPoolError");
    assertThat(refused.state()).as("a refusal leaves the state as it was").isEqualTo(initial);
    assertThat(policy.podHints(initial, pod, QuirkLog.of(Behaviour.KUBELET)).byResource()).isEqualTo(Map.of("memory", List.of()));
  }

  @Test
  void emptySharedPoolIsCheckedPerMemoryType() {
    Pod pod = podLevel("p", "3", "4Gi", "hugepages-1Gi", "1Gi")
        .addContainer(gu("gu", "1", "1Gi", "hugepages-1Gi", "1Gi")).addContainer(ngu("shared")).build();

    assertThat(policy.validatePodScopeResources(pod)).map(EmptyPodSharedPoolError::message)
        .contains("pod rejected, sum of exclusive container hugepages-1Gi requests equals pod budget, "
            + "leaving no memory for shared containers");
  }

  @Test
  void allExclusivePodWhoseRequestsMakeTheBudgetIsAdmitted() {
    Pod pod = podLevel("p", "2", "2Gi").addContainer(gu("gu1", "1", "1Gi")).addContainer(gu("gu2", "1", "1Gi")).build();

    MemoryManagerState state = allocated(policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET)));

    assertThat(state.containersOf("p")).containsOnlyKeys("gu1", "gu2");
  }

  @Test
  void standardInitContainersMustFitTheBudgetLeftBySidecars() {
    Pod tooLarge = podLevel("p", "3", "2Gi")
        .addInitContainer(sidecar(gu("sidecar", "1", "1Gi")))
        .addInitContainer(gu("init", "1", "1536Mi"))
        .addContainer(ngu("app"))
        .build();
    assertThat(policy.validatePodScopeResources(tooLarge)).map(EmptyPodSharedPoolError::message)
        .contains("pod rejected, largest exclusive init container requests 1610612736 of memory, but only "
            + "1073741824 available");

    Pod noPoolForInit = podLevel("p", "3", "1Gi")
        .addInitContainer(sidecar(gu("sidecar", "1", "1Gi")))
        .addInitContainer(ngu("init"))
        .addContainer(gu("app", "1", "0"))
        .build();
    assertThat(policy.validatePodScopeResources(noPoolForInit)).map(EmptyPodSharedPoolError::message)
        .contains("pod rejected, pod has shared init containers but no memory available for them");

    Pod exactlyFits = podLevel("p", "3", "2Gi")
        .addInitContainer(sidecar(gu("sidecar", "1", "1Gi")))
        .addInitContainer(gu("init", "1", "1Gi"))
        .addContainer(ngu("app"))
        .build();
    assertThat(allocated(policy.allocatePod(initial, exactlyFits, node0,
        QuirkLog.of(Behaviour.KUBELET))).containersOf("p")).isEqualTo(Map.of(
        "sidecar", List.of(block("memory", GI, 0)),
        "init", List.of(block("memory", GI, 0)),
        "app", List.of(block("memory", GI, 0))));
  }

  /** Invariant 13: an exclusive container's blocks are its request, the types it asks none of left out. */
  @Test
  void invariant13AnExclusiveContainerGetsNoBlockOfATypeItAsksNoneOf() {
    Pod pod = podLevel("p", "4", "3Gi", "hugepages-1Gi", "1Gi")
        .addContainer(gu("gu", "2", "1Gi", "hugepages-1Gi", "0"))
        .addContainer(ngu("shared"))
        .build();

    MemoryManagerState state = allocated(policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET)));

    assertThat(state.containerBlocks("p", "gu").orElseThrow()).containsExactly(block("memory", GI, 0));
    assertThat(state.containerBlocks("p", "shared").orElseThrow())
        .containsExactly(block("hugepages-1Gi", GI, 0), block("memory", 2 * GI, 0));
  }

  @Test
  void invariants22And23PodMemoryIsReleasedOnceWhenTheLastContainerIsRemoved() {
    Pod pod = podLevel("p", "4", "3Gi")
        .addContainer(gu("gu", "1", "1Gi")).addContainer(ngu("a")).addContainer(ngu("b")).build();
    MemoryManagerState allocated = allocated(policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET)));
    assertThat(table(allocated, 0, "memory").reserved()).isEqualTo(3 * GI);
    assertThat(allocated.machineState().nodes().get(0).numberOfAssignments()).isEqualTo(1);

    MemoryManagerState state = policy.removeContainer(allocated, "p", "gu");
    assertThat(state.machineState()).isEqualTo(allocated.machineState());
    state = policy.removeContainer(state, "p", "a");
    assertThat(state.machineState()).isEqualTo(allocated.machineState());
    assertThat(state.podBlocks("p")).isPresent();

    state = policy.removeContainer(state, "p", "b");
    assertThat(state).isEqualTo(initial);
  }

  @Test
  void invariant24_d12_readmittingACompleteRestoredAllocationChangesNothingInSpecMode_qMemoryRestartReapplies() {
    Pod pod = podLevel("p", "4", "3Gi").addContainer(gu("gu", "1", "1Gi")).addContainer(ngu("shared")).build();
    MemoryManagerState allocated = allocated(policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET)));
    MemoryManagerState restored = policy.start(allocated);
    QuirkLog spec = QuirkLog.of(Behaviour.SPEC);

    assertThat(allocated(policy.allocatePod(restored, pod, hint(true, 1), spec))).isEqualTo(allocated);
    assertThat(policy.podHints(restored, pod, spec).byResource())
        .isEqualTo(Map.of("memory", List.of(TopologyHint.of(NumaMask.of(0), true))));
    assertThat(spec.reachedQuirks()).containsExactly(KubeletQuirk.MEMORY_RESTART_REAPPLIES);
  }

  @Test
  void invariant24_d12_kubeletV137ReservesARestoredPodsBudgetAgain_qMemoryRestartReapplies_upstreamIssue140906() {
    Pod pod = podLevel("p", "4", "3Gi").addContainer(gu("gu", "1", "1Gi")).addContainer(ngu("shared")).build();
    MemoryManagerState allocated = allocated(policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET)));
    MemoryManagerState restored = policy.start(allocated);
    QuirkLog kubelet = QuirkLog.of(Behaviour.KUBELET);

    MemoryManagerState again = allocated(policy.allocatePod(restored, pod, hint(true, 1), kubelet));
    // The budget is reserved a second time, on NUMA 1, and NUMA 0 keeps the first reservation.
    assertThat(table(again, 0, "memory").reserved()).isEqualTo(3 * GI);
    assertThat(table(again, 1, "memory").reserved()).isEqualTo(3 * GI);
    assertThat(again.podBlocks("p").orElseThrow()).containsExactly(block("memory", 3 * GI, 1));
    assertThat(kubelet.reachedQuirks()).containsExactly(KubeletQuirk.MEMORY_RESTART_REAPPLIES);
  }

  @Test
  void invariant24_d12_kubeletV137RegeneratesPodHintsFromTheFirstContainersBlocksOnly_qMemoryRestartReapplies_upstreamIssue141069() {
    Pod pod = podLevel("p", "4", "3Gi").addContainer(gu("gu", "1", "1Gi")).addContainer(ngu("shared")).build();
    MemoryManagerState restored = policy.start(allocated(policy.allocatePod(initial, pod, node0,
        QuirkLog.of(Behaviour.KUBELET))));
    QuirkLog kubelet = QuirkLog.of(Behaviour.KUBELET);

    assertThat(policy.podHints(restored, pod, kubelet).isNil()).isTrue();
    assertThat(kubelet.reachedQuirks()).containsExactly(KubeletQuirk.MEMORY_RESTART_REAPPLIES);
  }

  @Test
  void invariant24_d12_kubeletV137WritesARestoredPodsEntriesAgainAndRemovesNone_qMemoryRestartReapplies() {
    Pod pod = podLevel("p", "4", "3Gi").addContainer(gu("gu", "1", "1Gi")).addContainer(ngu("shared")).build();
    List<MemoryBlock> other = List.of(block("memory", GI, 0));
    MemoryManagerState restored = policy.start(allocated(policy.allocatePod(initial, pod, node0,
        QuirkLog.of(Behaviour.KUBELET))))
        .withContainerBlocks("p", "not-in-the-pod", other);

    MemoryManagerState again = allocated(policy.allocatePod(restored, pod, hint(true, 1),
        QuirkLog.of(Behaviour.KUBELET)));

    assertThat(again.containersOf("p")).containsOnlyKeys("gu", "not-in-the-pod", "shared");
    assertThat(again.containerBlocks("p", "not-in-the-pod").orElseThrow()).isEqualTo(other);
    assertThat(again.containerBlocks("p", "gu").orElseThrow()).containsExactly(block("memory", GI, 1));
  }

  @Test
  void d12_aPodLevelPodAllocatedTheFirstTimeReachesNoRestartQuirk_qMemoryRestartReapplies() {
    Pod pod = podLevel("p", "4", "3Gi").addContainer(gu("gu", "1", "1Gi")).addContainer(ngu("shared")).build();

    for (Behaviour behaviour : Behaviour.values()) {
      QuirkLog quirks = QuirkLog.of(behaviour);
      assertThat(allocated(policy.allocatePod(initial, pod, node0, quirks)))
          .isEqualTo(allocated(policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET))));
      assertThat(quirks.reachedQuirks()).as(behaviour.label()).isEmpty();
    }
  }

  @Test
  void invariant24_d12_restoredPodMissingSomeContainerEntriesGetsThemWithoutReservingAgainInSpecMode_qMemoryRestartReapplies() {
    Pod pod = podLevel("p", "4", "3Gi").addContainer(gu("gu", "1", "1Gi")).addContainer(ngu("shared")).build();
    MemoryManagerState allocated = allocated(policy.allocatePod(initial, pod, node0, QuirkLog.of(Behaviour.KUBELET)));
    MemoryManagerState partial = allocated.withoutContainer("p", "shared");

    assertThat(allocated(policy.allocatePod(partial, pod, hint(true, 1),
        QuirkLog.of(Behaviour.SPEC)))).isEqualTo(allocated);
  }

  @Test
  void invariant25_d12_podEntryWithoutContainerEntriesIsNotACompleteAllocationInEitherBehaviour() {
    Pod pod = podLevel("p", "4", "3Gi").addContainer(gu("gu", "1", "1Gi")).addContainer(ngu("shared")).build();
    MemoryManagerState podEntryOnly = initial.withPodBlocks("p", List.of(block("memory", 3 * GI, 1)));
    assertThat(policy.start(podEntryOnly)).isEqualTo(podEntryOnly);

    for (Behaviour behaviour : Behaviour.values()) {
      QuirkLog quirks = QuirkLog.of(behaviour);
      MemoryManagerState state = allocated(policy.allocatePod(podEntryOnly, pod, node0, quirks));
      assertThat(state).as(behaviour.label()).isEqualTo(allocated(policy.allocatePod(initial, pod, node0,
          QuirkLog.of(Behaviour.KUBELET))));
      assertThat(quirks.reachedQuirks()).as(behaviour.label()).containsExactly(KubeletQuirk.MEMORY_RESTART_REAPPLIES);
    }
    assertThat(policy.removeContainer(podEntryOnly, "p", "gu")).isEqualTo(initial);
  }

  @Test
  void gateOffPodLevelPodIsAdmittedWithoutAlignment() {
    StaticMemoryPolicy off = policy(nodes(2, 8, 2), PLRM_OFF);
    MemoryManagerState state = started(off);
    Pod pod = podLevel("p", "2", "2Gi").addContainer(gu("gu", "1", "1Gi")).build();

    assertThat(off.podHints(state, pod, QuirkLog.of(Behaviour.KUBELET)).isNil()).isTrue();
    assertThat(off.containerHints(state, pod, pod.containers().get(0), QuirkLog.of(Behaviour.KUBELET)).isNil()).isTrue();
    assertThat(allocated(off.allocate(state, pod, pod.containers().get(0), node0,
        QuirkLog.of(Behaviour.KUBELET)))).isEqualTo(state);
    assertThat(allocated(off.allocatePod(state, pod, node0, QuirkLog.of(Behaviour.KUBELET)))).isEqualTo(state);
  }

  @Test
  void containerScopeIneligibleContainerGetsNoHintsAndNoBlocks() {
    Pod pod = podLevel("p", "4", "4Gi").addContainer(gu("gu", "2", "2Gi")).addContainer(ngu("shared")).build();
    Container shared = pod.containers().get(1);

    assertThat(policy.containerHints(initial, pod, shared, QuirkLog.of(Behaviour.KUBELET)).isNil()).isTrue();
    MemoryManagerState state = allocated(policy.allocate(initial, pod, shared, ANY, QuirkLog.of(Behaviour.KUBELET)));
    assertThat(state).isEqualTo(initial);

    state = allocated(policy.allocate(state, pod, pod.containers().get(0), node0, QuirkLog.of(Behaviour.KUBELET)));
    assertThat(state.containersOf("p")).containsOnlyKeys("gu");
    assertThat(state.podEntries()).isEmpty();
    assertThat(table(state, 0, "memory").reserved()).isEqualTo(2 * GI);
  }

  @Test
  void podHintsForAPodLevelPodAreCalculatedForItsBudget() {
    Pod pod = podLevel("p", "4", "6Gi").addContainer(gu("gu", "1", "1Gi")).addContainer(ngu("shared")).build();

    assertThat(policy.podHints(initial, pod, QuirkLog.of(Behaviour.KUBELET)).byResource())
        .isEqualTo(Map.of("memory", List.of(TopologyHint.of(NumaMask.of(0, 1), true))));
  }
}
