package io.podtopo.conformance.vectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rules IN-4 and IN-5: a vector file is at most 16 MiB, a line of the testee protocol at most 16 Mi
 * characters on either side; beyond, one error naming the limit (docs/guide/limits.md).
 */
class ConformanceLimitsTest {

  @Test
  void aVectorFileOfMoreThan16MiBIsRefusedBeforeItIsParsed_in4() {
    byte[] big = new byte[VectorFile.MAX_BYTES + 1];
    Arrays.fill(big, (byte) ' ');

    assertThatThrownBy(() -> VectorFile.read("big.json", new ByteArrayInputStream(big)))
        .isInstanceOf(InvalidVectorFileException.class)
        .hasMessage("big.json: larger than 16777216 bytes, the limit of a vector file");
  }

  @Test
  void aRequestLineLongerThanTheLimitIsAnsweredWithAnErrorAndTheNextLineIsServed_in5() {
    TesteeServer server = new TesteeServer(new ReferenceSubject(LowestCpusKind.KINDS));
    String requests = "x".repeat(TesteeProtocol.MAX_LINE_CHARS + 1) + "\n{\"id\":\"x\",\"kind\":\"no-such-kind\",\"input\":{}}\n";
    StringWriter answers = new StringWriter();

    server.serve(new BufferedReader(new StringReader(requests)), answers);

    assertThat(answers.toString().split("\n")).containsExactly(
        "{\"id\":null,\"error\":\"bad request: the line is longer than 16777216 characters, the limit of the testee "
            + "protocol\"}",
        "{\"id\":\"x\",\"unsupported\":true}");
  }

  @Test
  void aLineOfExactlyTheLimitIsRead_in5() {
    TesteeServer server = new TesteeServer(new ReferenceSubject(LowestCpusKind.KINDS));
    String line = "\"" + "x".repeat(TesteeProtocol.MAX_LINE_CHARS - 2) + "\"";
    StringWriter answers = new StringWriter();

    server.serve(new BufferedReader(new StringReader(line)), answers);

    assertThat(answers.toString()).startsWith("{\"id\":null,\"error\":\"bad request: not a JSON object: ");
  }

  @Test
  void anAnswerLineLongerThanTheLimitBreaksTheTestee_in5() {
    List<String> command = List.of("sh", "-c", "head -c " + (TesteeProtocol.MAX_LINE_CHARS + 1) + " /dev/zero | tr '\\0' x; echo");
    try (ProcessSubject testee = ProcessSubject.start(command, Duration.ofSeconds(30))) {
      assertThatThrownBy(() -> testee.run("c1", "k", JsonNodeFactory.instance.objectNode()))
          .isInstanceOf(BrokenSubjectException.class)
          .hasMessage("testee answered c1 with a line that is not a protocol answer: the line is longer than "
              + "16777216 characters, the limit of the testee protocol");
    }
  }
}
