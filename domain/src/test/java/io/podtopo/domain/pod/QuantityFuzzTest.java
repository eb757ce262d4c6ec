package io.podtopo.domain.pod;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;

/**
 * Rule IN-1 for quantities (D-38): any text is a {@link Quantity}, read whole or in thousandths, or an
 * {@link InvalidQuantityException} naming the text; an accepted quantity has the 64-bit value the
 * kubelet would compute. Replays {@code QuantityFuzzTestInputs/} in every build; {@code -Pfuzz}
 * fuzzes it (docs/guide/fuzzing.md).
 */
@Tag("one-jvm") // alone, after the other tests (pom.xml): Jazzer's agent starts once, in one JVM
class QuantityFuzzTest {

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aQuantityIsAQuantityOrAnInvalidQuantity_in1(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    try {
      Quantity quantity = Quantity.parse(text);
      assertThat(quantity.value()).isNotNegative();
      assertThat(quantity.toString()).isEqualTo(text.strip());
    } catch (InvalidQuantityException e) {
      assertThat(e.text()).isEqualTo(text);
      assertThat(e.getMessage()).startsWith("invalid quantity ").doesNotContain("\n");
    }
    try {
      assertThat(Quantity.parseMillis(text).milliValue()).isNotNegative();
    } catch (InvalidQuantityException e) {
      assertThat(e.text()).isEqualTo(text);
    }
  }
}
