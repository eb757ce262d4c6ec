package io.podtopo.domain.cpumanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletGivesNoAnswer;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.quirks.QuirkLog;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Spec §2.7 and pitfall 11: the balance score and the combination order of NUMADistributed. */
class NumaBalanceTest {

  @Test
  void standardDeviationIsThePopulationOneRoundedToThreeDecimals() {
    assertThat(NumaBalance.standardDeviation(new int[] {0, 0, 0, 0, 32, 32, 32, 32})).isEqualTo(16.0);
    assertThat(NumaBalance.standardDeviation(new int[] {1, 2, 2})).isEqualTo(0.471);
    assertThat(NumaBalance.standardDeviation(new int[] {5, 5})).isZero();
  }

  @Test
  void theMeanIsRoundedBeforeTheDeviationIsComputed() {
    // mean 1/3 rounds to 0.333: sqrt(((0-.333)^2*2 + (1-.333)^2)/3) = 0.4714045... -> 0.471
    assertThat(NumaBalance.standardDeviation(new int[] {0, 0, 1})).isEqualTo(0.471);
  }

  @Test
  void aThousandthFromAHalfUpRoundsAwayFromZeroAsGosMathRound() {
    // sqrt(0.24) = 0.4898979... rounds up to 0.490.
    assertThat(NumaBalance.standardDeviation(new int[] {0, 0, 1, 1, 1})).isEqualTo(0.49);
    // 48 nodes with 0 free CPUs, 11 with 4, 3 with 5, 2 with 6: mean 1.109375 rounds to 1.109, and the
    // deviation is exactly 1.9535 (1953.5 in thousandths, also in floating point), which rounds to 1.954.
    int[] values = new int[64];
    Arrays.fill(values, 48, 59, 4);
    Arrays.fill(values, 59, 62, 5);
    Arrays.fill(values, 62, 64, 6);
    assertThat(NumaBalance.standardDeviation(values)).isEqualTo(1.954);
  }

  @Test
  void combinationsComeInLexicographicOrderOfPositions() {
    List<String> seen = new ArrayList<>();
    int[] combo = NumaBalance.first(2);
    do {
      seen.add(Arrays.toString(combo));
    } while (NumaBalance.next(combo, 4));
    assertThat(seen).containsExactly("[0, 1]", "[0, 2]", "[0, 3]", "[1, 2]", "[1, 3]", "[2, 3]");
  }

  @Test
  void remainderGoesToTheFirstSubsetWithTheLowestScoreLargestSubsetsFirst() {
    // Nodes at positions 0..3 gave their share; 2 CPUs remain, in groups of 1. Every subset of 2 or
    // more nodes scores 0.5 ([2, 2, 3, 3]), a single node 0.866: the whole set, tried first, wins.
    NumaBalance.Choice choice = NumaBalance.choose(new int[] {3, 3, 3, 3}, new int[] {0, 1, 2, 3}, 2, 1, Optional.empty());
    assertThat(choice.remainderNodes).containsExactly(0, 1, 2, 3);
    assertThat(choice.balance).isEqualTo(0.5);
  }

  @Test
  void d16_subsetsThatCannotGiveTheRemainderInWholeGroupsAreSkippedInSpecMode_qNumaRemainderLoop() {
    // Two nodes with 7 free CPUs hold 14 CPUs but only 2 groups of 4: a remainder of 12 cannot fit.
    QuirkLog spec = QuirkLog.of(Behaviour.SPEC);
    NumaBalance.Choice choice = NumaBalance.choose(new int[] {7, 7}, new int[] {0, 1}, 12, 4, Optional.of(spec));
    assertThat(choice.remainderNodes).isNull();
    assertThat(choice.balance).isEqualTo(Double.MAX_VALUE);
    assertThat(spec.reachedQuirks()).containsExactly(KubeletQuirk.NUMA_REMAINDER_LOOP);
  }

  @Test
  void d16_theKubeletsRawSumLetsThatSubsetInAndItsLoopNeverEndsInKubeletMode_qNumaRemainderLoop() {
    QuirkLog kubelet = QuirkLog.of(Behaviour.KUBELET);
    assertThatThrownBy(() -> NumaBalance.choose(new int[] {7, 7}, new int[] {0, 1}, 12, 4, Optional.of(kubelet)))
        .isInstanceOfSatisfying(KubeletGivesNoAnswer.class,
            e -> assertThat(e.quirk()).isEqualTo(KubeletQuirk.NUMA_REMAINDER_LOOP));
  }

  @Test
  void d16_aSubsetWhoseFreeCpusMissTheRemainderIsSkippedByBothBehaviours_qNumaRemainderLoop() {
    // 5 + 5 free CPUs cannot cover 12: the kubelet's raw sum skips the subset too, no quirk is reached.
    QuirkLog kubelet = QuirkLog.of(Behaviour.KUBELET);
    NumaBalance.Choice choice = NumaBalance.choose(new int[] {5, 5}, new int[] {0, 1}, 12, 4, Optional.of(kubelet));
    assertThat(choice.remainderNodes).isNull();
    assertThat(kubelet.reachedQuirks()).isEmpty();
  }

  @Test
  void theResizeVariantSkipsSuchSubsetsWithoutAnyQuirk() {
    NumaBalance.Choice choice = NumaBalance.choose(new int[] {7, 7}, new int[] {0, 1}, 12, 4, Optional.empty());
    assertThat(choice.remainderNodes).isNull();
  }
}
