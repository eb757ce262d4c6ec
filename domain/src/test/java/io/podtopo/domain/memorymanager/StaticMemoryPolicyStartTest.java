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
import static io.podtopo.domain.memorymanager.MemoryFixtures.started;
import static io.podtopo.domain.memorymanager.MemoryFixtures.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.NumaNode;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Construction, the default machine state and {@code start} (kubelet-algorithms §3.1, §3.3). */
class StaticMemoryPolicyStartTest {

  @Test
  void staticPolicyNeedsReservedRegularMemory() {
    assertThatThrownBy(() -> StaticMemoryPolicy.create(nodes(1, 4, 0), Map.of(0, Map.of("hugepages-1Gi", GI)), PLRM_OFF))
        .isInstanceOf(MemoryManagerException.class)
        .hasMessage("[memorymanager] you should specify the system reserved memory");
    assertThat(StaticMemoryPolicy.create(List.of(), Map.of(0, Map.of(), 1, Map.of("memory", 512 * MI)), PLRM_OFF))
        .isNotNull();
  }

  @Test
  void defaultStateSubtractsReservedMemoryAndHugepagesFromAllocatable() {
    NumaNode node = new NumaNode.Builder().id(3).memoryBytes(8 * GI).putHugepage(GI, 2L).putHugepage(2 * MI, 512L).build();
    StaticMemoryPolicy policy = StaticMemoryPolicy.create(List.of(node),
        Map.of(3, Map.of("memory", GI, "hugepages-2Mi", 2 * MI)), PLRM_OFF);

    NumaNodeState state = policy.defaultMachineState().nodes().get(3);

    assertThat(state.cells()).containsExactly(3);
    assertThat(state.numberOfAssignments()).isZero();
    assertThat(state.memoryMap()).containsOnlyKeys("hugepages-1Gi", "hugepages-2Mi", "memory");
    assertThat(state.memoryMap().get("memory")).isEqualTo(MemoryTable.unused(8 * GI, GI, 8 * GI - GI - 2 * GI - GI));
    assertThat(state.memoryMap().get("hugepages-2Mi")).isEqualTo(MemoryTable.unused(GI, 2 * MI, GI - 2 * MI));
    assertThat(state.memoryMap().get("hugepages-1Gi")).isEqualTo(MemoryTable.unused(2 * GI, 0, 2 * GI));
  }

  @Test
  void hugepageResourceNamesUseCanonicalBinarySuffixes() {
    assertThat(Resources.hugepageResourceName(2 * MI)).isEqualTo("hugepages-2Mi");
    assertThat(Resources.hugepageResourceName(GI)).isEqualTo("hugepages-1Gi");
    assertThat(Resources.hugepageResourceName(64 * 1024)).isEqualTo("hugepages-64Ki");
    assertThat(Resources.hugepageResourceName(16 * GI)).isEqualTo("hugepages-16Gi");
    assertThat(Resources.hugepageResourceName(1536)).isEqualTo("hugepages-1536");
  }

  @Test
  void startFillsAnEmptyStateAndRefusesEntriesWithoutMachineState() {
    StaticMemoryPolicy policy = policy(nodes(2, 4, 1), PLRM_OFF);
    assertThat(started(policy).machineState()).isEqualTo(policy.defaultMachineState());

    MemoryManagerState orphan = MemoryManagerState.empty().withContainerBlocks("p", "c", List.of(block("memory", GI, 0)));
    assertThatThrownBy(() -> policy.start(orphan))
        .hasMessage("[memorymanager] machine state can not be empty when it has memory assignments");
  }

  @Test
  void startAcceptsTheStateItsOwnAllocationsProduce() {
    StaticMemoryPolicy policy = policy(nodes(2, 4, 1), PLRM_OFF);
    Pod pod = new Pod.Builder().uid("p").addContainer(gu("c", "1", "3Gi")).build();
    MemoryManagerState state = allocated(policy.allocate(started(policy), pod, pod.containers().get(0), ANY,
        QuirkLog.of(Behaviour.KUBELET)));

    assertThat(policy.start(state)).isEqualTo(state);
  }

