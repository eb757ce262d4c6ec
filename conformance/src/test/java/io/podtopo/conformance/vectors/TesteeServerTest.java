package io.podtopo.conformance.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The serving side of the testee protocol answers every request line with exactly one line. */
class TesteeServerTest {

  private static final String INPUT = "{\"topology\":{\"name\":\"one\",\"cpus\":[{\"id\":0,\"core\":0,\"socket\":0,"
      + "\"numa\":0,\"uncoreCache\":0},{\"id\":1,\"core\":1,\"socket\":0,\"numa\":0,\"uncoreCache\":0}]},"
      + "\"available\":\"0-1\",\"numCPUs\":1}";

  private final TesteeServer server = new TesteeServer(new ReferenceSubject(LowestCpusKind.KINDS));

  @Test
  void aKnownKindIsAnsweredWithTheOutputOnOneLine() {
    assertThat(server.answer("{\"id\":\"a/b/c\",\"kind\":\"lowest-cpus\",\"input\":" + INPUT + "}"))
        .isEqualTo("{\"id\":\"a/b/c\",\"output\":{\"cpus\":\"0\",\"hint\":{\"numaAffinity\":[0],\"preferred\":true}}}");
  }

  @Test
  void anUnknownKindIsAnsweredUnsupported() {
    assertThat(server.answer("{\"id\":\"x\",\"kind\":\"no-such-kind\",\"input\":{}}"))
        .isEqualTo("{\"id\":\"x\",\"unsupported\":true}");
  }

  @Test
  void aFailingSubjectIsAnsweredWithAnErrorForThatId() {
    TesteeServer failing = new TesteeServer(new Subject() {
      @Override
      public String name() {
        return "failing";
      }

      @Override
      public Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
        throw new IllegalArgumentException("bad topology");
      }
    });

    assertThat(failing.answer("{\"id\":\"x\",\"kind\":\"k\",\"input\":{}}"))
        .isEqualTo("{\"id\":\"x\",\"error\":\"IllegalArgumentException: bad topology\"}");
  }

  @Test
  void aMalformedRequestIsAnsweredWithAnErrorInsteadOfEndingTheServer() {
    assertThat(server.answer("not json")).startsWith("{\"id\":null,\"error\":\"bad request: not JSON: ");
    assertThat(server.answer("{\"id\":\"x\"}"))
        .isEqualTo("{\"id\":\"x\",\"error\":\"bad request: \\\"id\\\" and \\\"kind\\\" must be strings and "
            + "\\\"input\\\" must be present\"}");
  }

  @Test
  void serveAnswersEachNonBlankLineInOrderUntilTheInputEnds() {
    StringWriter out = new StringWriter();

    server.serve(new BufferedReader(new StringReader(
        "{\"id\":\"1\",\"kind\":\"nope\",\"input\":{}}\n\n{\"id\":\"2\",\"kind\":\"nope\",\"input\":{}}\n")), out);

    assertThat(out.toString()).isEqualTo("{\"id\":\"1\",\"unsupported\":true}\n{\"id\":\"2\",\"unsupported\":true}\n");
  }
}
