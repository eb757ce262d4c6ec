package io.podtopo.domain.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Go's {@code strconv.Quote}, as the kubelet's messages quote values. */
class GoQuoteTest {

  @Test
  void quotesBackslashesAndControlsAreEscapedAndOtherTextIsKept() {
    assertThat(GoQuote.of("a\"b\\c\n\u0001é\t\r\u007f")).isEqualTo("\"a\\\"b\\\\c\\n\\x01é\\t\\r\\x7f\"");
    assertThat(GoQuote.of("")).isEqualTo("\"\"");
  }
}
