package io.podtopo.adapters.linux.kubelet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code json.Unmarshal} into a {@link GoType}, with the Go behaviour the checkpoints depend on:
 * a field matches its JSON name exactly or, failing that, ignoring case ({@code defaultCPUSet}
 * fills {@code defaultCpuSet}); unknown fields are ignored; {@code null} makes a map, slice or
 * pointer nil and leaves anything else as it was; a JSON object fills a map that already exists
 * (the kubelet pre-makes some); an empty array is an empty, non-nil slice; a value of the wrong
 * JSON type is skipped and the first such error is returned once the whole value is decoded
 * ({@code json: cannot unmarshal string into Go struct field CPUManagerCheckpointV2.entries of
 * type map[string]string}); an error of an {@code UnmarshalJSON} method stops decoding at once.
 * Syntax errors stop before anything is decoded, the truncated input with Go's text
 * {@code unexpected end of JSON input}.
 */
final class GoJson {

  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

  private GoJson() {}

  /** A type's own {@code UnmarshalJSON}. */
  interface Unmarshaler {

    /** The zero value of the type. */
    GoValue zero();

    /**
     * Decodes {@code json} (which may be {@code null}).
     *
     * @throws GoJsonException with the method's error text
     */
    GoValue unmarshal(JsonNode json);
  }

