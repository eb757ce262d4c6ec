package io.podtopo.domain.memorymanager;

import static io.podtopo.domain.memorymanager.MemoryFixtures.GI;
import static io.podtopo.domain.memorymanager.MemoryFixtures.MI;
import static io.podtopo.domain.memorymanager.MemoryFixtures.PLRM_OFF;
import static io.podtopo.domain.memorymanager.MemoryFixtures.block;
import static io.podtopo.domain.memorymanager.MemoryFixtures.gu;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.NumaMask;
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
    assertThat(POLICY.containerHints(state, pod, pod.containers().get(0)).byResource())
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
    assertThat(POLICY.containerHints(state, pod, pod.containers().get(0)).byResource())
        .isEqualTo(Map.of("memory", expected, "hugepages-2Mi", expected));
  }
}
