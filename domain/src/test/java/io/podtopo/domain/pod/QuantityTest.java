package io.podtopo.domain.pod;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class QuantityTest {

  @Test
  void parsesPlainDecimalBinaryAndExponentForms() {
    assertThat(Quantity.parse("2").amount()).isEqualByComparingTo("2");
    assertThat(Quantity.parse("2500m").amount()).isEqualByComparingTo("2.5");
    assertThat(Quantity.parse("1Gi").amount()).isEqualByComparingTo(BigDecimal.valueOf(1L << 30));
    assertThat(Quantity.parse("1e3").amount()).isEqualByComparingTo("1000");
    assertThat(Quantity.parse("1E3").amount()).isEqualByComparingTo("1000");
    assertThat(Quantity.parse("0.5").amount()).isEqualByComparingTo("0.5");
    assertThat(Quantity.parse("1k").amount()).isEqualByComparingTo("1000");
    assertThat(Quantity.parse("1E").amount()).isEqualByComparingTo("1e18");
    assertThat(Quantity.parse("1.5Mi").amount()).isEqualByComparingTo(BigDecimal.valueOf(3L << 19));
  }

  @Test
  void arithmeticIsExact() {
    assertThat(Quantity.parse("100m").plus(Quantity.parse("200m"))).isEqualTo(Quantity.parse("300m"));
    assertThat(Quantity.parse("0.1").plus(Quantity.parse("0.2")).amount()).isEqualByComparingTo("0.3");
    assertThat(Quantity.parse("1").minusClamped(Quantity.parse("1500m"))).isEqualTo(Quantity.ZERO);
    assertThat(Quantity.parse("2").minusClamped(Quantity.parse("500m"))).isEqualTo(Quantity.parse("1500m"));
    assertThat(Quantity.parse("1").max(Quantity.parse("999m"))).isEqualTo(Quantity.parse("1"));
  }

  @Test
  void equalAmountsAreEqualWhateverTheSpelling() {
    assertThat(Quantity.parse("1")).isEqualTo(Quantity.parse("1000m"));
    assertThat(Quantity.parse("1").hashCode()).isEqualTo(Quantity.parse("1000m").hashCode());
    assertThat(Quantity.parse("1Ki")).isEqualTo(Quantity.parse("1024"));
    assertThat(Quantity.parse("0")).isEqualTo(Quantity.ZERO);
  }

  @Test
  void valueAndMilliValueRoundUp() {
    assertThat(Quantity.parse("2500m").value()).isEqualTo(3);
    assertThat(Quantity.parse("2").value()).isEqualTo(2);
    assertThat(Quantity.parse("1n").value()).isEqualTo(1);
    assertThat(Quantity.parse("1n").milliValue()).isEqualTo(1);
    assertThat(Quantity.parse("1500u").milliValue()).isEqualTo(2);
    assertThat(Quantity.parse("2500m").milliValue()).isEqualTo(2500);
    assertThat(Quantity.parse("1Gi").bytes()).isEqualTo(1L << 30);
  }

  @Test
  void integralMeansAWholeNumber() {
    assertThat(Quantity.parse("2").isIntegral()).isTrue();
    assertThat(Quantity.parse("2000m").isIntegral()).isTrue();
    assertThat(Quantity.parse("2500m").isIntegral()).isFalse();
    assertThat(Quantity.parse("0.5").isIntegral()).isFalse();
    assertThat(Quantity.parse("1e3").isIntegral()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "abc", "1x", "1.2.3", "Gi", "1 Gi", "1e", "1ee3", "0x10", "1e999"})
  void malformedQuantitiesAreRejectedNamingTheText(String text) {
    assertThatThrownBy(() -> Quantity.parse(text))
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessageContaining("\"" + text + "\"");
  }

  @ParameterizedTest
  @ValueSource(strings = {"-1", "-500m", "-1Gi"})
  void negativeQuantitiesAreRejectedNamingTheText(String text) {
    assertThatThrownBy(() -> Quantity.parse(text))
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessageContaining("\"" + text + "\"")
        .hasMessageContaining("negative");
    assertThatThrownBy(() -> Quantity.of(-1)).isInstanceOf(InvalidQuantityException.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e30", "9223372036854775808", "8Ei", "10E"})
  void quantitiesAbove64BitsAreRejectedNamingTheText(String text) {
    assertThatThrownBy(() -> Quantity.parse(text))
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessage("invalid quantity \"" + text + "\": too large: it must fit the 64 bits of the kubelet's Value() "
            + "(at most 9223372036854775807, about 9.2E)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"9223372036854776", "9Pi", "1E"})
  void cpuQuantitiesWhoseThousandthsDoNotFit64BitsAreRejectedNamingTheText(String text) {
    assertThat(Quantity.parse(text).value()).isPositive();
    assertThatThrownBy(() -> Quantity.parseMillis(text))
        .isInstanceOf(InvalidQuantityException.class)
        .hasMessageStartingWith("invalid quantity \"" + text + "\": too large: its thousandths must fit");
  }

  @Test
  void theExbibyteSuffixIsASuffixNotAnExponent() {
    assertThat(Quantity.parse("1Ei").value()).isEqualTo(1L << 60);
    assertThat(Quantity.parse("7Ei").value()).isEqualTo(7L << 60);
  }

  @Test
  void theLargestQuantitiesAreTheLargest64BitValuesAndThousandths() {
    assertThat(Quantity.parse("9223372036854775807").value()).isEqualTo(Long.MAX_VALUE);
    assertThat(Quantity.parseMillis("9223372036854775807m").milliValue()).isEqualTo(Long.MAX_VALUE);
    assertThat(Quantity.parseMillis("9223372036854775").milliValue()).isEqualTo(9223372036854775000L);
  }

  @Test
  void keepsTheTextItWasWrittenAs() {
    assertThat(Quantity.parse("2500m").toString()).isEqualTo("2500m");
    assertThat(Quantity.ofMillis(1500)).isEqualTo(Quantity.parse("1.5"));
  }

  /** A sum may leave the 64 bits every parsed quantity fits; rounding up counts. */
  @Test
  void fitsInLongUpToTheLargest64BitValueRoundedUp() {
    Quantity largest = Quantity.parse("9223372036854775807");
    assertThat(largest.fitsInLong()).isTrue();
    assertThat(Quantity.parse("9223372036854775806.5").fitsInLong()).isTrue();
    assertThat(largest.plus(Quantity.parse("1n")).fitsInLong()).isFalse();
    assertThat(largest.plus(Quantity.parse("1")).fitsInLong()).isFalse();
  }

  @Test
  void differentAmountsHashApart() {
    assertThat(Quantity.parse("1").hashCode()).isNotEqualTo(Quantity.parse("2").hashCode());
  }

  /** On a tie the larger is this quantity, with its spelling: what reports show. */
  @Test
  void maxKeepsThisQuantitysSpellingOnATie() {
    assertThat(Quantity.parse("1").max(Quantity.parse("1000m")).toString()).isEqualTo("1");
    assertThat(Quantity.parse("1000m").max(Quantity.parse("1")).toString()).isEqualTo("1000m");
  }

  @Test
  void zeroIsAnIntegralQuantityAndBelowZeroIsRefused() {
    assertThat(Quantity.of(0)).isEqualTo(Quantity.ZERO);
    assertThatThrownBy(() -> Quantity.of(-1)).isInstanceOf(InvalidQuantityException.class)
        .hasMessage("invalid quantity \"-1\": quantities must not be negative");
  }

  @Test
  void anInvalidQuantityNamesItsText() {
    assertThatThrownBy(() -> Quantity.parse("1.2.3")).isInstanceOfSatisfying(InvalidQuantityException.class,
        e -> assertThat(e.text()).isEqualTo("1.2.3"));
  }

  /** D-42: validation messages write quantities as upstream's {@code Quantity.String()} does. */
  @ParameterizedTest
  @CsvSource({
      "0, 0", "1000m, 1", "1500m, 1500m", "1.5, 1500m", "0.5, 500m", "1000, 1k", "1200, 1200", "10, 10",
      "100k, 100k", "1000k, 1M", "2048Mi, 2Gi", "1536Mi, 1536Mi", "1024, 1024", "1Ki, 1Ki", "1024Ki, 1Mi",
      "0.5Ki, 512", "1.5Ki, 1536", "0.5Gi, 512Mi", "1e3, 1e3", "1.5e3, 1500", "2e-3, 2e-3", "1G, 1G",
      "100Mi, 100Mi", "250m, 250m", "1n, 1n", "12e6, 12e6", "0.1n, 1n", "1.5n, 2n", "1e-12, 1e-9", "0.5e-9, 1e-9"})
  void goStringIsUpstreamsCanonicalTextInTheFormatTheQuantityWasWrittenIn(String written, String canonical) {
    assertThat(Quantity.parse(written).goString()).isEqualTo(canonical);
  }

  @Test
  void aSumKeepsTheFormatOfTheQuantityItStartedFrom() {
    assertThat(Quantity.parse("1Gi").plus(Quantity.parse("1G")).goString()).isEqualTo("2073741824");
    assertThat(Quantity.parse("1G").plus(Quantity.parse("1Gi")).goString()).isEqualTo("2073741824");
    assertThat(Quantity.parse("1Gi").plus(Quantity.parse("1Gi")).goString()).isEqualTo("2Gi");
    assertThat(Quantity.parse("500m").plus(Quantity.parse("500m")).goString()).isEqualTo("1");
  }

  /**
   * D-42, upstream's {@code ParseQuantity}: a non-zero amount finer than a nano is rounded up to whole
   * nanos ("if you want some resources, you should get some"), so 0.1n and 0.2n are the same quantity.
   * {@code k8s.io/apimachinery} v0.37.2 prints {@code 1n}, {@code 2n}, {@code 1e-9} for 0.1n, 1.5n, 1e-12.
   */
  @Test
  void d42_anAmountFinerThanANanoIsRoundedUpToWholeNanos() {
    assertThat(Quantity.parse("0.1n")).isEqualTo(Quantity.parse("0.2n")).isEqualTo(Quantity.parse("1n"));
    assertThat(Quantity.parse("1.5n").amount()).isEqualByComparingTo("2e-9");
    assertThat(Quantity.parse("0.1n").plus(Quantity.parse("0.1n")).goString()).isEqualTo("2n");
    assertThat(Quantity.parse("0").isZero()).isTrue();
  }

  /**
   * D-42, upstream's {@code CanonicalizeBytes}: it asks its suffixer for the suffix of the canonical
   * exponent and ignores a failed lookup, so a sum beyond the largest suffix (1000E, 1024Ei) is written
   * without any: {@code k8s.io/apimachinery} v0.37.2 prints 1000 x 1E as {@code 1}, 3000 x 1E as
   * {@code 3}, 10000 x 1E as {@code 10}, 1024 x 1Ei as {@code 1}, 1025 x 1Ei as {@code 1025Ei}, 2048 x 1Ei
   * as {@code 2}.
   */
  @ParameterizedTest
  @CsvSource({"1000, 1E, 1", "3000, 1E, 3", "10000, 1E, 10", "999, 1E, 999E", "1024, 1Ei, 1", "1025, 1Ei, 1025Ei",
      "2048, 1Ei, 2", "8, 1Ei, 8Ei"})
  void d42_aSumBeyondTheLargestSuffixIsWrittenWithoutOneAsUpstreamDoes(int count, String each, String canonical) {
    Quantity sum = Quantity.parse(each);
    for (int i = 1; i < count; i++) {
      sum = sum.plus(Quantity.parse(each));
    }
    assertThat(sum.goString()).isEqualTo(canonical);
  }
}
