package io.podtopo.domain.cpumanager;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CPU Manager's view of a machine (spec §2.1): declared counts, the ratios they give, the level queries. */
class CpuTopologyTest {

  @Test
  void theCountsOfAMachineAreItsDistinctCoresSocketsAndNodesAndTheRatiosUseThem() {
    CpuTopology topo = UpstreamTopologies.dualSocketHt();
    assertThat(new int[] {topo.numCpus(), topo.numCores(), topo.numSockets(), topo.numNumaNodes(),
        topo.numUncoreCaches()}).containsExactly(12, 6, 2, 2, 0);
    assertThat(new int[] {topo.cpusPerCore(), topo.cpusPerSocket(), topo.cpusPerUncoreCache()})
        .containsExactly(2, 6, 0);
  }

  /** Issue 26 item 2: {@code align-by-socket}'s NUMA nodes per socket, one definition; 0 without sockets. */
  @Test
  void issue26_item2_numaNodesPerSocketIsTheDeclaredNodesOverTheDeclaredSockets() {
    assertThat(UpstreamTopologies.dualSocketMultiNumaPerSocketHt().numaNodesPerSocket()).isEqualTo(2);
    assertThat(UpstreamTopologies.dualSocketHt().numaNodesPerSocket()).isEqualTo(1);
    assertThat(UpstreamTopologies.multiSocketDualSocketPerNumaHt().numaNodesPerSocket())
        .as("2 NUMA nodes over 4 sockets, in integers").isZero();
    CpuTopology noSockets = CpuTopology.declared(UpstreamTopologies.machine("no-sockets", 4,
        id -> Cpu.of(id, id, 0, id / 2, 0)), 4, 4, 0, 0);
    assertThat(noSockets.numNumaNodes()).isEqualTo(2);
    assertThat(noSockets.numaNodesPerSocket()).isZero();
  }

  @Test
  void declaredCountsNeedNotMatchTheCpusListed_pitfall9() {
    // Like topoSingleSocketSingleNumaPerSocketNoSMTSmallUncore: 64 single-thread cores listed, 128 CPUs declared.
    CpuTopology topo = CpuTopology.declared(UpstreamTopologies.machine("nosmt-declared-128", 64,
        id -> Cpu.of(id, id, 0, 0, id / 4)), 128, 64, 1, 16);
    assertThat(new int[] {topo.numCpus(), topo.numCores(), topo.numSockets(), topo.numNumaNodes(),
        topo.numUncoreCaches()}).containsExactly(128, 64, 1, 1, 16);
    assertThat(new int[] {topo.cpusPerCore(), topo.cpusPerSocket(), topo.cpusPerUncoreCache()})
        .containsExactly(2, 128, 8);
    assertThat(topo.cpus()).isEqualTo(CpuSet.range(0, 63));
  }

  @Test
  void cpuIdsTheMachineDoesNotHaveBelongToNoElement() {
    // CPUs 2 and 3 only, on NUMA node 1: ids 0 and 1 below them and 4 past them are on no node, socket or core.
    CpuTopology topo = CpuTopology.of(Machine.ofCpus("sparse", List.of(Cpu.of(2, 2, 1, 1, 0), Cpu.of(3, 3, 1, 1, 0))));
    assertThat(topo.numaNodesOf(CpuSet.of(0, 1))).isEqualTo(CpuSet.empty());
    assertThat(topo.socketsOf(CpuSet.of(4))).isEqualTo(CpuSet.empty());
    assertThat(topo.coresOf(CpuSet.of(1, 3, 4))).isEqualTo(CpuSet.of(3));
    assertThat(topo.numaNodesOf(CpuSet.of(0, 3))).isEqualTo(CpuSet.of(1));
  }
}
