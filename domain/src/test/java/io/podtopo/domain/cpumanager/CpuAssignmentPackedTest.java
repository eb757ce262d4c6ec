package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.CpuSortingStrategy.PACKED;
import static io.podtopo.domain.cpumanager.CpuSortingStrategy.SPREAD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.topology.CpuSet;
import org.junit.jupiter.api.Test;

/** Spec §2.7, takeByTopologyNUMAPacked: the worked examples, one rule each. */
class CpuAssignmentPackedTest {

  private static CpuSet packed(CpuTopology topo, String available, int n) {
    return CpuAssignment.takeByTopologyNumaPacked(topo, CpuSet.parse(available), n, PACKED, false);
  }

  @Test
  void zeroCpusGiveTheEmptySetWithoutError() {
    assertThat(packed(UpstreamTopologies.singleSocketHt(), "", 0)).isEqualTo(CpuSet.empty());
  }

  @Test
  void tooFewAvailableCpusFailBeforeAnyStepWithUpstreamText() {
    assertThatThrownBy(() -> packed(UpstreamTopologies.singleSocketHt(), "0,2,4,6", 5))
        .isInstanceOf(CpuAllocationException.class)
        .hasMessage("not enough cpus available to satisfy request: requested=5, available=4");
  }

  @Test
  void availableCountInTheErrorIsTheArgumentSizeNotTheTopologyPart() {
    assertThatThrownBy(() -> packed(UpstreamTopologies.singleSocketHt(), "6-9", 4))
        .hasMessage("not enough cpus available to satisfy request: requested=4, available=4");
  }

  @Test
  void singleCpuComesFromTheCoreWithFewestFreeCpus() {
    assertThat(packed(UpstreamTopologies.singleSocketHt(), "1,3,5-7", 1)).isEqualTo(CpuSet.of(6));
  }

  @Test
  void twoCpusOnSmtTakeOneWholeCore() {
    assertThat(packed(UpstreamTopologies.singleSocketHt(), "0-7", 2)).isEqualTo(CpuSet.of(0, 4));
  }

  @Test
  void aWholeFreeNumaNodeIsTakenFirstOnNumaFirstMachines() {
    assertThat(packed(UpstreamTopologies.dualSocketHt(), "0-11", 6)).isEqualTo(CpuSet.parse("0,2,4,6,8,10"));
  }

  @Test
  void afterAWholeNumaNodeWholeCoresComeFromTheNextSocket() {
    assertThat(packed(UpstreamTopologies.dualSocketHt(), "0-11", 8)).isEqualTo(CpuSet.parse("0-2,4,6-8,10"));
  }

  @Test
  void socketsFirstMachinesTakeAWholeNumaNodeWhenLessThanASocketIsNeeded() {
    assertThat(packed(UpstreamTopologies.dualSocketMultiNumaPerSocketHt(), "0-79", 20))
        .isEqualTo(CpuSet.parse("0-9,40-49"));
  }

  @Test
  void socketsFirstMachinesTakeAWholeSocketThenAWholeNumaNode() {
    assertThat(packed(UpstreamTopologies.dualSocketMultiNumaPerSocketHt(), "1-39,41-79", 60))
        .isEqualTo(CpuSet.parse("10-39,50-79"));
  }

  @Test
  void spreadHandsOutCpusSocketBySocketInIdOrder() {
    assertThat(CpuAssignment.takeByTopologyNumaPacked(UpstreamTopologies.singleSocketHt(), CpuSet.parse("0-7"), 3,
        SPREAD, false)).isEqualTo(CpuSet.of(0, 1, 2));
  }

  @Test
  void spreadSkipsTheWholeCoreStepAfterAWholeNumaNode() {
    assertThat(CpuAssignment.takeByTopologyNumaPacked(UpstreamTopologies.dualSocketHt(), CpuSet.parse("0-11"), 8,
        SPREAD, false)).isEqualTo(CpuSet.parse("0-4,6,8,10"));
  }
}
