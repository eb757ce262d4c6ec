package io.podtopo.domain.topologymanager;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.topology.NumaMask;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TopologyPolicyTest {

  private static final NumaInfo TWO_NODES = NumaInfo.of(List.of(0, 1));
  private static final NumaInfo FOUR_NODES = NumaInfo.of(List.of(0, 1, 2, 3), Map.of(
      0, List.of(10L, 11L, 12L, 12L),
      1, List.of(11L, 10L, 12L, 12L),
      2, List.of(12L, 12L, 10L, 11L),
      3, List.of(12L, 12L, 11L, 10L)));

  private static TopologyHint hint(boolean preferred, int... nodes) {
    return TopologyHint.of(NumaMask.of(nodes), preferred);
  }

  private static MergeDecision merge(TopologyManagerPolicy policy, NumaInfo info, ProviderHints... providers) {
    return TopologyPolicy.of(policy, info, TopologyManagerOptions.defaults()).merge(List.of(providers));
  }

  private static MergeDecision mergeClosest(TopologyManagerPolicy policy, ProviderHints... providers) {
    TopologyManagerOptions closest = new TopologyManagerOptions.Builder().preferClosestNumaNodes(true).build();
    return TopologyPolicy.of(policy, FOUR_NODES, closest).merge(List.of(providers));
  }

  // §1.6 worked example: CPU {[0 pref],[01 non]}, memory {[0 pref],[1 pref],[01 non]}, device none
  private static final ProviderHints CPU = ProviderHints.of("cpu", hint(true, 0), hint(false, 0, 1));
  private static final ProviderHints MEMORY = ProviderHints.of("memory", hint(true, 0), hint(true, 1), hint(false, 0, 1));

  @Test
  void workedExampleMergesToNode0Preferred_spec1_6() {
    MergeDecision decision = merge(TopologyManagerPolicy.RESTRICTED, TWO_NODES, CPU, MEMORY, ProviderHints.noPreference());
    assertThat(decision.hint()).isEqualTo(hint(true, 0));
    assertThat(decision.admit()).isTrue();
  }

  @Test
  void workedExampleWithoutAPreferredCpuHintPicksTheBestNonPreferredCount_spec1_6() {
    ProviderHints cpuWide = ProviderHints.of("cpu", hint(false, 0, 1));
    MergeDecision restricted = merge(TopologyManagerPolicy.RESTRICTED, TWO_NODES, cpuWide, MEMORY);
    assertThat(restricted.hint()).isEqualTo(hint(false, 0, 1));
    assertThat(restricted.admit()).isFalse();
    MergeDecision bestEffort = merge(TopologyManagerPolicy.BEST_EFFORT, TWO_NODES, cpuWide, MEMORY);
    assertThat(bestEffort.hint()).isEqualTo(hint(false, 0, 1));
    assertThat(bestEffort.admit()).isTrue();
  }

  @Test
  void preferredOnlyWhenAllNonNilMasksAreEqual_pitfall3() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(true, 0));
    ProviderHints device = ProviderHints.of("device", hint(true, 0, 1));
    assertThat(merge(TopologyManagerPolicy.BEST_EFFORT, TWO_NODES, cpu, device).hint()).isEqualTo(hint(false, 0));
  }

  @Test
  void nilAffinitiesDoNotBreakPreference() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(true, 1));
    ProviderHints any = ProviderHints.of("device", TopologyHint.any(true));
    assertThat(merge(TopologyManagerPolicy.RESTRICTED, TWO_NODES, cpu, any).hint()).isEqualTo(hint(true, 1));
  }

  @Test
  void providersWithoutPreferenceMergeToAllNodesPreferred_spec1_4() {
    ProviderHints nilForResource = ProviderHints.of("cpu", ResourceHints.noPreference());
    assertThat(merge(TopologyManagerPolicy.RESTRICTED, TWO_NODES, ProviderHints.noPreference()).hint())
        .isEqualTo(hint(true, 0, 1));
    assertThat(merge(TopologyManagerPolicy.RESTRICTED, TWO_NODES, nilForResource).hint()).isEqualTo(hint(true, 0, 1));
    assertThat(merge(TopologyManagerPolicy.RESTRICTED, TWO_NODES).hint()).isEqualTo(hint(true, 0, 1));
  }

  @Test
  void anUnsatisfiableResourceMakesEveryMergeNonPreferred_pitfall20() {
    ProviderHints cannot = ProviderHints.of("cpu", ResourceHints.unsatisfiable());
    MergeDecision restricted = merge(TopologyManagerPolicy.RESTRICTED, TWO_NODES, cannot, MEMORY);
    assertThat(restricted.hint().preferred()).isFalse();
    assertThat(restricted.admit()).isFalse();
    MergeDecision bestEffort = merge(TopologyManagerPolicy.BEST_EFFORT, TWO_NODES, cannot);
    assertThat(bestEffort.hint()).isEqualTo(hint(false, 0, 1));
    assertThat(bestEffort.admit()).isTrue();
    MergeDecision single = merge(TopologyManagerPolicy.SINGLE_NUMA_NODE, TWO_NODES, cannot);
    assertThat(single.hint()).isEqualTo(TopologyHint.any(false));
    assertThat(single.admit()).isFalse();
  }

  @Test
  void nonPreferredMergesPreferTheCountOfTheWidestNarrowestHint_spec1_4() {
    // B = max(1 (cpu), 2 (memory)) = 2: {0} is narrower, but {0,1} has count B
    ProviderHints cpu = ProviderHints.of("cpu", hint(false, 0), hint(false, 0, 1));
    ProviderHints memory = ProviderHints.of("memory", hint(false, 0, 1));
    assertThat(HintMerger.bestNonPreferredAffinityCount(ProviderHints.forMerge(List.of(cpu, memory)))).isEqualTo(2);
    assertThat(merge(TopologyManagerPolicy.BEST_EFFORT, TWO_NODES, cpu, memory).hint()).isEqualTo(hint(false, 0, 1));
  }

  @Test
  void nonPreferredMergesAboveTheBestCountShrinkToTheNarrowest_spec1_4() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(false, 0, 1, 2, 3), hint(false, 1, 2, 3), hint(false, 2, 3));
    ProviderHints memory = ProviderHints.of("memory", hint(false, 2, 3));
    assertThat(merge(TopologyManagerPolicy.BEST_EFFORT, FOUR_NODES, cpu, memory).hint()).isEqualTo(hint(false, 2, 3));
  }

  @Test
  void aNonPreferredMergeWiderThanTheBestCountKeepsTheNarrowerOneMetFirst_spec1_4() {
    // B = 1; the merges are {1,2} (met first) and {1,2,4}: c = 2 > B, so compareMasks keeps {1,2}
    NumaInfo five = NumaInfo.of(List.of(0, 1, 2, 3, 4));
    ProviderHints cpu = ProviderHints.of("cpu", hint(false, 0), hint(false, 1, 2), hint(false, 1, 2, 4));
    ProviderHints memory = ProviderHints.of("memory", hint(false, 3), hint(false, 1, 2, 4));
    assertThat(merge(TopologyManagerPolicy.BEST_EFFORT, five, cpu, memory).hint()).isEqualTo(hint(false, 1, 2));
  }

  @Test
  void aNonPreferredMergeBelowTheBestCountIsNotReplacedByOneAboveIt_spec1_4() {
    // B = 2; the merges are {0} (met first) and {0,2,3}: c = 1 < B and d = 3 > B keeps {0}
    ProviderHints cpu = ProviderHints.of("cpu", hint(false, 0, 1), hint(false, 0, 2, 3));
    ProviderHints memory = ProviderHints.of("memory", hint(false, 0), hint(false, 0, 2, 3));
    assertThat(merge(TopologyManagerPolicy.BEST_EFFORT, FOUR_NODES, cpu, memory).hint()).isEqualTo(hint(false, 0));
  }

  /**
   * ADR 0007: on more than 20 NUMA nodes a described list is never listed, under every merging policy
   * (single-numa-node reads its single-node members from the description).
   */
  @Test
  void describedListsOnMoreThan20NodesAreMergedWithoutBeingListed_adr0007() {
    NumaInfo nodes24 = NumaInfo.of(java.util.stream.IntStream.range(0, 24).boxed().toList());
    ProviderHints pairs = ProviderHints.of("cpu", ResourceHints.implicit(cpusFreeOnEveryNode(24, 2, 3, 2)));
    ProviderHints singles = ProviderHints.of("cpu", ResourceHints.implicit(cpusFreeOnEveryNode(24, 2, 2, 1)));
    ProviderHints device = ProviderHints.of("device", hint(true, 5), hint(false, 4, 5, 6));

    assertThat(merge(TopologyManagerPolicy.BEST_EFFORT, nodes24, pairs)).isEqualTo(MergeDecision.of(hint(true, 0, 1), true));
    assertThat(merge(TopologyManagerPolicy.RESTRICTED, nodes24, pairs, device))
        .isEqualTo(MergeDecision.of(hint(false, 4, 5), false));
    assertThat(merge(TopologyManagerPolicy.SINGLE_NUMA_NODE, nodes24, singles, device))
        .isEqualTo(MergeDecision.of(hint(true, 5), true));
    assertThat(merge(TopologyManagerPolicy.SINGLE_NUMA_NODE, nodes24, pairs))
        .isEqualTo(MergeDecision.of(TopologyHint.any(false), false));
  }

  /**
   * The CPU Manager's description on {@code nodes} NUMA nodes of {@code free} free CPUs each for a
   * request of {@code request} CPUs, preferred at {@code width} nodes; never listed.
   */
  private static MaskFamily cpusFreeOnEveryNode(int nodes, long free, long request, int width) {
    long[] perNode = new long[64];
    java.util.Arrays.fill(perNode, 0, nodes, free);
    long all = (1L << nodes) - 1;
    return MaskFamily.over(all).thresholdPart(all, 0, 1, new long[][] {perNode}, new long[] {request})
        .preferredWidth(width)
        .enumeration(() -> {
          throw new AssertionError("listed on " + nodes + " NUMA nodes");
        }).build();
  }

  @Test
  void preferredMergesPickTheNarrowestWithTheNumericTieBreak_pitfall2() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(true, 0, 3), hint(true, 1, 2));
    assertThat(merge(TopologyManagerPolicy.RESTRICTED, FOUR_NODES, cpu).hint()).isEqualTo(hint(true, 1, 2));
  }

  @Test
  void emptyMergedMasksAreSkipped_spec1_4() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(true, 0), hint(false, 0, 1));
    ProviderHints memory = ProviderHints.of("memory", hint(true, 1));
    // {0}∧{1} = ∅ is skipped; {0,1}∧{1} = {1} non-preferred remains
    assertThat(merge(TopologyManagerPolicy.BEST_EFFORT, TWO_NODES, cpu, memory).hint()).isEqualTo(hint(false, 1));
  }

  @Test
  void nothingMergeableGivesAllNodesNotPreferred_spec1_4() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(true, 0));
    ProviderHints memory = ProviderHints.of("memory", hint(true, 1));
    assertThat(merge(TopologyManagerPolicy.BEST_EFFORT, TWO_NODES, cpu, memory).hint()).isEqualTo(hint(false, 0, 1));
  }

  @Test
  void preferClosestPicksTheSmallestAverageDistanceAmongEquallyWideMasks_spec1_4() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(true, 0, 2), hint(true, 2, 3));
    // avg{0,2} = (10+12+12+10)/4 = 11 > avg{2,3} = 10.5
    assertThat(mergeClosest(TopologyManagerPolicy.BEST_EFFORT, cpu).hint()).isEqualTo(hint(true, 2, 3));
    assertThat(merge(TopologyManagerPolicy.BEST_EFFORT, FOUR_NODES, cpu).hint()).isEqualTo(hint(true, 0, 2));
  }

  @Test
  void preferClosestStillPrefersFewerNodes() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(true, 2, 3), hint(true, 0, 1, 2));
    assertThat(mergeClosest(TopologyManagerPolicy.RESTRICTED, cpu).hint()).isEqualTo(hint(true, 2, 3));
  }

  @Test
  void preferClosestTiesGoToTheNumericallySmallerMask() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(true, 2, 3), hint(true, 0, 1));
    assertThat(mergeClosest(TopologyManagerPolicy.RESTRICTED, cpu).hint()).isEqualTo(hint(true, 0, 1));
  }

  @Test
  void singleNumaNodeKeepsOnlyPreferredSingleNodeOrNilHints_spec1_5() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(true, 0, 1), hint(true, 1));
    MergeDecision decision = merge(TopologyManagerPolicy.SINGLE_NUMA_NODE, TWO_NODES, cpu);
    assertThat(decision.hint()).isEqualTo(hint(true, 1));
    assertThat(decision.admit()).isTrue();
  }

  @Test
  void singleNumaNodeNeverAdmitsAWideHint_spec1_5() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(true, 0, 1), hint(false, 1));
    MergeDecision decision = merge(TopologyManagerPolicy.SINGLE_NUMA_NODE, TWO_NODES, cpu);
    assertThat(decision.hint()).isEqualTo(TopologyHint.any(false));
    assertThat(decision.admit()).isFalse();
  }

  @Test
  void singleNumaNodeTurnsAllNodesIntoNil_pitfall4() {
    MergeDecision noPreference = merge(TopologyManagerPolicy.SINGLE_NUMA_NODE, TWO_NODES, ProviderHints.noPreference());
    assertThat(noPreference.hint()).isEqualTo(TopologyHint.any(true));
    assertThat(noPreference.admit()).isTrue();
    MergeDecision oneNode = merge(TopologyManagerPolicy.SINGLE_NUMA_NODE, NumaInfo.of(List.of(0)),
        ProviderHints.of("cpu", hint(true, 0)));
    assertThat(oneNode.hint()).isEqualTo(TopologyHint.any(true));
  }

  @Test
  void singleNumaNodeIgnoresPreferClosest() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(true, 3), hint(true, 2));
    assertThat(mergeClosest(TopologyManagerPolicy.SINGLE_NUMA_NODE, cpu).hint()).isEqualTo(hint(true, 2));
  }

  @Test
  void noneMergesToTheZeroHintAndAdmits_spec1_5() {
    MergeDecision decision = merge(TopologyManagerPolicy.NONE, NumaInfo.of(List.of()), CPU, MEMORY);
    assertThat(decision.hint()).isEqualTo(TopologyHint.any(false));
    assertThat(decision.admit()).isTrue();
  }

  @Test
  void resourcesReachTheMergeInNameOrderThenProviderOrder_pitfall1() {
    ProviderHints first = ProviderHints.of(Map.of(
        "zeta", ResourceHints.of(hint(true, 1)),
        "alpha", ResourceHints.noPreference(),
        "mid", ResourceHints.unsatisfiable()));
    ProviderHints second = ProviderHints.of("beta", hint(false, 0));
    assertThat(ProviderHints.forMerge(List.of(first, ProviderHints.noPreference(), second))).containsExactly(
        List.of(TopologyHint.any(true)),
        List.of(TopologyHint.any(false)),
        List.of(hint(true, 1)),
        List.of(TopologyHint.any(true)),
        List.of(hint(false, 0)));
  }

  @Test
  void canAdmitFollowsThePolicy_spec1_5() {
    TopologyHint notPreferred = TopologyHint.any(false);
    assertThat(TopologyManagerPolicy.NONE.canAdmit(notPreferred)).isTrue();
    assertThat(TopologyManagerPolicy.BEST_EFFORT.canAdmit(notPreferred)).isTrue();
    assertThat(TopologyManagerPolicy.RESTRICTED.canAdmit(notPreferred)).isFalse();
    assertThat(TopologyManagerPolicy.SINGLE_NUMA_NODE.canAdmit(notPreferred)).isFalse();
    assertThat(TopologyManagerPolicy.RESTRICTED.canAdmit(TopologyHint.any(true))).isTrue();
    assertThat(TopologyManagerPolicy.SINGLE_NUMA_NODE.isAlignmentGuaranteed()).isTrue();
    assertThat(TopologyManagerPolicy.RESTRICTED.isAlignmentGuaranteed()).isFalse();
  }

  @Test
  void singleNumaFilterDropsWideAndNonPreferredHints() {
    List<List<TopologyHint>> filtered = HintFilters.singleNumaNode(List.of(
        List.of(hint(true, 0), hint(true, 0, 1), hint(false, 1), TopologyHint.any(true), TopologyHint.any(false)),
        List.of(hint(false, 0))));
    assertThat(filtered).containsExactly(List.of(hint(true, 0), TopologyHint.any(true)), List.of());
  }
}
