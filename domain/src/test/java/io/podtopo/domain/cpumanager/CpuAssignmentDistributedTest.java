package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.CpuSortingStrategy.PACKED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import org.junit.jupiter.api.Test;

/** Spec §2.7 takeByTopologyNUMADistributed and pitfall 11. */
class CpuAssignmentDistributedTest {

  private static CpuSet distributed(String available, int n, int groupSize) {
    return CpuAssignment.takeByTopologyNumaDistributed(UpstreamTopologies.dualSocketMultiNumaPerSocketHt(),
        CpuSet.parse(available), n, groupSize, PACKED);
  }

  @Test
  void evenShareOnEveryNumaNodeWhenAllAreNeeded() {
    assertThat(distributed("0-79", 64, 1)).isEqualTo(CpuSet.parse("0-7,10-17,20-27,30-37,40-47,50-57,60-67,70-77"));
  }

  @Test
  void theFewestNumaNodesWithTheBestBalanceWinAndTheRemainderGoesToTheFirstOnes() {
    assertThat(distributed("0-79", 26, 1)).isEqualTo(CpuSet.parse("0-6,10-16,40-45,50-55"));
  }

  @Test
  void groupsOfTwoKeepSharesInWholeGroups() {
    assertThat(distributed("0-79", 26, 2)).isEqualTo(CpuSet.parse("0-6,10-15,40-46,50-55"));
  }

  @Test
  void remainderIsSpreadOverTheSubsetLeavingTheBestBalance() {
    assertThat(distributed("0-79", 62, 1)).isEqualTo(CpuSet.parse("0-7,10-17,20-27,30-37,40-47,50-57,60-66,70-76"));
  }

  @Test
  void theFewestNumaNodesAreCountedFromTheAverageNodeNotTheLargest() {
    // NUMA node 0 has 12 CPUs, node 1 has 4: 8 groups of 2, 4 per node on average, so 5 groups need at
    // least 2 nodes although node 0 alone could hold them. Node 1 gives 4, node 0 its share and the remainder.
    CpuTopology uneven = CpuTopology.of(UpstreamTopologies.machine("12+4", 16,
        id -> Cpu.of(id, id, id / 12, id / 12, 0)));
    assertThat(CpuAssignment.takeByTopologyNumaDistributed(uneven, CpuSet.parse("0-15"), 10, 2, PACKED))
        .isEqualTo(CpuSet.parse("0-5,12-15"));
  }

  @Test
  void aCombinationShortOfWholeGroupsIsSkippedBeforeItsRemainderIsScored_qNumaRemainderLoop() {
    // Four NUMA nodes of 4 cores (siblings 2k and 2k+1) with 5, 5, 2 and 2 free CPUs: together they hold 14
    // CPUs but only 6 groups of 2. Kubelet v1.37 skips that combination at its whole-groups check, before
    // the remainder loop of D-16, and falls back to the packed selection.
    CpuTopology fourNodes = CpuTopology.of(UpstreamTopologies.machine("4n-smt2", 32,
        id -> Cpu.of(id, id / 2, 0, id / 8, 0)));
    CpuSet available = CpuSet.parse("0-4,8-12,16-17,24-25");
    QuirkLog kubelet = QuirkLog.of(Behaviour.KUBELET);
    assertThat(CpuAssignment.takeByTopologyNumaDistributed(fourNodes, available, 14, 2, PACKED, kubelet))
        .isEqualTo(CpuAssignment.takeByTopologyNumaPacked(fourNodes, available, 14, PACKED, false));
    assertThat(kubelet.reachedQuirks()).isEmpty();
  }

  @Test
  void aRequestNotMultipleOfTheGroupSizeFallsBackToPacked() {
    CpuTopology topo = UpstreamTopologies.dualSocketMultiNumaPerSocketHt();
    CpuSet all = CpuSet.parse("0-79");
    assertThat(CpuAssignment.takeByTopologyNumaDistributed(topo, all, 25, 2, PACKED))
        .isEqualTo(CpuAssignment.takeByTopologyNumaPacked(topo, all, 25, PACKED, false));
  }

  @Test
  void notEnoughCpusFailWithUpstreamText() {
    assertThatThrownBy(() -> CpuAssignment.takeByTopologyNumaDistributed(UpstreamTopologies.singleSocketHt(),
        CpuSet.parse("0,2,4,6"), 5, 1, PACKED))
        .hasMessage("not enough cpus available to satisfy request: requested=5, available=4");
  }

  @Test
  void zeroCpusGiveTheEmptySet() {
    assertThat(distributed("0-79", 0, 2)).isEqualTo(CpuSet.empty());
  }
}
