package io.podtopo.adapters.linux.kubelet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Reading decoded {@link GoValue}s back into Java values. */
final class GoValues {

  private GoValues() {}

  /** The text of a string or integer. */
  static String text(GoValue value) {
    return ((GoValue.Scalar) value).text();
  }

  /** An unsigned 64-bit value as the bits of a {@code long}. */
  static long unsigned(GoValue value) {
    return Long.parseUnsignedLong(text(value));
  }

  /** The entries of a map by key text, sorted (a nil map has none). */
  static Map<String, GoValue> entries(GoValue map) {
    Map<String, GoValue> entries = new TreeMap<>();
    ((GoValue.GoMap) map).entries().forEach(entry -> entries.put(entry.key().text(), entry.value()));
    return entries;
  }

  /** The elements of a slice (a nil slice has none). */
  static List<GoValue> elements(GoValue slice) {
    return new ArrayList<>(((GoValue.GoSlice) slice).elements());
  }
}
