package io.podtopo.domain.memorymanager;

import static io.podtopo.domain.memorymanager.MemoryFixtures.ANY;
import static io.podtopo.domain.memorymanager.MemoryFixtures.GI;
import static io.podtopo.domain.memorymanager.MemoryFixtures.MI;
import static io.podtopo.domain.memorymanager.MemoryFixtures.PLRM_OFF;
import static io.podtopo.domain.memorymanager.MemoryFixtures.allocated;
import static io.podtopo.domain.memorymanager.MemoryFixtures.block;
import static io.podtopo.domain.memorymanager.MemoryFixtures.gu;
import static io.podtopo.domain.memorymanager.MemoryFixtures.hint;
import static io.podtopo.domain.memorymanager.MemoryFixtures.nodes;
import static io.podtopo.domain.memorymanager.MemoryFixtures.policy;
import static io.podtopo.domain.memorymanager.MemoryFixtures.refused;
import static io.podtopo.domain.memorymanager.MemoryFixtures.started;
import static io.podtopo.domain.memorymanager.MemoryFixtures.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.admission.MemoryManagerError;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletGivesNoAnswer;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Per-container allocation and release (kubelet-algorithms §3.2, §3.3; pitfall 18): group rules,
 * greedy fill, assignment counting and group reset, hint regeneration, the best hint.
 */
class StaticMemoryPolicyAllocateTest {

  private final StaticMemoryPolicy policy = policy(nodes(3, 4, 1), PLRM_OFF);

  private static Pod pod(String uid, Container container) {
    return new Pod.Builder().uid(uid).addContainer(container).build();
  }

  private MemoryManagerState allocate(MemoryManagerState state, String uid, String memory, TopologyHint hint) {
    return allocated(allocation(state, uid, memory, hint));
  }

  private MemoryAllocationResult allocation(MemoryManagerState state, String uid, String memory, TopologyHint hint) {
    Pod pod = pod(uid, gu("c", "1", memory));
    return policy.allocate(state, pod, pod.containers().get(0), hint, QuirkLog.of(Behaviour.KUBELET));
  }

  @Test
  void defaultHintIsTheNarrowestPreferredMaskAndBlocksCoverEveryRequestedType() {
    Pod pod = pod("p", gu("c", "1", "1Gi", "hugepages-1Gi", "1Gi"));
    MemoryManagerState state = allocated(policy.allocate(started(policy), pod, pod.containers().get(0), ANY,
        QuirkLog.of(Behaviour.KUBELET)));

    assertThat(state.containerBlocks("p", "c").orElseThrow())
        .containsExactly(block("hugepages-1Gi", GI, 0), block("memory", GI, 0));
    assertThat(state.machineState().nodes().get(0).numberOfAssignments()).isEqualTo(2);
    assertThat(table(state, 0, "memory")).isEqualTo(MemoryTable.of(4 * GI, GI, 2 * GI, GI, GI));
  }

  @Test
  void multiNumaBlockFillsGreedilyFromTheLowestNodeAndGroupsItsNodes() {
    MemoryManagerState state = allocate(started(policy), "p", "3Gi", ANY);

    assertThat(state.containerBlocks("p", "c").orElseThrow()).containsExactly(block("memory", 3 * GI, 0, 1));
    assertThat(table(state, 0, "memory").reserved()).isEqualTo(2 * GI);
    assertThat(table(state, 1, "memory").reserved()).isEqualTo(GI);
    assertThat(state.machineState().nodes().get(0).cells()).containsExactly(0, 1);
    assertThat(state.machineState().nodes().get(1).cells()).containsExactly(0, 1);
    assertThat(state.machineState().nodes().get(2).cells()).containsExactly(2);
  }

  /** The nodes are taken in id order, whatever order the machine lists them in. */
  @Test
  void multiNumaBlockFillsFromTheLowestNodeIdWhateverTheOrderOfTheMachinesNodes() {
    List<NumaNode> reversed = new ArrayList<>(nodes(3, 4, 1));
    Collections.reverse(reversed);
    StaticMemoryPolicy listedBackwards = policy(reversed, PLRM_OFF);
    Pod pod = pod("p", gu("c", "1", "3Gi"));

    MemoryManagerState state = allocated(listedBackwards.allocate(started(listedBackwards), pod,
        pod.containers().get(0), ANY, QuirkLog.of(Behaviour.KUBELET)));

    assertThat(state).isEqualTo(allocate(started(policy), "p", "3Gi", ANY));
    assertThat(state.containerBlocks("p", "c").orElseThrow()).containsExactly(block("memory", 3 * GI, 0, 1));
  }

