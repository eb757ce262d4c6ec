package io.podtopo.adapters.linux.kubelet;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A Go value as {@code encoding/json} leaves it after decoding a checkpoint, with what Go's
 * reflection knows of it: its type's name ({@code reflect.Type.String()}) and the difference
 * between a nil and an empty map or slice. {@link Spew} renders it the way the kubelet's checksum
 * sees it.
 */
sealed interface GoValue {

  /** The type's name as Go prints it, e.g. {@code checksum.Checksum} or {@code map[string]string}. */
  String type();

  /** The Go kinds of the scalars in a checkpoint. */
  enum Kind {
    STRING,
    INT,
    UINT
  }

  /**
   * A string or integer, kept as the text Go would print ({@code 42}, {@code static}).
   *
   * @param type the type's name
   * @param kind string, signed or unsigned integer
   * @param text the value as Go prints it
   */
  record Scalar(String type, Kind kind, String text) implements GoValue {
    public Scalar {
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(text, "text");
    }
  }

  /**
   * A map; {@code entries} is empty for a nil map too, which {@code nil} tells apart.
   *
   * @param type the type's name
   * @param nil whether the map is nil
   * @param entries its entries, in no particular order
   */
  record GoMap(String type, boolean nil, List<Entry> entries) implements GoValue {
    public GoMap {
      entries = List.copyOf(entries);
    }

    /** The value under a string key, if there is one. */
    Optional<GoValue> get(String key) {
      return entries.stream().filter(entry -> entry.key().text().equals(key)).map(Entry::value).findFirst();
    }
  }

  /**
   * One map entry; keys in checkpoints are strings or integers.
   *
   * @param key the key
   * @param value the value
   */
  record Entry(Scalar key, GoValue value) {}

  /**
   * A slice; {@code elements} is empty for a nil slice too, which {@code nil} tells apart.
   *
   * @param type the type's name
   * @param nil whether the slice is nil
   * @param elements its elements in order
   */
  record GoSlice(String type, boolean nil, List<GoValue> elements) implements GoValue {
    public GoSlice {
      elements = List.copyOf(elements);
    }
  }

  /**
   * A struct with its fields in declaration order.
   *
   * @param type the type's name
   * @param fields the fields by Go name, in declaration order
   */
  record GoStruct(String type, List<Field> fields) implements GoValue {
    public GoStruct {
      fields = List.copyOf(fields);
    }

    /** The field of this Go name. */
    GoValue field(String name) {
      return fields.stream().filter(field -> field.name().equals(name)).map(Field::value).findFirst()
          .orElseThrow(() -> new IllegalArgumentException(type + " has no field " + name));
    }

    /** The struct with one field's value replaced. */
    GoStruct with(String name, GoValue value) {
      field(name);
      return new GoStruct(type, fields.stream()
          .map(field -> field.name().equals(name) ? new Field(name, value) : field).toList());
    }
  }

  /**
   * A struct field.
   *
   * @param name the Go field name ({@code PolicyName}, not the JSON name)
   * @param value its value
   */
  record Field(String name, GoValue value) {}

  /**
   * A pointer; {@code target} is empty for nil.
   *
   * @param elementType the name of the type pointed to, e.g. {@code state.MemoryTable}
   * @param target what it points to
   */
  record GoPointer(String elementType, Optional<GoValue> target) implements GoValue {
    @Override
    public String type() {
      return "*" + elementType;
    }
  }
}