  @Test
  void startRefusesAMachineStateThatDiffersFromTheEntries() {
    StaticMemoryPolicy policy = policy(nodes(1, 4, 0), PLRM_OFF);
    MemoryManagerState unaccounted = started(policy).withContainerBlocks("p", "c", List.of(block("memory", GI, 0)));
    assertThatThrownBy(() -> policy.start(unaccounted))
        .hasMessage("[memorymanager] the expected machine state is different from the real one");

    MemoryManagerState unknownNode = started(policy).withContainerBlocks("p", "c", List.of(block("memory", GI, 7)));
    assertThatThrownBy(() -> policy.start(unknownNode))
        .hasMessage("[memorymanager] (pod: p, container: c) the memory assignment uses the NUMA that does not exist");

    MemoryManagerState unknownType = started(policy).withContainerBlocks("p", "c", List.of(block("hugepages-2Mi", GI, 0)));
    assertThatThrownBy(() -> policy.start(unknownType))
        .hasMessage("[memorymanager] (pod: p, container: c) the memory assignment uses memory resource that does not exist");
  }

  /** Upstream block sizes are unsigned: no kubelet checkpoint holds a negative one. */
  @Test
  void startRefusesABlockOfNegativeSize_mem5() {
    StaticMemoryPolicy policy = policy(nodes(2, 4, 0), PLRM_ON);
    MemoryManagerState negative = started(policy).withContainerBlocks("p", "c", List.of(block("memory", -GI, 0, 1)));
    assertThatThrownBy(() -> policy.start(negative))
        .isInstanceOf(MemoryManagerException.class)
        .hasMessage("[memorymanager] (pod: p, container: c) the memory assignment has a negative size");

    MemoryManagerState negativePod = started(policy).withPodBlocks("p", List.of(block("memory", -GI, 0)))
        .withContainerBlocks("p", "c", List.of(block("memory", GI, 0)));
    assertThatThrownBy(() -> policy.start(negativePod))
        .hasMessage("[memorymanager] (pod: p, container: ) the memory assignment has a negative size");
  }

  @Test
  void aCheckpointWithoutMachineStateStartsWithTheDefaultOne_mem5() {
    StaticMemoryPolicy policy = policy(nodes(2, 4, 1), PLRM_OFF);
    MemoryManagerState fresh = new MemoryManagerState.Builder().build();

    assertThat(fresh.machineState().isEmpty()).isTrue();
    assertThat(policy.start(fresh).machineState()).isEqualTo(policy.defaultMachineState());
  }

  /** Upstream {@code areMemoryStatesEqual}: total, system reserved and allocatable per node and type. */
  @Test
  void startRefusesAStoredTableOfAnotherCapacity_mem5() {
    StaticMemoryPolicy policy = policy(nodes(2, 4, 1), PLRM_OFF);
    Pod pod = new Pod.Builder().uid("p").addContainer(gu("c", "1", "1Gi")).build();
    MemoryManagerState state = allocated(policy.allocate(started(policy), pod, pod.containers().get(0),
        hint(true, 0), QuirkLog.of(Behaviour.KUBELET)));
    assertThat(table(state, 0, "memory")).isEqualTo(MemoryTable.of(4 * GI, GI, 2 * GI, GI, GI));

    for (MemoryTable other : List.of(MemoryTable.of(5 * GI, GI, 2 * GI, GI, GI),
        MemoryTable.of(4 * GI, 512 * MI, 2 * GI, GI, GI), MemoryTable.of(4 * GI, GI, 3 * GI, GI, GI))) {
      assertThatThrownBy(() -> policy.start(withTable(state, 0, "memory", other)))
          .as("%s", other)
          .hasMessage("[memorymanager] the expected machine state is different from the real one");
    }
  }