  @Test
  void removingAContainerThatHoldsNoMemoryLeavesTheStateAsItWas() {
    MemoryManagerState state = allocate(started(policy), "p", "1Gi", ANY);

    assertThat(policy.removeContainer(state, "p", "other")).isSameAs(state);
    assertThat(policy.removeContainer(state, "unknown", "c")).isSameAs(state);
  }

  @Test
  void nodeOfAMultiNumaGroupServesNoSingleNumaHint() {
    MemoryManagerState state = allocate(started(policy), "p", "3Gi", ANY);
    Pod small = pod("q", gu("c", "1", "512Mi"));

    List<TopologyHint> hints = policy.containerHints(state, small, small.containers().get(0), QuirkLog.of(Behaviour.KUBELET)).byResource().get("memory");

    assertThat(hints).extracting(h -> h.affinity().orElseThrow())
        .containsExactly(NumaMask.of(2), NumaMask.of(0, 1));
    assertThat(hints).extracting(TopologyHint::preferred).containsExactly(true, false);
  }

  @Test
  void nodeServingSingleNumaAllocationsJoinsNoMultiNumaHint() {
    MemoryManagerState state = allocate(started(policy), "p", "1Gi", hint(true, 0));
    Pod big = pod("q", gu("c", "1", "3Gi"));

    List<TopologyHint> hints = policy.containerHints(state, big, big.containers().get(0), QuirkLog.of(Behaviour.KUBELET)).byResource().get("memory");

    assertThat(hints).extracting(h -> h.affinity().orElseThrow()).containsExactly(NumaMask.of(1, 2));
    assertThat(hints.get(0).preferred()).isTrue();
  }

  @Test
  void hintMixingSingleAndCrossNumaUsageIsRefused() {
    MemoryManagerState state = allocate(started(policy), "p", "1Gi", hint(true, 0));
    assertThat(refused(allocation(state, "q", "3Gi", hint(false, 0, 1))))
        .isEqualTo(MemoryManagerError.of("[memorymanager] preferred hint violates NUMA node allocation"));
  }

  @Test
  void hintWithoutEnoughFreeMemoryIsExtendedToTheBestMaskContainingIt() {
    MemoryManagerState state = allocate(started(policy), "p", "3Gi", hint(false, 1));
    assertThat(state.containerBlocks("p", "c").orElseThrow()).containsExactly(block("memory", 3 * GI, 0, 1));
  }

  /**
   * A hint without NUMA nodes (single-numa-node reports its all-nodes answer so) takes the default
   * hint; a preferred one only a preferred default hint.
   */
  @Test
  void aHintWithoutNodesTakesTheDefaultHintAndAPreferredOneAPreferredDefault_mem3() {
    MemoryManagerState state = allocate(started(policy), "p", "1Gi", TopologyHint.any(true));
    assertThat(state.containerBlocks("p", "c").orElseThrow()).containsExactly(block("memory", GI, 0));

    MemoryManagerState grouped = allocate(allocate(started(policy), "p", "3Gi", ANY), "q", "1536Mi", hint(true, 2));
    assertThat(refused(allocation(grouped, "r", "1Gi", TopologyHint.any(true))))
        .isEqualTo(MemoryManagerError.of("[memorymanager] failed to find the default preferred hint"));
    assertThat(allocate(grouped, "r", "1Gi", ANY).containerBlocks("r", "c").orElseThrow())
        .containsExactly(block("memory", GI, 0, 1));
  }

  @Test
  void aPreferredHintExtendedToAMaskThatIsNotPreferredIsRefused_mem3() {
    MemoryManagerState grouped = allocate(started(policy), "p", "3Gi", ANY);

    assertThat(refused(allocation(grouped, "q", "1Gi", hint(true, 0))))
        .isEqualTo(MemoryManagerError.of("[memorymanager] failed to find the extended preferred hint"));
    assertThat(allocate(grouped, "q", "1Gi", hint(false, 0)).containerBlocks("q", "c").orElseThrow())
        .containsExactly(block("memory", GI, 0, 1));
  }

