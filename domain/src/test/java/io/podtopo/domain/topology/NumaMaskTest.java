package io.podtopo.domain.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NumaMaskTest {

  @Test
  void countIsThePopulationCount() {
    assertThat(NumaMask.of(0, 2, 63).count()).isEqualTo(3);
    assertThat(NumaMask.empty().count()).isZero();
    assertThat(NumaMask.of(1, 1).count()).isEqualTo(1);
  }

  @Test
  void nodeIdsOutside0To63AreRejected() {
    assertThatThrownBy(() -> NumaMask.of(64)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("64");
    assertThatThrownBy(() -> NumaMask.of(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThat(NumaMask.of(3).isSet(64)).isFalse();
    assertThat(NumaMask.of(3).isSet(-1)).isFalse();
  }

  @Test
  void fewerNodesIsNarrower_spec1_1() {
    assertThat(NumaMask.of(3).isNarrowerThan(NumaMask.of(0, 1))).isTrue();
    assertThat(NumaMask.of(0, 1).isNarrowerThan(NumaMask.of(3))).isFalse();
  }

  @Test
  void equalCountsTieBreakOnTheUnsignedNumber_pitfall2() {
    // {1,2} = 0b110 = 6 and {0,3} = 0b1001 = 9: numerically smaller wins, not "more low bits"
    assertThat(NumaMask.of(1, 2).isNarrowerThan(NumaMask.of(0, 3))).isTrue();
    assertThat(NumaMask.of(0, 3).isNarrowerThan(NumaMask.of(1, 2))).isFalse();
    assertThat(NumaMask.of(0, 63).isNarrowerThan(NumaMask.of(1, 62))).isFalse();
    assertThat(NumaMask.of(1, 62).isNarrowerThan(NumaMask.of(0, 63))).isTrue();
    assertThat(NumaMask.of(63).isLessThan(NumaMask.of(0))).isFalse();
  }

  @Test
  void aMaskIsNotNarrowerThanItself() {
    assertThat(NumaMask.of(0, 1).isNarrowerThan(NumaMask.of(0, 1))).isFalse();
  }

  @Test
  void andOrAndSubset() {
    NumaMask a = NumaMask.of(0, 1, 2);
    NumaMask b = NumaMask.of(1, 3);
    assertThat(a.and(b)).isEqualTo(NumaMask.of(1));
    assertThat(a.or(b)).isEqualTo(NumaMask.of(0, 1, 2, 3));
    assertThat(NumaMask.of(0, 2).isSubsetOf(a)).isTrue();
    assertThat(b.isSubsetOf(a)).isFalse();
    assertThat(a.and(NumaMask.of(5)).isEmpty()).isTrue();
    assertThat(a.nodes()).containsExactly(0, 1, 2);
  }

  @Test
  void combinationsComeBySizeThenLexicographically_spec1_1() {
    List<String> seen = new ArrayList<>();
    NumaMask.forEachCombination(List.of(2, 0, 1), mask -> seen.add(mask.nodes().toString()));
    assertThat(seen).containsExactly("[0]", "[1]", "[2]", "[0, 1]", "[0, 2]", "[1, 2]", "[0, 1, 2]");
  }

  @Test
  void combinationsOfSparseIdsFollowTheirSortedPositions() {
    assertThat(NumaMask.allCombinations(List.of(4, 1)))
        .containsExactly(NumaMask.of(1), NumaMask.of(4), NumaMask.of(1, 4));
    assertThat(NumaMask.allCombinations(List.of(0, 1, 2, 3, 4, 5, 6, 7))).hasSize(255);
  }

  @Test
  void binaryStringKeepsUpstreamsPaddingQuirk() {
    assertThat(NumaMask.fromBits(0).toBinaryString()).isEqualTo("00");
    assertThat(NumaMask.fromBits(1).toBinaryString()).isEqualTo("01");
    assertThat(NumaMask.fromBits(3).toBinaryString()).isEqualTo("11");
    // 4 is not > 2^2, so the width stays 2 and the digits overflow it
    assertThat(NumaMask.fromBits(4).toBinaryString()).isEqualTo("100");
    assertThat(NumaMask.fromBits(5).toBinaryString()).isEqualTo("0101");
    assertThat(NumaMask.fromBits(16).toBinaryString()).isEqualTo("10000");
    assertThat(NumaMask.fromBits(17).toBinaryString()).isEqualTo("010001");
    assertThat(NumaMask.fromBits(-1L).toBinaryString()).hasSize(64);
  }

  @Test
  void toStringListsNodeIds() {
    assertThat(NumaMask.of(1, 0).toString()).isEqualTo("[0, 1]");
  }

  @Test
  void nodes0To63AreSetInTheMasksThatHoldThem() {
    assertThat(NumaMask.of(0).isSet(0)).isTrue();
    assertThat(NumaMask.of(63).isSet(63)).isTrue();
    assertThat(NumaMask.of(0, 63).nodes()).containsExactly(0, 63);
    assertThat(NumaMask.of(62).isSet(63)).isFalse();
  }

  @Test
  void aMaskIsNotLessThanItself_spec1_1() {
    assertThat(NumaMask.of(0, 1).isLessThan(NumaMask.of(0, 1))).isFalse();
    assertThat(NumaMask.of(0).isLessThan(NumaMask.of(1))).isTrue();
  }

  @Test
  void differentMasksHashApart() {
    assertThat(NumaMask.of(0).hashCode()).isNotEqualTo(NumaMask.of(1).hashCode());
    assertThat(NumaMask.of(1, 0).hashCode()).isEqualTo(NumaMask.fromBits(3).hashCode());
  }
}
