package io.podtopo.conformance.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the JSON and YAML files users give are read, and how a file that cannot be read is described
 * to them: in their own terms, never in Jackson's.
 *
 * <p>A number is kept as written: {@code 1e400} is the number {@code 1E+400} in every message, not
 * the {@code "Infinity"} a {@code double} would make of it, and {@code 2.50} stays {@code 2.50}.
 * A parse error is Jackson's problem without its source excerpt ({@code REDACTED (...)}), the name
 * of the limit it crossed ({@code StreamReadConstraints...}) or its Java types, with the line and
 * column where it knows them.
 */
public final class InputJson {

  /** The mapper of JSON files users give: {@code new ObjectMapper()} with numbers as written. */
  public static final ObjectMapper MAPPER = numbersAsWritten(new ObjectMapper());

  /** Jackson's "value of type `T` from X value" in the user's terms: what the field takes, what it found. */
  private static final Pattern MISMATCH = Pattern.compile(
      "Cannot deserialize value of type `([^`]+)` from (\\w+) value.*");
  /**
   * The name of the read constraint a limit message ends with, e.g.
   * {@code , from `StreamReadConstraints.getMaxNestingDepth()`}.
   */
  private static final Pattern CONSTRAINT_NAME = Pattern.compile(", from `[^`]*`\\)");

  private InputJson() {}

  /** {@code mapper}, set to keep every number as written (a decimal or exponent number exactly, unstripped). */
  public static <M extends ObjectMapper> M numbersAsWritten(M mapper) {
    mapper.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    mapper.configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);
    return mapper;
  }

  /** Jackson's problem in the user's terms, with the line and column where it knows them. */
  public static String describe(JsonProcessingException e) {
    JsonLocation location = e.getLocation();
    String problem = CONSTRAINT_NAME.matcher(e.getOriginalMessage().lines().findFirst().orElse("").strip())
        .replaceAll(")");
    Matcher mismatch = MISMATCH.matcher(problem);
    if (mismatch.matches()) {
      problem = "expected " + expected(mismatch.group(1)) + ", found " + found(mismatch.group(2));
    }
    return location == null || location.getLineNr() < 1
        ? problem
        : problem + " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
  }

  private static String expected(String javaType) {
    return switch (javaType) {
      case "java.lang.String" -> "a string";
      case "int", "long", "java.lang.Integer", "java.lang.Long" -> "a whole number";
      case "boolean", "java.lang.Boolean" -> "true or false";
      default -> javaType.startsWith("java.util.") && javaType.contains("List") ? "a list"
          : javaType.startsWith("java.util.") && javaType.contains("Map") ? "a mapping"
          : "a mapping of the " + javaType.substring(javaType.lastIndexOf('.') + 1) + " fields";
    };
  }

  private static String found(String jsonKind) {
    return switch (jsonKind) {
      case "Array" -> "a list";
      case "Object" -> "a mapping";
      case "String" -> "a string";
      case "Integer", "Float", "Number" -> "a number";
      case "Boolean" -> "true or false";
      default -> "a " + jsonKind.toLowerCase(Locale.ROOT);
    };
  }
}
