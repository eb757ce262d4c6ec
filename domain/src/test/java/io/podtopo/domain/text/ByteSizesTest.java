package io.podtopo.domain.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ByteSizesTest {

  @Test
  void theLargestBinarySuffixThatDividesTheCountIsUsed() {
    assertThat(ByteSizes.format(0)).isEqualTo("0");
    assertThat(ByteSizes.format(1L << 30)).isEqualTo("1Gi");
    assertThat(ByteSizes.format(1536L << 20)).isEqualTo("1536Mi");
    assertThat(ByteSizes.format(3L << 40)).isEqualTo("3Ti");
    assertThat(ByteSizes.format(1000)).isEqualTo("1000");
  }
}
