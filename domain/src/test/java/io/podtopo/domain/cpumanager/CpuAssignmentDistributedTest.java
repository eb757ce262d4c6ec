package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.CpuSortingStrategy.PACKED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
