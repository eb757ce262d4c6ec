package io.podtopo.adapters.linux.store;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.text.GoQuote;
import io.podtopo.ports.in.NodeSnapshot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The state file: a versioned envelope around the snapshot's {@code data}, with a checksum.
 *
 * <pre>
 * {
 *   "format": "podtopo-node-state",
 *   "version": 1,
 *   "checksum": "sha256:&lt;64 hex digits&gt;",
 *   "data": {...}
 * }
 * </pre>
 *
 * <p>The checksum is the SHA-256 of the compact canonical JSON of {@code data}
 * ({@link CanonicalJson}); {@code data} is {@link SnapshotJson}. The file is UTF-8, indented, with
 * sorted members inside {@code data} and a final line feed: equal snapshots give identical bytes.
 *
 * <p>Reading refuses, with one sentence saying what is wrong, a file that is empty, truncated, not
 * JSON, of another format, of another version, without a valid checksum, whose data does not match
 * its checksum, or whose data does not describe a snapshot.
 */
final class StateFileFormat {

  static final String FORMAT = "podtopo-node-state";
  static final int VERSION = 1;

  private static final Pattern CHECKSUM = Pattern.compile(Pattern.quote(CanonicalJson.SHA256) + "[0-9a-f]{64}");
  private static final Set<String> MEMBERS = new TreeSet<>(Set.of("format", "version", "checksum", "data"));

  private StateFileFormat() {}

  /** A state file's bytes and the checksum of its data. */
  record Encoded(byte[] bytes, String checksum) {}

  /** A state file whose envelope and checksum were checked: the checksum and the data it covers. */
  record Verified(String checksum, JsonNode data) {}

  /** The bytes of the state file holding {@code snapshot}. */
  static Encoded write(NodeSnapshot snapshot) {
    ObjectNode data = SnapshotJson.encode(snapshot);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String checksum = CanonicalJson.checksum(data);
    try (JsonGenerator generator = CanonicalJson.indented(out)) {
      generator.writeStartObject();
      generator.writeStringField("format", FORMAT);
      generator.writeNumberField("version", VERSION);
      generator.writeStringField("checksum", checksum);
      generator.writeFieldName("data");
      CanonicalJson.write(generator, data);
      generator.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    out.write('\n');
    return new Encoded(out.toByteArray(), checksum);
  }

  /**
   * The saved state in {@code bytes}, read from {@code file}.
   *
   * @throws Refusal saying what is wrong with the bytes
   */
  static SavedState read(Path file, byte[] bytes) throws Refusal {
    Verified verified = verify(bytes);
    return new SavedState(file, VERSION, verified.checksum(), decode(verified.data()), 0);
  }

  /**
   * The snapshot a state file's data describes.
   *
   * @throws Refusal naming the first value that is wrong
   */
  static NodeSnapshot decode(JsonNode data) throws Refusal {
    try {
      return SnapshotJson.decode(DataNode.at(data, "/data"));
    } catch (InvalidStateDataException e) {
      throw new Refusal(e.getMessage());
    }
  }

  /**
   * The checksum and data of a state file whose envelope is right and whose data matches its checksum.
   *
   * @throws Refusal saying what is wrong with the bytes
   */
  static Verified verify(byte[] bytes) throws Refusal {
    JsonNode root = parse(bytes);
    if (!root.isObject()) {
      throw new Refusal("it is not a podtopo node state file: the JSON is not an object");
    }
    JsonNode format = root.path("format");
    if (!format.isTextual() || !format.textValue().equals(FORMAT)) {
      throw new Refusal("it is not a podtopo node state file: \"format\" is " + describe(format) + ", expected \""
          + FORMAT + "\"");
    }
    JsonNode version = root.path("version");
    if (!version.isIntegralNumber() || !version.canConvertToInt()) {
      throw new Refusal("its \"version\" is " + describe(version) + ", expected a number");
    }
    if (version.intValue() != VERSION) {
      throw new Refusal("its version " + version.intValue() + " is not supported: this podtopo reads version "
          + VERSION);
    }
    Set<String> members = new TreeSet<>();
    root.fieldNames().forEachRemaining(members::add);
    if (!members.equals(MEMBERS)) {
      throw new Refusal("its members are " + GoQuote.escaped(members.toString()) + ", expected exactly " + MEMBERS);
    }
    JsonNode checksum = root.get("checksum");
    if (!checksum.isTextual() || !CHECKSUM.matcher(checksum.textValue()).matches()) {
      throw new Refusal("its \"checksum\" is " + describe(checksum) + ", expected " + CanonicalJson.SHA256
          + " and 64 lowercase hex digits");
    }
    JsonNode data = root.get("data");
    String actual = CanonicalJson.checksum(data);
    if (!actual.equals(checksum.textValue())) {
      throw new Refusal("checksum mismatch: the file says " + checksum.textValue() + " but its data hashes to "
          + actual + " (edited by hand, or damaged)");
    }
    return new Verified(actual, data);
  }

  private static JsonNode parse(byte[] bytes) throws Refusal {
    JsonNode root;
    try {
      root = CanonicalJson.parse(bytes);
    } catch (JsonEOFException e) {
      throw new Refusal("it is truncated: the JSON ends early" + at(e.getLocation()) + " (a torn write?)");
    } catch (JsonProcessingException e) {
      if (e.getOriginalMessage().startsWith("Unexpected end-of-input")) {
        // Jackson's tree reader reports an end between an object's entries this way, not as an EOF
        throw new Refusal("it is truncated: the JSON ends early" + at(e.getLocation()) + " (a torn write?)");
      }
      throw new Refusal("it is not JSON: " + e.getOriginalMessage().strip().replaceAll("\\s*\\R\\s*", " ")
          + at(e.getLocation()));
    } catch (IOException e) {
      throw new Refusal("it is not JSON: " + e.getMessage());
    }
    if (root == null) {
      throw new Refusal("it is empty (" + bytes.length + " bytes, no JSON value)");
    }
    return root;
  }

  private static String at(JsonLocation location) {
    return location == null ? "" : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
  }

  private static String describe(JsonNode node) {
    return node.isMissingNode() ? "missing" : DataNode.describe(node);
  }

  /** What is wrong with a state file, as a clause ("it is truncated: ..."). */
  static final class Refusal extends Exception {

    private static final long serialVersionUID = 1L;

    Refusal(String reason) {
      super(reason);
    }
  }
}
