package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.CpuSortingStrategy.PACKED;
import static io.podtopo.domain.cpumanager.CpuSortingStrategy.SPREAD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The in-place resize variants (spec §0 "ForResize" family): retained CPUs and their neighbourhood come first. */
class CpuAssignmentForResizeTest {

  private static CpuSet packed(CpuTopology topo, String available, int n, String allocated, String baseline) {
    return CpuAssignmentForResize.takeByTopologyNumaPacked(topo, CpuSet.parse(available), n, PACKED, false,
        CpuSet.parse(allocated), CpuSet.parse(baseline));
  }

  @Test
  void scaleUpKeepsTheAllocationAndCompletesItsCore() {
    assertThat(packed(UpstreamTopologies.dualSocketHt(), "0-11", 2, "11", "11")).isEqualTo(CpuSet.of(5, 11));
  }

  @Test
  void scaleUpPrefersTheNumaNodeHoldingTheRetainedCpus() {
    assertThat(packed(UpstreamTopologies.dualSocketHt(), "0-11", 6, "0,6", "0,6"))
        .isEqualTo(CpuSet.parse("0,2,4,6,8,10"));
  }

  @Test
  void scaleDownKeepsTheBaseline() {
    assertThat(packed(UpstreamTopologies.singleSocketHt(), "0,2,4,6", 2, "0,2,4,6", "0,4")).isEqualTo(CpuSet.of(0, 4));
  }

  @Test
  void unchangedSizeReturnsTheAllocationAsItIs() {
    assertThat(packed(UpstreamTopologies.dualSocketHt(), "0-11", 4, "0,2,6,8", "0,6")).isEqualTo(CpuSet.parse("0,2,6,8"));
  }

  @Test
  void scaleUpTakesAWholeNumaNodeBeforeWholeCores() {
    // Socket 0 and NUMA node 0 miss CPU 1, so neither is whole; NUMA node 1 is, and gives the 20 CPUs.
    assertThat(packed(UpstreamTopologies.dualSocketMultiNumaPerSocketHt(), "2-39,41-79", 22, "0,40", "0,40"))
        .isEqualTo(CpuSet.parse("0,10-19,40,50-59"));
  }

  @Test
  void scaleUpTriesThePartialUncoreCachesInOrderAfterTheWholeOnes() {
    // 3 CPUs beside CPU 12: the whole caches 0 and 1 have 4 free, too many; the partial cache 3 (retained)
    // has 2 free, then cache 2, the fullest of the others, has exactly 3.
    CpuSet result = CpuAssignmentForResize.takeByTopologyNumaPacked(UpstreamTopologies.uncoreSingleSocketNoSmt(),
        CpuSet.parse("0-7,9-11,14-15"), 4, PACKED, true, CpuSet.of(12), CpuSet.of(12));
    assertThat(result).isEqualTo(CpuSet.parse("9-12"));
  }

  @Test
  void baselineOutsideTheAllocationIsRejectedWithUpstreamText() {
    assertThatThrownBy(() -> packed(UpstreamTopologies.dualSocketHt(), "0-7", 5, "0,2,4", "0,2,4,6"))
        .isInstanceOf(CpuAllocationException.class)
        .hasMessage("requested CPUs to be retained 0,2,4,6 are not a subset of reusable CPUs 0,2,4");
  }

  @Test
  void distributedResizeMustIncludeEveryNumaNodeHoldingRetainedCpus() {
    CpuSet result = CpuAssignmentForResize.takeByTopologyNumaDistributed(
        UpstreamTopologies.dualSocketMultiNumaPerSocketHt(), CpuSet.parse("0-79"), 64, 1, PACKED, false,
        CpuSet.parse("36-39,76-79"), CpuSet.parse("36-39,76-79"));
    assertThat(result).isEqualTo(CpuSet.parse("0-7,10-17,20-27,30-33,36-39,40-47,50-57,60-67,70-73,76-79"));
  }

