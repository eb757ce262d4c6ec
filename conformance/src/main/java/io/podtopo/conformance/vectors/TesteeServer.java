package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Optional;

/**
 * The serving side of the testee protocol: answers each request line read from {@code in} with one
 * line on {@code out}, flushed at once, until the end of {@code in}; a line longer than
 * {@link TesteeProtocol#MAX_LINE_CHARS} is answered with an {@code error} without an id. Any {@link Subject} can be
 * served; {@code podtopo testee} serves the reference implementation. A subject's
 * {@link KindNotSupportedException} is answered {@code unsupported} with its reason.
 */
public final class TesteeServer {

  private final Subject subject;

  public TesteeServer(Subject subject) {
    this.subject = subject;
  }

  /** Serves until {@code in} ends. @throws UncheckedIOException when a stream fails */
  public void serve(BufferedReader in, Writer out) {
    ProtocolLines lines = new ProtocolLines(in, TesteeProtocol.MAX_LINE_CHARS);
    try {
      for (ProtocolLines.Line line = lines.next(); line != null; line = lines.next()) {
        if (line.tooLong() || !line.text().isBlank()) {
          out.write(line.tooLong() ? TesteeProtocol.error(null, "bad request: " + TesteeProtocol.tooLong())
              : answer(line.text()));
          out.write('\n');
          out.flush();
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The answer line for one request line. */
  public String answer(String requestLine) {
    ObjectNode request;
    try {
      request = TesteeProtocol.parse(requestLine);
    } catch (IllegalArgumentException e) {
      return TesteeProtocol.error(null, "bad request: " + e.getMessage());
    }
    JsonNode id = request.get("id");
    JsonNode kind = request.get("kind");
    if (id == null || !id.isTextual() || kind == null || !kind.isTextual() || !request.has("input")) {
      return TesteeProtocol.error(id != null && id.isTextual() ? id.asText() : null,
          "bad request: \"id\" and \"kind\" must be strings and \"input\" must be present");
    }
    try {
      Optional<JsonNode> output = subject.run(id.asText(), kind.asText(), request.get("input"));
      return output.map(o -> TesteeProtocol.output(id.asText(), o))
          .orElseGet(() -> TesteeProtocol.unsupported(id.asText()));
    } catch (KindNotSupportedException e) {
      return TesteeProtocol.unsupported(id.asText(), e.reason());
    } catch (RuntimeException e) {
      return TesteeProtocol.error(id.asText(), e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }
}