  /**
   * Upstream {@code areMachineStatesEqual} sums free and reserved memory over the node's group: a
   * group may spread its reservation otherwise over its nodes, but not hold another amount.
   */
  @Test
  void startComparesFreeAndReservedMemorySummedOverEachGroup_mem5() {
    StaticMemoryPolicy policy = policy(nodes(2, 4, 1), PLRM_OFF);
    Pod pod = new Pod.Builder().uid("p").addContainer(gu("c", "1", "3Gi")).build();
    MemoryManagerState state = allocated(policy.allocate(started(policy), pod, pod.containers().get(0), ANY,
        QuirkLog.of(Behaviour.KUBELET)));
    assertThat(table(state, 0, "memory")).isEqualTo(MemoryTable.of(4 * GI, GI, 2 * GI, 2 * GI, 0));
    assertThat(table(state, 1, "memory")).isEqualTo(MemoryTable.of(4 * GI, GI, 2 * GI, GI, GI));

    MemoryManagerState spreadOtherwise = withTable(
        withTable(state, 0, "memory", MemoryTable.of(4 * GI, GI, 2 * GI, GI, GI)),
        1, "memory", MemoryTable.of(4 * GI, GI, 2 * GI, 2 * GI, 0));
    assertThat(policy.start(spreadOtherwise)).isEqualTo(spreadOtherwise);

    MemoryManagerState holdingMore = withTable(state, 1, "memory", MemoryTable.of(4 * GI, GI, 2 * GI, 2 * GI, 0));
    assertThatThrownBy(() -> policy.start(holdingMore))
        .hasMessage("[memorymanager] the expected machine state is different from the real one");
  }

  @Test
  void startRefusesAStoredMachineStateOfAnotherNumberOfNodes_mem5() {
    StaticMemoryPolicy policy = policy(nodes(2, 4, 1), PLRM_OFF);
    MemoryManagerState oneNode = new MemoryManagerState.Builder()
        .machineState(policy(nodes(1, 4, 1), PLRM_OFF).defaultMachineState()).build();

    assertThatThrownBy(() -> policy.start(oneNode))
        .hasMessage("[memorymanager] the expected machine state is different from the real one");
  }

  @Test
  void startCountsAPodEntryOnceForItsPodWhenPodLevelResourceManagersIsOn() {
    Pod pod = podLevel("p", "4", "2Gi").addContainer(gu("gu", "1", "1Gi")).addContainer(ngu("a"))
        .addContainer(ngu("b")).build();
    StaticMemoryPolicy on = policy(nodes(2, 4, 0), PLRM_ON);
    MemoryManagerState state = allocated(on.allocatePod(started(on), pod, ANY, QuirkLog.of(Behaviour.KUBELET)));

    assertThat(on.start(state)).isEqualTo(state);
    StaticMemoryPolicy off = policy(nodes(2, 4, 0), PLRM_OFF);
    assertThatThrownBy(() -> off.start(state))
        .hasMessage("[memorymanager] the expected machine state is different from the real one");
  }

  @Test
  void allocatableMemoryListsEveryNodeAndTypeWithAllocatableMemory() {
    StaticMemoryPolicy policy = policy(nodes(2, 4, 1), PLRM_OFF);
    assertThat(policy.allocatableMemory(started(policy))).containsExactly(
        block("hugepages-1Gi", GI, 0), block("memory", 2 * GI, 0),
        block("hugepages-1Gi", GI, 1), block("memory", 2 * GI, 1));
  }

  private static MemoryManagerState withTable(MemoryManagerState state, int node, String type, MemoryTable table) {
    NumaNodeState old = state.machineState().nodes().get(node);
    SortedMap<String, MemoryTable> tables = new TreeMap<>(old.memoryMap());
    tables.put(type, table);
    SortedMap<Integer, NumaNodeState> nodes = new TreeMap<>(state.machineState().nodes());
    nodes.put(node, new NumaNodeState.Builder().from(old).memoryMap(tables).build());
    return new MemoryManagerState.Builder().from(state)
        .machineState(new MemoryMachineState.Builder().nodes(nodes).build()).build();
  }
}
