package io.podtopo.domain.memorymanager;

import static io.podtopo.domain.memorymanager.MemoryFixtures.GI;
import static io.podtopo.domain.memorymanager.MemoryFixtures.MI;
import static io.podtopo.domain.memorymanager.MemoryFixtures.PLRM_OFF;
import static io.podtopo.domain.memorymanager.MemoryFixtures.allocated;
import static io.podtopo.domain.memorymanager.MemoryFixtures.block;
import static io.podtopo.domain.memorymanager.MemoryFixtures.gu;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.MaskFamily;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Container hints against a machine state with a multi-NUMA group (upstream
 * {@code TestStaticPolicyGetTopologyHints}): grouped nodes serve neither single-NUMA hints nor other
 * groups; preference follows the allocatable-based minimum width, not what is free.
 */
class MemoryTopologyHintsTest {

  private static final StaticMemoryPolicy POLICY =
      StaticMemoryPolicy.create(List.of(), Map.of(0, Map.of("memory", 512 * MI)), PLRM_OFF);

  private static NumaNodeState node(int assignments, List<Integer> cells, MemoryTable memory, String hugepageType,
      MemoryTable hugepages) {
    return new NumaNodeState.Builder().numberOfAssignments(assignments).cells(cells)
        .putMemoryMap("memory", memory).putMemoryMap(hugepageType, hugepages).build();
  }

  @Test
  void groupedNodesLeaveOnlyUngroupedNodesAndTheirPairAsHints() {
    MemoryMachineState machine = new MemoryMachineState.Builder()
        .putNode(0, node(2, List.of(0, 1), MemoryTable.of(2 * GI, 512 * MI, 1536 * MI, 1536 * MI, 0),
            "hugepages-1Gi", MemoryTable.of(GI, 0, GI, GI, 0)))
        .putNode(1, node(2, List.of(0, 1), MemoryTable.of(2 * GI, 512 * MI, 1536 * MI, 512 * MI, GI),
            "hugepages-1Gi", MemoryTable.of(GI, 0, GI, GI, 0)))
        .putNode(2, node(0, List.of(2), MemoryTable.unused(2 * GI, 512 * MI, 1536 * MI),
            "hugepages-1Gi", MemoryTable.unused(GI, 0, GI)))
        .putNode(3, node(0, List.of(3), MemoryTable.unused(2 * GI, 512 * MI, 1536 * MI),
            "hugepages-1Gi", MemoryTable.unused(GI, 0, GI)))
        .build();
    MemoryManagerState state = new MemoryManagerState.Builder().machineState(machine).build()
        .withContainerBlocks("pod1", "container1",
            List.of(block("memory", 2 * GI, 0, 1), block("hugepages-1Gi", 2 * GI, 0, 1)));
    Pod pod = new Pod.Builder().uid("pod2").addContainer(gu("container2", "1000Mi", "1Gi", "hugepages-1Gi", "1Gi"))
        .build();

    List<TopologyHint> expected = List.of(TopologyHint.of(NumaMask.of(2), true), TopologyHint.of(NumaMask.of(3), true),
        TopologyHint.of(NumaMask.of(2, 3), false));
    assertThat(POLICY.containerHints(state, pod, pod.containers().get(0), QuirkLog.of(Behaviour.KUBELET)).byResource())
        .isEqualTo(Map.of("memory", expected, "hugepages-1Gi", expected));
  }

