package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.CpuSortingStrategy.PACKED;
import static io.podtopo.domain.cpumanager.CpuSortingStrategy.SPREAD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.topology.Cpu;
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
  void asManySocketsAsNumaNodesIsNumaFirstSoTheNumaOrderChoosesTheSocket_pitfall8() {
    // Socket 0 holds NUMA node 1 and socket 1 NUMA node 0: NUMA node 0 comes first, and with it socket 1.
    CpuTopology crossed =
        CpuTopology.of(UpstreamTopologies.machine("crossed", 4, id -> Cpu.of(id, id, id / 2, 1 - id / 2, 0)));
    assertThat(CpuAssignment.takeByTopologyNumaPacked(crossed, CpuSet.parse("0-3"), 1, PACKED, false))
        .isEqualTo(CpuSet.of(2));
  }

  @Test
  void numaFirstMachinesWithSocketsInsideNumaNodesTakeAWholeNumaNodeFirst() {
    // NUMA node 0 misses CPU 10, so it comes first and its socket 0 is free; the whole NUMA node 1 wins.
    assertThat(packed(UpstreamTopologies.multiSocketDualSocketPerNumaHt(), "0-9,11-79", 40))
        .isEqualTo(CpuSet.parse("20-39,60-79"));
  }

  @Test
  void numaFirstMachinesThenTakeAWholeSocketBeforeWholeCores() {
    // Socket 0 misses core 0 and comes first in the core order; the whole socket 1 is taken instead of its cores.
    assertThat(packed(UpstreamTopologies.multiSocketDualSocketPerNumaHt(), "1-39,41-79", 20))
        .isEqualTo(CpuSet.parse("10-19,50-59"));
  }

  @Test
  void socketsFirstMachinesListTheCoresNumaNodeByNumaNode() {
    // NUMA node 0 (five free cores) has fewer free CPUs than NUMA node 1, whose core 10 has a single free
    // CPU: the cores of NUMA node 0 come first, though core 10 is the fullest of the socket.
    assertThat(packed(UpstreamTopologies.dualSocketMultiNumaPerSocketHt(), "0-4,10-19,40-44,51-59", 1))
        .isEqualTo(CpuSet.of(0));
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
