package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.CpuSortingStrategy.PACKED;
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