  @Test
  void distributedResizeTakesEachNodesShareWithTheRequestedSorting() {
    CpuSet spread = CpuAssignmentForResize.takeByTopologyNumaDistributed(UpstreamTopologies.dualSocketHt(),
        CpuSet.parse("1-11"), 4, 1, SPREAD, false, CpuSet.of(0), CpuSet.of(0));
    assertThat(spread).isEqualTo(CpuSet.parse("0,2,4,6"));
  }

  @Test
  void distributedResizeFallsBackToPackedForARequestNotMultipleOfTheGroupSize() {
    // Upstream's "Fallback to takeByTopologyNUMAPackedForResize due to numCPUs is not divisible by cpuGroupSize".
    CpuSet result = CpuAssignmentForResize.takeByTopologyNumaDistributed(UpstreamTopologies.dualSocketHt(),
        CpuSet.parse("0-8"), 5, 2, PACKED, false, CpuSet.parse("0,2,4"), CpuSet.parse("0,2,4"));
    assertThat(result).isEqualTo(CpuSet.parse("0,2,4,6,8"));
  }

  @Test
  void distributedResizeSkipsCombinationsShortOfWholeGroupsWithTheirRetainedCpus() {
    // Four NUMA nodes of 6 CPUs: nodes 0-2 retain 4 CPUs and have 1 free, node 3 has 3 free. Every
    // combination holding the retained nodes has 15 CPUs, but in groups of 3 only 9 or 12: the packed
    // resize takes the free CPU of each retained node.
    CpuTopology topo = CpuTopology.of(UpstreamTopologies.machine("4x6", 24, id -> Cpu.of(id, id, 0, id / 6, 0)));
    CpuSet retained = CpuSet.parse("0-3,6-9,12-15");
    CpuSet result = CpuAssignmentForResize.takeByTopologyNumaDistributed(topo, CpuSet.parse("4,10,16,18-20"), 15, 3,
        PACKED, false, retained, retained);
    assertThat(result).isEqualTo(CpuSet.parse("0-4,6-10,12-16"));
  }

  @Test
  void distributedResizeWithAlignBySocketCapsTheShareAtWhatEachNodeHoldsWithItsRetainedCpus() {
    // NUMA node 0 retains 8 CPUs and has 12 free: 20 in all, so the share of 12 in NUMA nodes 0 and 1 (one
    // socket) stands, and the remainder of 2 goes to node 0.
    CpuSet retained = CpuSet.parse("0-3,40-43");
    CpuSet result = CpuAssignmentForResize.takeByTopologyNumaDistributed(
        UpstreamTopologies.dualSocketMultiNumaPerSocketHt(), CpuSet.parse("4-39,44-79"), 26, 2, PACKED, true,
        retained, retained);
    assertThat(result).isEqualTo(CpuSet.parse("0-6,10-15,40-46,50-55"));
  }

  @Test
  void retainedCpusNotInWholeGroupsOverflowIntoTheAccountingErrorAsUpstream() {
    // 1 socket, NUMA 0 = cores 0,1 and NUMA 1 = cores 2,3; siblings c and c+4.
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < 8; id++) {
      cpus.add(Cpu.of(id, id % 4, 0, id % 4 / 2, 0));
    }
    CpuTopology topo = CpuTopology.of(Machine.ofCpus("1s-2n-smt2", cpus));
    // NUMA 1 retains 3 CPUs, one over its share of 2, so the remainder is 1 but is handed out as a
    // group of 2 on NUMA 0.
    assertThatThrownBy(() -> CpuAssignmentForResize.takeByTopologyNumaDistributed(topo, CpuSet.parse("1-2,5"), 6, 2,
        PACKED, false, CpuSet.parse("0,3-4,6-7"), CpuSet.parse("0,3-4,6-7")))
        .isInstanceOf(CpuAllocationException.class)
        .hasMessage("accounting error, too many CPUs allocated, remaining: -1");
  }
}
