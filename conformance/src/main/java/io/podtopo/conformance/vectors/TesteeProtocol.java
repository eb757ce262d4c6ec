package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The lines of the testee protocol ({@code docs/conformance.md}): one compact JSON object per line.
 * A request is {@code {"id","kind","input"}}; an answer is {@code {"id","output"}},
 * {@code {"id","unsupported":true}} (with an optional {@code "reason":"..."}) or
 * {@code {"id","error":"..."}}.
 */
public final class TesteeProtocol {

  /**
   * The longest line either side reads, in characters (16 MiB): a thousand times the longest request
   * of the bundled vectors. A longer request is answered with an {@code error}; a longer answer
   * breaks the testee.
   */
  public static final int MAX_LINE_CHARS = 16 << 20;

  private static final ObjectMapper JSON = new ObjectMapper();

  private TesteeProtocol() {}

  /** The request line for one case. */
  public static String request(String id, String kind, JsonNode input) {
    ObjectNode line = JSON.createObjectNode();
    line.put("id", id);
    line.put("kind", kind);
    line.set("input", input);
    return line.toString();
  }

  /** The answer line carrying an output. */
  public static String output(String id, JsonNode output) {
    ObjectNode line = JSON.createObjectNode();
    line.put("id", id);
    line.set("output", output);
    return line.toString();
  }

  /** The answer line for a kind the testee does not implement. */
  public static String unsupported(String id) {
    ObjectNode line = JSON.createObjectNode();
    line.put("id", id);
    line.put("unsupported", true);
    return line.toString();
  }

  /** The answer line for a kind the testee does not implement, saying why. */
  public static String unsupported(String id, String reason) {
    ObjectNode line = JSON.createObjectNode();
    line.put("id", id);
    line.put("unsupported", true);
    line.put("reason", reason);
    return line.toString();
  }

  /** The answer line for a case the testee failed on; {@code id} is null when the request had none. */
  public static String error(String id, String message) {
    ObjectNode line = JSON.createObjectNode();
    line.put("id", id);
    line.put("error", message);
    return line.toString();
  }

  /** Parses one line as a JSON object. @throws IllegalArgumentException when it is not one */
  public static ObjectNode parse(String line) {
    JsonNode node;
    try {
      node = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage());
    }
    if (!(node instanceof ObjectNode object)) {
      throw new IllegalArgumentException("not a JSON object: " + abbreviate(line));
    }
    return object;
  }

  /** The problem of a line longer than {@link #MAX_LINE_CHARS}. */
  static String tooLong() {
    return "the line is longer than " + MAX_LINE_CHARS + " characters, the limit of the testee protocol";
  }

  static String abbreviate(String text) {
    return text.length() > 200 ? text.substring(0, 200) + "..." : text;
  }
}
