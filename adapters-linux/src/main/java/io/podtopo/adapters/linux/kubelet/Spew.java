package io.podtopo.adapters.linux.kubelet;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The text {@code go-spew} prints for {@code %#v} under the kubelet's hash configuration
 * ({@code Indent: " ", SortKeys: true, DisableMethods: true, SpewKeys: true}; upstream
 * {@code hash.DeepHashObject} and {@code dump.ForHash}), a port of {@code spew/format.go}
 * ({@code formatState.format} and {@code formatPtr}) for the kinds checkpoints hold.
 *
 * <p>What it prints: a type in parentheses before every value whose type is not already implied
 * (the top value, every struct field; not map keys, map values or slice elements); strings raw,
 * without quotes; {@code map[k:v k:v]} with keys sorted (strings by their bytes, integers by
 * value); {@code [a b]} for slices; {@code {Name:value Name:value}} for structs; {@code <nil>} for
 * nil maps, slices and pointers; a pointer as {@code (*T)} where the type is shown and {@code <*>}
 * where it is not, followed by what it points to. The indent, the {@code (len=N)} annotations,
 * capacities and pointer addresses belong to spew's {@code Dump} and {@code %+v} and never appear.
 */
final class Spew {

  private Spew() {}

  /** {@code spew.Sprintf("%#v", value)} under the hash configuration. */
  static String render(GoValue value) {
    StringBuilder out = new StringBuilder();
    format(out, value, false);
    return out.toString();
  }

  private static void format(StringBuilder out, GoValue value, boolean ignoreType) {
    if (value instanceof GoValue.GoPointer pointer) {
      formatPointer(out, pointer, ignoreType);
      return;
    }
    if (!ignoreType) {
      out.append('(').append(value.type()).append(')');
    }
    if (value instanceof GoValue.Scalar scalar) {
      out.append(scalar.text());
    } else if (value instanceof GoValue.GoSlice slice) {
      formatSlice(out, slice);
    } else if (value instanceof GoValue.GoMap map) {
      formatMap(out, map);
    } else if (value instanceof GoValue.GoStruct struct) {
      formatStruct(out, struct);
    }
  }

  private static void formatPointer(StringBuilder out, GoValue.GoPointer pointer, boolean ignoreType) {
    if (pointer.target().isEmpty()) {
      if (!ignoreType) {
        out.append('(').append(pointer.type()).append(')');
      }
      out.append("<nil>");
      return;
    }
    out.append(ignoreType ? "<*>" : "(*" + pointer.elementType() + ")");
    format(out, pointer.target().get(), true);
  }

  private static void formatSlice(StringBuilder out, GoValue.GoSlice slice) {
    if (slice.nil()) {
      out.append("<nil>");
      return;
    }
    out.append('[');
    for (int i = 0; i < slice.elements().size(); i++) {
      if (i > 0) {
        out.append(' ');
      }
      format(out, slice.elements().get(i), true);
    }
    out.append(']');
  }

  private static void formatMap(StringBuilder out, GoValue.GoMap map) {
    if (map.nil()) {
      out.append("<nil>");
      return;
    }
    List<GoValue.Entry> entries = new ArrayList<>(map.entries());
    entries.sort(Comparator.comparing(GoValue.Entry::key, Spew::compareKeys));
    out.append("map[");
    for (int i = 0; i < entries.size(); i++) {
      if (i > 0) {
        out.append(' ');
      }
      format(out, entries.get(i).key(), true);
      out.append(':');
      format(out, entries.get(i).value(), true);
    }
    out.append(']');
  }

  private static void formatStruct(StringBuilder out, GoValue.GoStruct struct) {
    out.append('{');
    for (int i = 0; i < struct.fields().size(); i++) {
      if (i > 0) {
        out.append(' ');
      }
      GoValue.Field field = struct.fields().get(i);
      out.append(field.name()).append(':');
      format(out, field.value(), false);
    }
    out.append('}');
  }

  /** spew's {@code valueSortLess}: Go compares strings byte by byte and integers by value. */
  private static int compareKeys(GoValue.Scalar a, GoValue.Scalar b) {
    return switch (a.kind()) {
      case STRING -> Arrays.compareUnsigned(a.text().getBytes(StandardCharsets.UTF_8),
          b.text().getBytes(StandardCharsets.UTF_8));
      case INT -> Long.compare(Long.parseLong(a.text()), Long.parseLong(b.text()));
      case UINT -> Long.compareUnsigned(Long.parseUnsignedLong(a.text()), Long.parseUnsignedLong(b.text()));
    };
  }
}
