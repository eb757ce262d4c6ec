package io.podtopo.domain.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CpuSetTest {

  @Test
  void parsesRangesAndSinglesOfALinuxCpulist() {
    assertThat(CpuSet.parse("0-3,8-11").toList()).containsExactly(0, 1, 2, 3, 8, 9, 10, 11);
    assertThat(CpuSet.parse("5").toList()).containsExactly(5);
    assertThat(CpuSet.parse("0,2,4-5").toList()).containsExactly(0, 2, 4, 5);
  }

  @Test
  void emptyStringIsTheEmptySetAndFormatsBackToEmpty() {
    assertThat(CpuSet.parse("")).isEqualTo(CpuSet.empty());
    assertThat(CpuSet.parse("").isEmpty()).isTrue();
    assertThat(CpuSet.empty().toString()).isEmpty();
  }

  @Test
  void sysfsTrailingNewlineIsIgnored() {
    assertThat(CpuSet.parse("0-1\n")).isEqualTo(CpuSet.of(0, 1));
  }

  @Test
  void formatsCanonicallyCollapsingRuns() {
    assertThat(CpuSet.of(11, 10, 8, 3, 2, 1, 0, 9).toString()).isEqualTo("0-3,8-11");
    assertThat(CpuSet.of(0, 2, 4, 5).toString()).isEqualTo("0,2,4-5");
    assertThat(CpuSet.parse("3,1-2,0").toString()).isEqualTo("0-3");
    assertThat(CpuSet.of(63, 64, 65, 127, 128).toString()).isEqualTo("63-65,127-128");
  }

  @ParameterizedTest
  @ValueSource(strings = {"3-1", "a", "-1", "1,,2", "65536", "0-65536", "1-", ",", "1-2-3", "0x1", " 1, 2"})
  void badCpulistsAreRejectedNamingTheText(String text) {
    assertThatThrownBy(() -> CpuSet.parse(text))
        .isInstanceOf(CpuListFormatException.class)
        .hasMessageContaining("\"" + text + "\"")
        .satisfies(e -> assertThat(((CpuListFormatException) e).text()).isEqualTo(text));
  }

  @Test
  void idsUpTo65535AreAccepted() {
    assertThat(CpuSet.parse("65535").last()).isEqualTo(65_535);
    assertThatThrownBy(() -> CpuSet.of(65_536)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> CpuSet.of(-1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void setAlgebra() {
    CpuSet a = CpuSet.parse("0-5,64-66");
    CpuSet b = CpuSet.parse("4-9,66");
    assertThat(a.union(b)).isEqualTo(CpuSet.parse("0-9,64-66"));
    assertThat(a.intersection(b)).isEqualTo(CpuSet.parse("4-5,66"));
    assertThat(a.difference(b)).isEqualTo(CpuSet.parse("0-3,64-65"));
    assertThat(b.difference(a)).isEqualTo(CpuSet.parse("6-9"));
    assertThat(a.intersects(b)).isTrue();
    assertThat(CpuSet.of(1).intersects(CpuSet.of(2))).isFalse();
    assertThat(CpuSet.parse("4-5").isSubsetOf(a)).isTrue();
    assertThat(b.isSubsetOf(a)).isFalse();
    assertThat(CpuSet.empty().isSubsetOf(CpuSet.empty())).isTrue();
  }

  @Test
  void resultsThatLoseHighWordsEqualSetsBuiltDirectly() {
    CpuSet high = CpuSet.of(1, 200);
    assertThat(high.difference(CpuSet.of(200))).isEqualTo(CpuSet.of(1));
    assertThat(high.difference(CpuSet.of(200)).hashCode()).isEqualTo(CpuSet.of(1).hashCode());
    assertThat(high.intersection(CpuSet.of(1))).isEqualTo(CpuSet.of(1));
    assertThat(high.intersection(CpuSet.of(2)).isEmpty()).isTrue();
    assertThat(high.difference(high)).isEqualTo(CpuSet.empty());
  }

  @Test
  void iterationIsAscending() {
    CpuSet set = CpuSet.of(130, 5, 64, 0, 63);
    List<Integer> iterated = new ArrayList<>();
    set.forEach(iterated::add);
    assertThat(iterated).containsExactly(0, 5, 63, 64, 130);
    List<Integer> viaForEachCpu = new ArrayList<>();
    set.forEachCpu(viaForEachCpu::add);
    assertThat(viaForEachCpu).isEqualTo(iterated);
    assertThat(set.toArray()).containsExactly(0, 5, 63, 64, 130);
    assertThat(set.first()).isZero();
    assertThat(set.last()).isEqualTo(130);
    assertThat(set.size()).isEqualTo(5);
  }

  @Test
  void nextAtOrAfterFindsTheSmallestIdNotBelow() {
    CpuSet set = CpuSet.of(3, 64, 200);
    assertThat(set.nextAtOrAfter(0)).isEqualTo(3);
    assertThat(set.nextAtOrAfter(4)).isEqualTo(64);
    assertThat(set.nextAtOrAfter(65)).isEqualTo(200);
    assertThat(set.nextAtOrAfter(201)).isEqualTo(-1);
  }

  @Test
  void firstNTakesTheLowestIds() {
    assertThat(CpuSet.parse("2-9").firstN(3)).isEqualTo(CpuSet.of(2, 3, 4));
    assertThat(CpuSet.of(1).firstN(3)).isEqualTo(CpuSet.of(1));
  }

  @Test
  void rangeIsInclusiveAndEmptyWhenReversed() {
    assertThat(CpuSet.range(2, 4)).isEqualTo(CpuSet.of(2, 3, 4));
    assertThat(CpuSet.range(4, 2)).isEqualTo(CpuSet.empty());
  }

  @Test
  void emptySetHasNoFirstOrLast() {
    assertThatThrownBy(() -> CpuSet.empty().first()).isInstanceOf(java.util.NoSuchElementException.class);
    assertThatThrownBy(() -> CpuSet.empty().last()).isInstanceOf(java.util.NoSuchElementException.class);
    assertThat(CpuSet.empty().contains(-1)).isFalse();
  }

  @Test
  void aRangeOfOneIdIsThatId() {
    assertThat(CpuSet.parse("3-3")).isEqualTo(CpuSet.of(3));
  }

  /** Ids are at most six digits, leading zeros included, and at most 65535. */
  @Test
  void sixDigitIdsAreReadAndTooLargeOnesNamedAsSuch() {
    assertThat(CpuSet.parse("012345")).isEqualTo(CpuSet.of(12345));
    assertThatThrownBy(() -> CpuSet.parse("100000")).isInstanceOf(CpuListFormatException.class)
        .hasMessageContaining("CPU id 100000 is above 65535");
    assertThatThrownBy(() -> CpuSet.parse("0123456")).isInstanceOf(CpuListFormatException.class)
        .hasMessageContaining("\"0123456\" is not a CPU id");
  }

  @Test
  void aRangeWithoutItsStartNamesTheMissingId() {
    assertThatThrownBy(() -> CpuSet.parse("-3")).isInstanceOf(CpuListFormatException.class)
        .hasMessageContaining("\"\" is not a CPU id");
  }

  @Test
  void differentSetsHashApart() {
    assertThat(CpuSet.of(1).hashCode()).isNotEqualTo(CpuSet.of(2).hashCode());
    assertThat(CpuSet.parse("0-3").hashCode()).isEqualTo(CpuSet.of(0, 1, 2, 3).hashCode());
  }

  @Test
  void theBuilderChainsItsAdditions() {
    assertThat(new CpuSet.Builder().add(3).add(1).addAll(CpuSet.of(200)).build()).isEqualTo(CpuSet.of(1, 3, 200));
  }
}
