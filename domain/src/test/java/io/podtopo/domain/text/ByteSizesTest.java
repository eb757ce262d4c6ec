package io.podtopo.domain.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ByteSizesTest {

  /** Issue 24 item 11: one convention for people; 24683784Ki is what a NUMA node's MemTotal of 24683784 kB gave. */
  @ParameterizedTest(name = "{0} bytes: {1}")
  @CsvSource({
      "0, 0",
      "1073741824, 1Gi",
      "1610612736, 1536Mi",
      "3298534883328, 3Ti",
      "10238976, 9999Ki",
      "1000, 1000",
      "25276194816, ~23.5Gi",
      "10240000, ~9.8Mi",
      "100000000, ~95.4Mi",
      "1073741823, ~1.0Gi",
      "4611686018427387904, 4Ei",
      "9223372036854775807, ~8.0Ei",
      "1152921504606846975, ~1.0Ei"})
  void issue24_item11_aSizeIsExactUpToFourDigitsInTheLargestSuffixThatDividesItElseRoundedToATenthAndMarked(
      long bytes, String written) {
    assertThat(ByteSizes.format(bytes)).isEqualTo(written);
  }

  /** The kubelet's texts: upstream's {@code Quantity.String()} of a binary-SI count. */
  @ParameterizedTest(name = "{0} bytes: {1}")
  @CsvSource({"0, 0", "1610612736, 1536Mi", "25276194816, 24683784Ki", "1152921504606846976, 1Ei", "1000, 1000",
      "6917529027641081856, 6Ei", "9223372036854775807, 9223372036854775807", "-9223372036854775808, -8Ei"})
  void aQuantityIsExactInTheLargestBinarySuffixThatDividesIt(long bytes, String written) {
    assertThat(ByteSizes.quantity(bytes)).isEqualTo(written);
  }
}