  /** Upstream {@code getDefaultHint} reads the hints of regular memory alone: none, the zero hint. */
  @Test
  void theDefaultHintOfARequestWithoutMemoryIsTheZeroHint_mem3() {
    MemoryHintCalculator calculator = new MemoryHintCalculator(started(policy).machineState(),
        QuirkLog.of(Behaviour.KUBELET));

    assertThat(calculator.defaultHint(new TreeMap<>(Map.of("hugepages-1Gi", GI)),
        ReusableInitMemory.none(), "p")).isEqualTo(TopologyHint.any(false));
  }

  @Test
  void noFittingMaskForANilHintIsAnUntypedError() {
    MemoryManagerState full = allocate(started(policy), "p", "6Gi", ANY);
    assertThat(refused(allocation(full, "q", "1Gi", ANY)))
        .isEqualTo(MemoryManagerError.of("[memorymanager] failed to get the default NUMA affinity, no NUMA nodes with "
            + "enough memory is available"));
  }

  @Test
  void assignmentsAreCountedPerBlockAndGroupsResetOnlyAtZero() {
    Pod pod = new Pod.Builder().uid("p")
        .addContainer(gu("a", "1", "3Gi", "hugepages-1Gi", "1Gi"))
        .addContainer(gu("b", "1", "512Mi"))
        .build();
    MemoryManagerState state = allocated(policy.allocate(started(policy), pod, pod.containers().get(0),
        hint(true, 0, 1), QuirkLog.of(Behaviour.KUBELET)));
    state = allocated(policy.allocate(state, pod, pod.containers().get(1), hint(true, 0, 1),
        QuirkLog.of(Behaviour.KUBELET)));
    assertThat(state.machineState().nodes().get(0).numberOfAssignments()).isEqualTo(3);
    assertThat(state.machineState().nodes().get(1).numberOfAssignments()).isEqualTo(3);

    assertThat(table(state, 1, "memory").reserved()).isEqualTo(GI + 512 * MI);

    state = policy.removeContainer(state, "p", "a");
    assertThat(state.machineState().nodes().get(0).numberOfAssignments()).isEqualTo(1);
    assertThat(state.machineState().nodes().get(0).cells()).containsExactly(0, 1);
    // a's 3Gi come back from the lowest node first: node 0's 2Gi, then 1Gi of node 1's 1.5Gi.
    assertThat(table(state, 0, "memory")).isEqualTo(MemoryTable.unused(4 * GI, GI, 2 * GI));
    assertThat(table(state, 1, "memory")).isEqualTo(MemoryTable.of(4 * GI, GI, 2 * GI, 512 * MI, GI + 512 * MI));

    state = policy.removeContainer(state, "p", "b");
    assertThat(state.machineState()).isEqualTo(policy.defaultMachineState());
    assertThat(state.containerEntries()).isEmpty();
  }

  @Test
  void containerWithBlocksKeepsThemAndRegeneratesItsHintsAsPreferred() {
    MemoryManagerState state = allocate(started(policy), "p", "3Gi", ANY);
    Pod pod = pod("p", gu("c", "1", "3Gi"));
    assertThat(allocated(policy.allocate(state, pod, pod.containers().get(0), hint(true, 2),
        QuirkLog.of(Behaviour.KUBELET)))).isEqualTo(state);
    assertThat(policy.containerHints(state, pod, pod.containers().get(0), QuirkLog.of(Behaviour.KUBELET)).byResource().get("memory"))
        .containsExactly(TopologyHint.of(NumaMask.of(0, 1), true));

    Pod resized = pod("p", gu("c", "1", "2Gi"));
    assertThat(policy.containerHints(state, resized, resized.containers().get(0), QuirkLog.of(Behaviour.KUBELET)).isNil()).isTrue();
    Pod withHugepages = pod("p", gu("c", "1", "3Gi", "hugepages-1Gi", "1Gi"));
    assertThat(policy.containerHints(state, withHugepages, withHugepages.containers().get(0), QuirkLog.of(Behaviour.KUBELET)).isNil()).isTrue();
  }