  /** A decoding error with Go's text. */
  static final class GoJsonException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    GoJsonException(String message) {
      super(message);
    }
  }

  /**
   * What {@code json.Unmarshal} leaves in the value it decodes into, and the
   * error it returns, if any.
   *
   * @param value the decoded value
   * @param error the error, with Go's text
   */
  record Decoded(GoValue value, Optional<String> error) {}

  /** {@code json.Unmarshal(text, v)} for {@code v} as the kubelet's {@code newXxx()} makes it ({@link GoType.StructType#fresh}). */
  static Decoded unmarshal(String text, GoType.StructType type) {
    GoValue initial = type.fresh();
    JsonNode tree;
    try {
      tree = JSON.readTree(text);
    } catch (JsonEOFException e) {
      return new Decoded(initial, Optional.of("unexpected end of JSON input"));
    } catch (StreamConstraintsException e) {
      // Go's scanner refuses nesting deeper than 10000 with this text; Jackson stops at its own limit first
      return new Decoded(initial, Optional.of("exceeded max depth"));
    } catch (JsonProcessingException e) {
      return new Decoded(initial, Optional.of("invalid JSON: " + e.getOriginalMessage().lines().findFirst().orElse("")));
    }
    if (tree == null || tree.isMissingNode()) {
      return new Decoded(initial, Optional.of("unexpected end of JSON input"));
    }
    return decode(tree, type);
  }

  /** {@code json.Unmarshal} of JSON already parsed (a value handed to an {@code UnmarshalJSON}). */
  static Decoded decode(JsonNode tree, GoType.StructType type) {
    GoValue initial = type.fresh();
    Decoder decoder = new Decoder();
    try {
      GoValue value = decoder.value(tree, type, initial);
      return new Decoded(value, decoder.firstError);
    } catch (GoJsonException e) {
      return new Decoded(initial, Optional.of(e.getMessage()));
    }
  }

  /** One run of the decoder: the error context (struct and field path) and the first saved error. */
  private static final class Decoder {
    private Optional<String> firstError = Optional.empty();
    private String struct = "";
    private final List<String> fieldStack = new ArrayList<>();

    GoValue value(JsonNode json, GoType type, GoValue current) {
      if (type instanceof GoType.CustomType custom) {
        return custom.decoder().unmarshal(json);
      }
      if (json.isNull()) {
        return type instanceof GoType.MapType || type instanceof GoType.SliceType
            || type instanceof GoType.PointerType ? type.zero() : current;
      }
      if (type instanceof GoType.PointerType pointer) {
        GoValue target = ((GoValue.GoPointer) current).target().orElse(pointer.element().zero());
        return new GoValue.GoPointer(pointer.element().name(), Optional.of(value(json, pointer.element(), target)));
      }
      if (type instanceof GoType.StringType string) {
        return json.isTextual() ? new GoValue.Scalar(string.name(), GoValue.Kind.STRING, json.textValue())
            : mismatch(json, type, current);
      }
      if (type instanceof GoType.IntegerType integer) {
        return integer(json, integer, current);
      }
      if (type instanceof GoType.MapType map) {
        return json.isObject() ? map(json, map, (GoValue.GoMap) current) : mismatch(json, type, current);
      }
      if (type instanceof GoType.SliceType slice) {
        return json.isArray() ? slice(json, slice) : mismatch(json, type, current);
      }
      GoType.StructType struct = (GoType.StructType) type;
      return json.isObject() ? struct(json, struct, (GoValue.GoStruct) current) : mismatch(json, type, current);
    }

    private GoValue integer(JsonNode json, GoType.IntegerType type, GoValue current) {
      if (!json.isNumber()) {
        return mismatch(json, type, current);
      }
      BigInteger limit = type.unsigned() ? BigInteger.ONE.shiftLeft(64) : BigInteger.ONE.shiftLeft(63);
      BigInteger low = type.unsigned() ? BigInteger.ZERO : limit.negate();
      if (!json.isIntegralNumber() || json.bigIntegerValue().compareTo(low) < 0
          || json.bigIntegerValue().compareTo(limit) >= 0) {
        save("number " + json.asText(), type);
        return current;
      }
      return new GoValue.Scalar(type.name(), type.unsigned() ? GoValue.Kind.UINT : GoValue.Kind.INT,
          json.bigIntegerValue().toString());
    }

    private GoValue map(JsonNode json, GoType.MapType type, GoValue.GoMap current) {
      Map<String, GoValue.Entry> entries = new LinkedHashMap<>();
      current.entries().forEach(entry -> entries.put(entry.key().text(), entry));
      Iterator<Map.Entry<String, JsonNode>> fields = json.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        GoValue value = value(field.getValue(), type.value(), type.value().zero());
        Optional<GoValue.Scalar> key = key(field.getKey(), type.key());
        key.ifPresent(k -> entries.put(k.text(), new GoValue.Entry(k, value)));
      }
      return new GoValue.GoMap(type.name(), false, List.copyOf(entries.values()));
    }

    private Optional<GoValue.Scalar> key(String key, GoType type) {
      if (type instanceof GoType.IntegerType integer) {
        try {
          long value = integer.unsigned() ? Long.parseUnsignedLong(key) : Long.parseLong(key);
          return Optional.of(new GoValue.Scalar(type.name(),
              integer.unsigned() ? GoValue.Kind.UINT : GoValue.Kind.INT,
              integer.unsigned() ? Long.toUnsignedString(value) : Long.toString(value)));
        } catch (NumberFormatException e) {
          save("number " + key, type);
          return Optional.empty();
        }
      }
      return Optional.of(new GoValue.Scalar(type.name(), GoValue.Kind.STRING, key));
    }

    private GoValue slice(JsonNode json, GoType.SliceType type) {
      List<GoValue> elements = new ArrayList<>();
      for (JsonNode element : json) {
        elements.add(value(element, type.element(), type.element().zero()));
      }
      return new GoValue.GoSlice(type.name(), false, elements);
    }

    private GoValue struct(JsonNode json, GoType.StructType type, GoValue.GoStruct current) {
      GoValue.GoStruct result = current;
      Iterator<Map.Entry<String, JsonNode>> fields = json.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        Optional<GoType.FieldType> target = field(type, field.getKey());
        if (target.isEmpty()) {
          continue;
        }
        String outerStruct = struct;
        int depth = fieldStack.size();
        struct = type.name().substring(type.name().lastIndexOf('.') + 1);
        fieldStack.add(target.get().json());
        GoValue value = value(field.getValue(), target.get().type(), result.field(target.get().name()));
        result = result.with(target.get().name(), value);
        struct = outerStruct;
        fieldStack.subList(depth, fieldStack.size()).clear();
      }
      return result;
    }

    /** Go's field lookup: the exact JSON name, else the first name equal ignoring case. */
    private static Optional<GoType.FieldType> field(GoType.StructType type, String key) {
      Optional<GoType.FieldType> exact = type.fields().stream().filter(f -> f.json().equals(key)).findFirst();
      return exact.isPresent() ? exact
          : type.fields().stream().filter(f -> f.json().equalsIgnoreCase(key)).findFirst();
    }

    private GoValue mismatch(JsonNode json, GoType type, GoValue current) {
      save(kind(json), type);
      return current;
    }

    private void save(String what, GoType type) {
      if (firstError.isEmpty()) {
        firstError = Optional.of("json: cannot unmarshal " + what + " into Go "
            + (fieldStack.isEmpty() ? "value" : "struct field " + struct + "." + String.join(".", fieldStack))
            + " of type " + type.name());
      }
    }

    private static String kind(JsonNode json) {
      return switch (json.getNodeType()) {
        case STRING -> "string";
        case NUMBER -> "number";
        case BOOLEAN -> "bool";
        case ARRAY -> "array";
        default -> json.getNodeType().name().toLowerCase(Locale.ROOT);
      };
    }
  }
}
