package io.podtopo.conformance.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.kinds.ReferenceKinds;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;

/**
 * Rule IN-1 for the lines of the testee protocol, read on both sides. Requests: whatever lines
 * {@code podtopo testee} reads, it answers each non-blank one with one JSON line carrying
 * {@code output}, {@code unsupported} or {@code error}, and goes on. Answers: whatever line a
 * testee program writes back is an output, unsupported, a {@link TesteeException} (an {@code error}
 * answer) or a {@link BrokenSubjectException} (anything that is not a protocol answer). Replays
 * {@code TesteeProtocolFuzzTestInputs/} (requests of the bundled vectors and the reference's
 * answers to them) in every build; {@code -Pfuzz} fuzzes it (docs/guide/fuzzing.md).
 */
@Tag("one-jvm") // alone, after the other tests (pom.xml): Jazzer's agent starts once, in one JVM
class TesteeProtocolFuzzTest {

  private static final TesteeServer REFERENCE = new TesteeServer(new ReferenceSubject(new VectorKinds(ReferenceKinds.all())));

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void everyRequestLineIsAnsweredWithOneLine_in1(byte[] input) {
    String requests = new String(input, StandardCharsets.UTF_8);
    StringWriter answers = new StringWriter();
    REFERENCE.serve(new BufferedReader(new StringReader(requests)), answers);
    long asked = Arrays.stream(requests.split("\n", -1))
        .map(line -> line.endsWith("\r") ? line.substring(0, line.length() - 1) : line)
        .filter(line -> !line.isBlank()).count();
    List<String> answered = answers.toString().isEmpty() ? List.of() : List.of(answers.toString().split("\n"));
    assertThat(answered).hasSize((int) asked);
    for (String line : answered) {
      ObjectNode answer = TesteeProtocol.parse(line);
      assertThat(answer.has("id")).isTrue();
      assertThat(List.of("output", "unsupported", "error")).filteredOn(answer::has).hasSize(1);
    }
  }

  @FuzzTest
  @Timeout(value = 20, unit = TimeUnit.SECONDS)
  void anAnswerLineIsAnOutputOrATesteeError_in1(byte[] answer) throws IOException {
    Path file = Files.createTempFile("podtopo-testee-answer", ".jsonl");
    try {
      Files.write(file, answer);
      String caseId = caseId(answer);
      try (ProcessSubject testee = ProcessSubject.start(List.of("cat", file.toString()), Duration.ofSeconds(5))) {
        Optional<JsonNode> output = testee.run(caseId, "any-kind", JsonNodeFactory.instance.objectNode());
        assertThat(output).isNotNull();
      } catch (TesteeException | BrokenSubjectException e) {
        assertThat(e.getMessage()).isNotBlank();
      }
    } finally {
      Files.delete(file);
    }
  }

  /** The id the answer line names, so that a fuzzed answer can be in step: "case" when it names none. */
  private static String caseId(byte[] answer) {
    String text = new String(answer, StandardCharsets.UTF_8);
    int end = text.indexOf('\n');
    try {
      JsonNode id = TesteeProtocol.parse(end < 0 ? text : text.substring(0, end)).get("id");
      return id != null && id.isTextual() ? id.asText() : "case";
    } catch (IllegalArgumentException e) {
      return "case";
    }
  }
}
