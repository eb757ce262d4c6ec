package io.podtopo.conformance.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;

/**
 * Rule IN-1 for vector files: any bytes are a vector file whose cases each have an id, a kind and a
 * self-contained input, or an {@link InvalidVectorFileException} naming the file. Replays
 * {@code VectorFileFuzzTestInputs/} (the bundled vector files) in every build; {@code -Pfuzz}
 * fuzzes it (docs/guide/fuzzing.md).
 */
@Tag("one-jvm") // alone, after the other tests (pom.xml): Jazzer's agent starts once, in one JVM
class VectorFileFuzzTest {

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aVectorFileIsCasesOrAnInvalidVectorFile_in1(byte[] content) {
    VectorFile file;
    try {
      file = VectorFile.read("fuzzed.json", new ByteArrayInputStream(content));
    } catch (InvalidVectorFileException e) {
      assertThat(e.getMessage()).startsWith("fuzzed.json: ");
      return;
    }
    assertThat(file.cases()).allSatisfy(vectorCase -> {
      assertThat(vectorCase.id()).isNotNull();
      assertThat(vectorCase.kind()).isNotNull();
      assertThat(vectorCase.input()).isNotNull();
    });
  }
}
