package io.podtopo.domain.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;

/**
 * Rule IN-1 for cpulists (CPU-1): any text is a CPU set that prints back to an equal set, or a
 * {@link CpuListFormatException} naming the text. Replays {@code CpuSetFuzzTestInputs/} in every
 * build; {@code -Pfuzz} fuzzes it (docs/guide/fuzzing.md).
 */
@Tag("one-jvm") // alone, after the other tests (pom.xml): Jazzer's agent starts once, in one JVM
class CpuSetFuzzTest {

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aCpulistIsACpuSetOrACpuListFormatError_in1(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    CpuSet cpus;
    try {
      cpus = CpuSet.parse(text);
    } catch (CpuListFormatException e) {
      assertThat(e.text()).isEqualTo(text);
      assertThat(e.getMessage()).startsWith("invalid cpulist ").doesNotContain("\n");
      return;
    }
    assertThat(CpuSet.parse(cpus.toString())).isEqualTo(cpus);
  }
}
