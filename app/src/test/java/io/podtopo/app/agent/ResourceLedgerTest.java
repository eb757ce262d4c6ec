package io.podtopo.app.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.memorymanager.MemoryMachineState;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.MemoryTable;
import io.podtopo.domain.memorymanager.NumaNodeState;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.NodeSnapshot;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ledger {@link AgentKillLoop} reads every saved state with after a kill (issue 12): it balances
 * on a real node's state and finds a CPU or memory leaked or held twice.
 */
class ResourceLedgerTest {

  @TempDir
  Path dir;

  private NodeSnapshot node;

  @BeforeEach
  void theKillScenariosUninterruptedRun() {
    node = new KillScenario().reference(dir).snapshot();
  }

  @Test
  void theBooksOfANodeThatRanTheKillScenarioBalance_ag3() {
    assertThat(node.activePods()).isNotEmpty();
    assertThat(ResourceLedger.problems(AgentFixtures.MACHINE, node)).isEmpty();
  }

  @Test
  void aCpuInNoPoolAndInNoPodLeaked_ag3() {
    CpuManagerState cpu = node.state().cpu();
    int lost = cpu.defaultCpuSet().last();

    NodeSnapshot broken = withCpu(cpu.withDefaultCpuSet(cpu.defaultCpuSet().difference(CpuSet.of(lost))));

    assertThat(ResourceLedger.problems(AgentFixtures.MACHINE, broken))
        .containsExactly("CPU " + lost + " leaked: neither in the default set nor held by a pod");
  }

  @Test
  void aPodsCpuAlsoInTheDefaultSetIsHeldTwice_ag3() {
    CpuManagerState cpu = node.state().cpu();
    Pod pod = node.activePods().get(0);
    int taken = cpu.podCpus(pod.uid()).orElseGet(() -> cpu.containerEntries(pod.uid()).values().iterator().next())
        .first();

    NodeSnapshot broken = withCpu(cpu.withDefaultCpuSet(cpu.defaultCpuSet().union(CpuSet.of(taken))));

    assertThat(ResourceLedger.problems(AgentFixtures.MACHINE, broken)).singleElement().asString()
        .startsWith("CPU " + taken + " held twice: by [default set, pod " + pod.name() + "]");
  }

  @Test
  void memoryReservedForNoPodLeakedAndAPodNoLongerActiveKeepsNothing_ag3() {
    Pod gone = node.activePods().get(0);
    NodeSnapshot forgotten = new NodeSnapshot.Builder().from(node)
        .activePods(node.activePods().subList(1, node.activePods().size())).build();

    assertThat(ResourceLedger.problems(AgentFixtures.MACHINE, forgotten))
        .anyMatch(problem -> problem.startsWith("memory on NUMA nodes [") && problem.contains(" leaked: "))
        .anyMatch(problem -> problem.contains("pod " + gone.uid() + ", which is not active"))
        .anyMatch(problem -> problem.startsWith("CPU ") && problem.contains(" leaked"));
  }

  @Test
  void aTableWhoseFreeAndReservedMissTheAllocatableIsRefusedAndMoreHeldThanReservedIsGivenTwice_ag3() {
    MemoryManagerState memory = node.state().memory();
    NumaNodeState zero = memory.machineState().nodes().get(0);
    MemoryTable table = zero.memoryMap().get("memory");
    MemoryTable shrunk = MemoryTable.of(table.total(), table.systemReserved(), table.allocatable(),
        table.reserved() - 1, table.free());
    NodeSnapshot broken = withMemory(new MemoryManagerState.Builder().from(memory)
        .machineState(new MemoryMachineState.Builder().from(memory.machineState())
            .putNode(0, new NumaNodeState.Builder().from(zero).putMemoryMap("memory", shrunk).build()).build())
        .build());

    assertThat(ResourceLedger.problems(AgentFixtures.MACHINE, broken)).containsExactly(
        "memory on NUMA node 0: free " + table.free() + " + reserved " + (table.reserved() - 1)
            + " is not allocatable " + table.allocatable() + " (or one is negative)",
        "memory on NUMA nodes [0] given twice: " + (table.reserved() - 1) + " bytes reserved, the pods hold "
            + table.reserved());
  }

  private NodeSnapshot withCpu(CpuManagerState cpu) {
    return new NodeSnapshot.Builder().from(node).state(new NodeState.Builder().from(node.state()).cpu(cpu).build())
        .build();
  }

  private NodeSnapshot withMemory(MemoryManagerState memory) {
    return new NodeSnapshot.Builder().from(node)
        .state(new NodeState.Builder().from(node.state()).memory(memory).build()).build();
  }
}
