package io.podtopo.adapters.linux.kubelet;

import java.util.List;
import java.util.Optional;

/**
 * The Go types of the checkpoint structs, as far as {@link GoJson} needs them to decode JSON the
 * way {@code encoding/json} does and {@link Spew} needs them to print type names.
 */
sealed interface GoType {

  /** {@code reflect.Type.String()}. */
  String name();

  /** The value a fresh Go variable of this type holds: {@code ""}, {@code 0}, nil. */
  GoValue zero();

  /**
   * A string type such as {@code string} or {@code v1.ResourceName}.
   *
   * @param name the type's name
   */
  record StringType(String name) implements GoType {
    @Override
    public GoValue zero() {
      return new GoValue.Scalar(name, GoValue.Kind.STRING, "");
    }
  }

  /**
   * A 64-bit integer type ({@code int}, {@code uint64}, {@code checksum.Checksum}).
   *
   * @param name the type's name
   * @param unsigned whether it is unsigned
   */
  record IntegerType(String name, boolean unsigned) implements GoType {
    @Override
    public GoValue zero() {
      return new GoValue.Scalar(name, unsigned ? GoValue.Kind.UINT : GoValue.Kind.INT, "0");
    }
  }

  /**
   * A map type; named ({@code state.NUMANodeMap}) or not ({@code map[string]string}).
   *
   * @param declaredName the name of a named type, empty for a type literal
   * @param key the key type (a string or integer type)
   * @param value the value type
   */
  record MapType(Optional<String> declaredName, GoType key, GoType value) implements GoType {
    @Override
    public String name() {
      return declaredName.orElse("map[" + key.name() + "]" + value.name());
    }

    @Override
    public GoValue zero() {
      return new GoValue.GoMap(name(), true, List.of());
    }

    /** An empty, non-nil map of this type ({@code make(...)}). */
    GoValue.GoMap empty() {
      return new GoValue.GoMap(name(), false, List.of());
    }
  }

  /**
   * A slice type literal such as {@code []int}.
   *
   * @param element the element type
   */
  record SliceType(GoType element) implements GoType {
    @Override
    public String name() {
      return "[]" + element.name();
    }

    @Override
    public GoValue zero() {
      return new GoValue.GoSlice(name(), true, List.of());
    }
  }

  /**
   * A pointer type such as {@code *state.MemoryTable}.
   *
   * @param element the type pointed to
   */
  record PointerType(GoType element) implements GoType {
    @Override
    public String name() {
      return "*" + element.name();
    }

    @Override
    public GoValue zero() {
      return new GoValue.GoPointer(element.name(), Optional.empty());
    }
  }

  /**
   * A struct type with its fields in declaration order.
   *
   * @param name the type's name, e.g. {@code state.Block}
   * @param fields the fields
   */
  record StructType(String name, List<FieldType> fields) implements GoType {
    public StructType {
      fields = List.copyOf(fields);
    }

    @Override
    public GoValue.GoStruct zero() {
      return new GoValue.GoStruct(name, fields.stream()
          .map(field -> new GoValue.Field(field.name(), field.type().zero())).toList());
    }

    /** What the kubelet's {@code newXxxCheckpoint()} returns: the zero struct with every map made. */
    GoValue.GoStruct fresh() {
      return new GoValue.GoStruct(name, fields.stream().map(field -> new GoValue.Field(field.name(),
          field.type() instanceof MapType map ? map.empty() : field.type().zero())).toList());
    }
  }

  /**
   * A struct field: its Go name, the JSON name of its tag and its type.
   *
   * @param name the Go name
   * @param json the JSON name
   * @param type the type
   */
  record FieldType(String name, String json, GoType type) {}

  /**
   * A struct type that decodes itself ({@code UnmarshalJSON}).
   *
   * @param name the type's name
   * @param decoder its {@code UnmarshalJSON}
   */
  record CustomType(String name, GoJson.Unmarshaler decoder) implements GoType {
    @Override
    public GoValue zero() {
      return decoder.zero();
    }
  }
}