  @Test
  void groupThatFitsOnOneNodeByAllocatableIsNotPreferred() {
    MemoryMachineState machine = new MemoryMachineState.Builder()
        .putNode(0, node(2, List.of(0, 1), MemoryTable.of(2 * GI, 512 * MI, 1536 * MI, 1536 * MI, 0),
            "hugepages-2Mi", MemoryTable.of(20 * MI, 0, 20 * MI, 20 * MI, 0)))
        .putNode(1, node(2, List.of(0, 1), MemoryTable.of(2 * GI, 512 * MI, 1536 * MI, 512 * MI, GI),
            "hugepages-2Mi", MemoryTable.of(20 * MI, 0, 20 * MI, 4 * MI, 16 * MI)))
        .build();
    MemoryManagerState state = new MemoryManagerState.Builder().machineState(machine).build();
    Pod pod = new Pod.Builder().uid("pod2").addContainer(gu("container2", "1000Mi", "1Gi", "hugepages-2Mi", "16Mi"))
        .build();

    List<TopologyHint> expected = List.of(TopologyHint.of(NumaMask.of(0, 1), false));
    assertThat(POLICY.containerHints(state, pod, pod.containers().get(0), QuirkLog.of(Behaviour.KUBELET)).byResource())
        .isEqualTo(Map.of("memory", expected, "hugepages-2Mi", expected));
  }

  /** On 7 free NUMA nodes a small request fits every one of the 127 masks, in {@code IterateBitMasks} order. */
  @Test
  void everyMaskOfSevenFreeNodesIsAHintInOrder_mem2() {
    StaticMemoryPolicy policy = MemoryFixtures.policy(MemoryFixtures.nodes(7, 4, 0), PLRM_OFF);
    Pod pod = new Pod.Builder().uid("p").addContainer(gu("c", "1", "1Gi")).build();

    List<TopologyHint> hints = policy.containerHints(MemoryFixtures.started(policy), pod, pod.containers().get(0), QuirkLog.of(Behaviour.KUBELET))
        .byResource().get("memory");

    assertThat(hints).hasSize(127).isEqualTo(NumaMask.allCombinations(List.of(0, 1, 2, 3, 4, 5, 6)).stream()
        .map(mask -> TopologyHint.of(mask, mask.count() == 1)).toList());
  }

  /**
   * ADR 0007: on 64 NUMA nodes (2^64 masks) the hints are a rule that answers without listing the
   * masks, also beside a node without free memory; {@code --explain} shows the rule.
   */
  @Test
  void hintsOnSixtyFourNodesAnswerWithoutListingTheMasks_mem2() {
    StaticMemoryPolicy policy = MemoryFixtures.policy(MemoryFixtures.nodes(64, 4, 0), PLRM_OFF);
    Pod first = new Pod.Builder().uid("p").addContainer(gu("c", "1", "3Gi")).build();
    MemoryManagerState state = allocated(policy.allocate(MemoryFixtures.started(policy), first,
        first.containers().get(0), MemoryFixtures.ANY, QuirkLog.of(Behaviour.KUBELET)));
    assertThat(state.containerBlocks("p", "c").orElseThrow()).containsExactly(block("memory", 3 * GI, 0));
    Pod second = new Pod.Builder().uid("q").addContainer(gu("c", "1", "1Gi")).build();

    MaskFamily family = policy.containerHints(state, second, second.containers().get(0), QuirkLog.of(Behaviour.KUBELET)).resourceHints()
        .get("memory").family().orElseThrow();

    assertThat(family.contains(NumaMask.of(0).bits())).isFalse();
    assertThat(family.contains(NumaMask.of(1).bits())).isTrue();
    assertThat(family.isPreferred(NumaMask.of(1).bits())).isTrue();
    assertThat(family.contains(NumaMask.of(1, 63).bits())).isTrue();
    assertThat(family.isPreferred(NumaMask.of(1, 63).bits())).isFalse();
    assertThat(family.description()).isEqualTo("masks of NUMA " + NumaMask.fromBits(~1L)
        + " with {memory=1073741824} allocatable and free, or one of a few more; preferred width 1");
    assertThat(allocated(policy.allocate(state, second, second.containers().get(0), MemoryFixtures.ANY,
        QuirkLog.of(Behaviour.KUBELET)))
        .containerBlocks("q", "c").orElseThrow()).containsExactly(block("memory", GI, 1));
  }
}