  @Test
  void nonGuaranteedPodGetsNoHintsAndNoMemory() {
    Container burstable = new Container.Builder().name("c")
        .putRequest("cpu", Quantity.parse("1")).putLimit("cpu", Quantity.parse("1"))
        .putRequest("memory", Quantity.parse("1Gi")).putLimit("memory", Quantity.parse("2Gi")).build();
    Pod pod = pod("p", burstable);
    MemoryManagerState state = started(policy);

    assertThat(policy.containerHints(state, pod, burstable, QuirkLog.of(Behaviour.KUBELET)).isNil()).isTrue();
    assertThat(policy.podHints(state, pod, QuirkLog.of(Behaviour.KUBELET)).isNil()).isTrue();
    assertThat(allocated(policy.allocate(state, pod, burstable, ANY, QuirkLog.of(Behaviour.KUBELET)))).isEqualTo(state);
  }

  @Test
  void bestHintPrefersPreferredThenNarrower() {
    TopologyHint wide = TopologyHint.of(NumaMask.of(0, 1), true);
    TopologyHint narrow = TopologyHint.of(NumaMask.of(2), true);
    TopologyHint notPreferred = TopologyHint.of(NumaMask.of(0), false);

    assertThat(MemoryHintCalculator.best(List.of(notPreferred, wide, narrow))).isEqualTo(narrow);
    assertThat(MemoryHintCalculator.best(List.of())).isEqualTo(TopologyHint.any(false));
  }

  @Test
  void requestThatIsNotAWholeNumberOfBytesIsRefused() {
    Pod pod = pod("p", gu("c", "1", "1500m"));
    assertThat(refused(policy.allocate(started(policy), pod, pod.containers().get(0), ANY,
        QuirkLog.of(Behaviour.KUBELET))))
        .isEqualTo(MemoryManagerError.of("[memorymanager] failed to represent quantity as int64"));
    assertThat(policy.containerHints(started(policy), pod, pod.containers().get(0), QuirkLog.of(Behaviour.KUBELET)).isNil()).isTrue();
    assertThat(policy.podHints(started(policy), pod, QuirkLog.of(Behaviour.KUBELET)).isNil()).isTrue();
  }

  @Test
  void d11_nodeWithoutAPageSizeTakesNoPartInMasksForThatSizeInSpecMode_qMemoryMissingTable() {
    StaticMemoryPolicy mixed = nodeOneAloneWithGigPages();
    Pod pod = pod("p", gu("c", "1", "1Gi", "hugepages-1Gi", "1Gi"));
    QuirkLog spec = QuirkLog.of(Behaviour.SPEC);

    MemoryManagerState state = allocated(mixed.allocate(started(mixed), pod, pod.containers().get(0), ANY, spec));

    assertThat(state.containerBlocks("p", "c").orElseThrow())
        .containsExactly(block("hugepages-1Gi", GI, 1), block("memory", GI, 1));
    assertThat(mixed.start(state)).isEqualTo(state);
    assertThat(spec.reachedQuirks()).containsExactly(KubeletQuirk.MEMORY_MISSING_TABLE);
    assertThat(refused(mixed.allocate(started(mixed), pod, pod.containers().get(0), hint(false, 0),
        QuirkLog.of(Behaviour.SPEC))))
        .isEqualTo(MemoryManagerError.of(
            "[memorymanager] failed to find NUMA nodes to extend the current topology hint"));
  }

  @Test
  void d11_kubeletV137DereferencesTheMissingTableAndCrashes_qMemoryMissingTable() {
    StaticMemoryPolicy mixed = nodeOneAloneWithGigPages();
    Pod pod = pod("p", gu("c", "1", "1Gi", "hugepages-1Gi", "1Gi"));
    Container container = pod.containers().get(0);

    assertThatThrownBy(() -> mixed.allocate(started(mixed), pod, container, ANY, QuirkLog.of(Behaviour.KUBELET)))
        .isInstanceOfSatisfying(KubeletGivesNoAnswer.class,
            e -> assertThat(e.quirk()).isEqualTo(KubeletQuirk.MEMORY_MISSING_TABLE));
    assertThatThrownBy(() -> mixed.containerHints(started(mixed), pod, container, QuirkLog.of(Behaviour.KUBELET)))
        .isInstanceOf(KubeletGivesNoAnswer.class);
    Pod memoryOnly = pod("q", gu("c", "1", "1Gi"));
    assertThat(mixed.containerHints(started(mixed), memoryOnly, memoryOnly.containers().get(0),
        QuirkLog.of(Behaviour.KUBELET)).isNil()).isFalse();
  }

