package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.CpuSortingStrategy.PACKED;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.topology.CpuSet;
import org.junit.jupiter.api.Test;

/** Spec §2.7 takeUncoreCache and pitfall 10: the prefer-align-cpus-by-uncorecache step. */
class CpuAssignmentUncoreTest {

  private static CpuSet uncore(CpuTopology topo, String available, int n) {
    return CpuAssignment.takeByTopologyNumaPacked(topo, CpuSet.parse(available), n, PACKED, true);
  }

  @Test
  void wholeFreeUncoreCachesFirstThenAPartialOneThatFitsExactly() {
    assertThat(uncore(UpstreamTopologies.uncoreSingleSocketNoSmt(), "1-15", 10))
        .isEqualTo(CpuSet.parse("1-2,4-11"));
  }

  @Test
  void oddRequestOnSmtDropsTheHighestCpuOfThePartialCache() {
    assertThat(uncore(UpstreamTopologies.uncoreSingleSocketSmt(), "1-7,9-15", 10))
        .isEqualTo(CpuSet.parse("1,4-7,9,12-15"));
  }

  @Test
  void partialUncoreCacheIsAllOrNothingAndFallsThroughToCores() {
    assertThat(uncore(UpstreamTopologies.uncoreSingleSocketSmt(), "2-7,10-15", 6))
        .isEqualTo(CpuSet.parse("4-6,12-14"));
  }

  @Test
  void withoutDeclaredCachesTheSingleCacheZeroMakesThePartialStepPickTheLowestCores() {
    CpuTopology topo = UpstreamTopologies.dualSocketHt();
    CpuSet available = CpuSet.parse("1-5,7-11");
    assertThat(CpuAssignment.takeByTopologyNumaPacked(topo, available, 1, PACKED, true)).isEqualTo(CpuSet.of(1));
    assertThat(CpuAssignment.takeByTopologyNumaPacked(topo, available, 1, PACKED, false)).isEqualTo(CpuSet.of(2));
  }
}
