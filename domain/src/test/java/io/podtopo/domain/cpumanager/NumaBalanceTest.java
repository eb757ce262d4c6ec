package io.podtopo.domain.cpumanager;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
  void combinationsComeInLexicographicOrderAndStopWhenTheVisitorSaysSo() {
    List<String> seen = new ArrayList<>();
    NumaBalance.forEachCombination(4, 2, combo -> seen.add(Arrays.toString(combo)));
    assertThat(seen).containsExactly("[0, 1]", "[0, 2]", "[0, 3]", "[1, 2]", "[1, 3]", "[2, 3]");
    List<String> firstTwo = new ArrayList<>();
    NumaBalance.forEachCombination(4, 2, combo -> firstTwo.add(Arrays.toString(combo)) && firstTwo.size() < 2);
    assertThat(firstTwo).hasSize(2);
  }
}