  /** Upstream {@code isAffinitySatisfyRequest} reads the state of every node of the hint: a node it lacks is nil. */
  @Test
  void d11_aHintNamingANumaNodeTheMachineLacksCrashesKubeletV137AndIsRefusedInSpecMode_qMemoryMissingTable() {
    Pod pod = pod("p", gu("c", "1", "1Gi"));
    Container container = pod.containers().get(0);

    assertThatThrownBy(() -> policy.allocate(started(policy), pod, container, hint(true, 5),
        QuirkLog.of(Behaviour.KUBELET)))
        .isInstanceOfSatisfying(KubeletGivesNoAnswer.class,
            e -> assertThat(e.quirk()).isEqualTo(KubeletQuirk.MEMORY_MISSING_TABLE));
    QuirkLog spec = QuirkLog.of(Behaviour.SPEC);
    assertThat(refused(policy.allocate(started(policy), pod, container, hint(true, 5), spec)))
        .isEqualTo(MemoryManagerError.of(
            "[memorymanager] failed to find NUMA nodes to extend the current topology hint"));
    assertThat(spec.reachedQuirks()).containsExactly(KubeletQuirk.MEMORY_MISSING_TABLE);
  }

  private static StaticMemoryPolicy nodeOneAloneWithGigPages() {
    return StaticMemoryPolicy.create(List.of(
        new NumaNode.Builder().id(0).memoryBytes(4 * GI).build(),
        new NumaNode.Builder().id(1).memoryBytes(4 * GI).putHugepage(GI, 1L).build()),
        java.util.Map.of(0, java.util.Map.of("memory", GI)), PLRM_OFF);
  }

  /**
   * Quirk {@code Q-memory-single-node-in-group} (decision D-13, pitfall 18): kubelet v1.37's
   * allocation-time group check lets a single-NUMA mask through, so a best-effort hint narrowed to
   * one node of a multi-NUMA group lands there and resets that node's group; once the other blocks
   * go, the state no longer matches what {@code start} recomputes.
   */
  @Test
  void d13_kubeletV137DoesNotRefuseASingleNumaHintOnANodeOfAGroupAtAllocation_qMemorySingleNodeInGroup() {
    MemoryManagerState grouped = allocate(started(policy), "p", "3Gi", ANY);
    Pod pod = pod("q", gu("c", "1", "512Mi"));
    QuirkLog kubelet = QuirkLog.of(Behaviour.KUBELET);

    MemoryManagerState state = allocated(policy.allocate(grouped, pod, pod.containers().get(0), hint(false, 1),
        kubelet));

    assertThat(state.containerBlocks("q", "c").orElseThrow()).containsExactly(block("memory", 512L << 20, 1));
    assertThat(state.machineState().nodes().get(1).cells()).containsExactly(1);
    assertThat(state.machineState().nodes().get(0).cells()).containsExactly(0, 1);
    assertThat(kubelet.reachedQuirks()).containsExactly(KubeletQuirk.MEMORY_SINGLE_NODE_IN_GROUP);
  }

  @Test
  void d13_aSingleNumaHintOnANodeOfAGroupIsRefusedAsTheHintsRefuseItInSpecMode_qMemorySingleNodeInGroup() {
    MemoryManagerState grouped = allocate(started(policy), "p", "3Gi", ANY);
    Pod pod = pod("q", gu("c", "1", "512Mi"));

    assertThat(refused(policy.allocate(grouped, pod, pod.containers().get(0), hint(false, 1),
        QuirkLog.of(Behaviour.SPEC))))
        .isEqualTo(MemoryManagerError.of("[memorymanager] preferred hint violates NUMA node allocation"));
  }
}
