package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.CpuSortingStrategy.PACKED;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.topology.Cpu;
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
  void anOddRequestOnSmtTakesAPartialCacheWhoseCoresHoldExactlyTheRequest() {
    // Cache 0 has CPUs 0, 1 and 9 free: the first two cores hold the three CPUs asked, none is dropped.
    assertThat(uncore(UpstreamTopologies.uncoreSingleSocketSmt(), "0-1,4-7,9,12-15", 3))
        .isEqualTo(CpuSet.parse("0-1,9"));
  }

  @Test
  void partialUncoreCacheIsAllOrNothingAndFallsThroughToCores() {
    assertThat(uncore(UpstreamTopologies.uncoreSingleSocketSmt(), "2-7,10-15", 6))
        .isEqualTo(CpuSet.parse("4-6,12-14"));
  }

  @Test
  void wholeCachesAreTakenOnlyWhileTheNeedReachesTheDeclaredCpusPerCache_pitfall9() {
    // Caches of 5 and 3 CPUs, CPUsPerUncoreCache = 8 / 2 = 4: the free cache of 3 is not taken whole for 3
    // CPUs; the partial step of cache 0, first in order, fits them exactly.
    CpuTopology unequal = CpuTopology.of(UpstreamTopologies.machine("unequal-caches", 8,
        id -> Cpu.of(id, id, 0, 0, id < 5 ? 0 : 1)));
    assertThat(uncore(unequal, "0-2,5-7", 3)).isEqualTo(CpuSet.parse("0-2"));
  }

  @Test
  void anOddRequestDropsACpuOnlyWhenTheDeclaredCpusPerCoreIsAboveOne_pitfall9() {
    // Four cores of two threads declared as eight cores, CPUsPerCore = 1: the partial step of cache 0
    // (cores 2 and 3) keeps all four CPUs, which are not the 3 asked, so the CPUs come core by core.
    CpuTopology declared = CpuTopology.declared(UpstreamTopologies.machine("smt2-declared-as-8-cores", 8,
        id -> Cpu.of(id, id % 4, 0, 0, id % 4 < 2 ? 1 : 0)), 8, 8, 1, 2);
    assertThat(uncore(declared, "0-7", 3)).isEqualTo(CpuSet.parse("0-1,4"));
  }

  @Test
  void anEvenRequestOnFourWaySmtKeepsEveryFreeThreadOfTheCoresOfAPartialCache_pitfall10() {
    // Five cores of four threads (core = id % 5), cache 0 = cores 0 and 1. Core 0 has 3 free threads: a
    // partial cache 0 offers 3 CPUs for 2, no CPU is dropped for an even need, and the CPUs come from the
    // fullest core 2 (one free thread), then core 0.
    CpuTopology smt4 = CpuTopology.of(UpstreamTopologies.machine("smt4", 20, id -> Cpu.of(id, id % 5, 0, 0,
        id % 5 < 2 ? 0 : 1)));
    assertThat(uncore(smt4, "0-6,8-11,13-14,16,18-19", 2)).isEqualTo(CpuSet.of(0, 2));
  }

  @Test
  void withoutDeclaredCachesTheSingleCacheZeroMakesThePartialStepPickTheLowestCores() {
    CpuTopology topo = UpstreamTopologies.dualSocketHt();
    CpuSet available = CpuSet.parse("1-5,7-11");
    assertThat(CpuAssignment.takeByTopologyNumaPacked(topo, available, 1, PACKED, true)).isEqualTo(CpuSet.of(1));
    assertThat(CpuAssignment.takeByTopologyNumaPacked(topo, available, 1, PACKED, false)).isEqualTo(CpuSet.of(2));
  }
}
