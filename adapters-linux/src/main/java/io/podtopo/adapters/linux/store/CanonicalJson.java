package io.podtopo.adapters.linux.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The canonical JSON of a state file: object members sorted by name (Java {@link String#compareTo},
 * that is UTF-16 code units), arrays in order, integers in plain decimal, strings escaped minimally
 * (quote, backslash, control characters) and UTF-8 otherwise. The compact form has no whitespace at
 * all; it is what the checksum covers. Files are written in the indented form (two spaces, LF line
 * ends on every platform), which has the same member order.
 */
final class CanonicalJson {

  /** The prefix of a checksum: {@code sha256:} then 64 lowercase hex digits. */
  static final String SHA256 = "sha256:";

  private static final JsonFactory FACTORY = new JsonMapper().getFactory();
  private static final DefaultPrettyPrinter INDENTED = new DefaultPrettyPrinter(
      Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER))
      .withObjectIndenter(new DefaultIndenter("  ", "\n"));

  private CanonicalJson() {}

  /** The compact canonical bytes of {@code node}. */
  static byte[] compact(JsonNode node) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (JsonGenerator generator = FACTORY.createGenerator(bytes)) {
      write(generator, node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** {@code sha256:} and the hex SHA-256 of the compact canonical bytes of {@code node}. */
  static String checksum(JsonNode node) {
    try {
      return SHA256 + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(compact(node)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /** A generator writing indented canonical JSON to {@code out}, as UTF-8. */
  static JsonGenerator indented(ByteArrayOutputStream out) throws IOException {
    return FACTORY.createGenerator(out).setPrettyPrinter(INDENTED.createInstance());
  }

  /** Writes {@code node} with its members (and theirs) sorted. */
  static void write(JsonGenerator generator, JsonNode node) throws IOException {
    if (node.isObject()) {
      List<String> names = new ArrayList<>();
      node.fieldNames().forEachRemaining(names::add);
      names.sort(null);
      generator.writeStartObject();
      for (String name : names) {
        generator.writeFieldName(name);
        write(generator, node.get(name));
      }
      generator.writeEndObject();
    } else if (node.isArray()) {
      generator.writeStartArray();
      for (JsonNode element : node) {
        write(generator, element);
      }
      generator.writeEndArray();
    } else {
      generator.writeTree(node);
    }
  }
}
