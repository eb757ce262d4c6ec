package io.podtopo.adapters.linux.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The JSON of a state file, with jackson-core only (an {@code ObjectMapper} costs a cold start
 * hundreds of milliseconds). Reading is strict ({@link #parse}).
 *
 * <p>The canonical form: object members sorted by name (Java {@link String#compareTo}, that is
 * UTF-16 code units), arrays in order, integers in plain decimal, strings escaped minimally (quote,
 * backslash, control characters) and UTF-8 otherwise. The compact form has no whitespace at
 * all; it is what the checksum covers. Files are written in the indented form (two spaces, LF line
 * ends on every platform), which has the same member order.
 */
final class CanonicalJson {

  /** The prefix of a checksum: {@code sha256:} then 64 lowercase hex digits. */
  static final String SHA256 = "sha256:";

  private static final JsonFactory FACTORY = JsonFactory.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
  private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
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
    } else if (node.isTextual()) {
      generator.writeString(node.textValue());
    } else if (node.isBigInteger()) {
      generator.writeNumber(node.bigIntegerValue());
    } else if (node.isIntegralNumber()) {
      generator.writeNumber(node.longValue());
    } else if (node.isNumber()) {
      generator.writeNumber(node.decimalValue());
    } else if (node.isBoolean()) {
      generator.writeBoolean(node.booleanValue());
    } else {
      generator.writeNull();
    }
  }

  /**
   * Parses {@code bytes} as one JSON value, strictly: a member twice in an object, or anything after
   * the value, is an error. Numbers keep their exact value. Returns null when there is no value
   * (empty or blank input).
   *
   * @throws JsonProcessingException for malformed JSON ({@link com.fasterxml.jackson.core.io.JsonEOFException}
   *     when it ends early)
   */
  static JsonNode parse(byte[] bytes) throws IOException {
    try (JsonParser parser = FACTORY.createParser(bytes)) {
      if (parser.nextToken() == null) {
        return null;
      }
      JsonNode value = read(parser);
      JsonToken after = parser.nextToken();
      if (after != null) {
        throw new JsonParseException(parser, "unexpected " + after + " after the JSON value");
      }
      return value;
    }
  }

  private static JsonNode read(JsonParser parser) throws IOException {
    switch (parser.currentToken()) {
      case START_OBJECT -> {
        ObjectNode object = NODES.objectNode();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String name = parser.currentName();
          parser.nextToken();
          object.set(name, read(parser));
        }
        return object;
      }
      case START_ARRAY -> {
        ArrayNode array = NODES.arrayNode();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
          array.add(read(parser));
        }
        return array;
      }
      case VALUE_STRING -> {
        return NODES.textNode(parser.getText());
      }
      case VALUE_NUMBER_INT -> {
        return switch (parser.getNumberType()) {
          case INT -> NODES.numberNode(parser.getIntValue());
          case LONG -> NODES.numberNode(parser.getLongValue());
          default -> NODES.numberNode(parser.getBigIntegerValue());
        };
      }
      case VALUE_NUMBER_FLOAT -> {
        try {
          return NODES.numberNode(parser.getDecimalValue());
        } catch (NumberFormatException e) {
          // an exponent beyond BigDecimal's (found by StateFileFuzzTest): malformed JSON, not a crash
          throw new JsonParseException(parser, "a number out of range: " + e.getMessage(), e);
        }
      }
      case VALUE_TRUE, VALUE_FALSE -> {
        return NODES.booleanNode(parser.getBooleanValue());
      }
      default -> {
        return NODES.nullNode();
      }
    }
  }
}
