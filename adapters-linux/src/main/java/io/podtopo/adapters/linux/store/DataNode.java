package io.podtopo.adapters.linux.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.domain.text.GoQuote;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One value of a state file's {@code data}, with its JSON pointer, read strictly: an object must have
 * exactly the members the format names, values must have the expected JSON type, and every error
 * names the pointer ({@code /activePods/3/containers/0/requests/cpu}) through
 * {@link InvalidStateDataException}.
 */
final class DataNode {

  private final JsonNode node;
  private final String pointer;

  private DataNode(JsonNode node, String pointer) {
    this.node = node;
    this.pointer = pointer;
  }

  /** {@code node}, found at {@code pointer} of its document ({@code ""} for the root). */
  static DataNode at(JsonNode node, String pointer) {
    return new DataNode(node, pointer);
  }

  /** The pointer of this value ({@code /} for the root). */
  String pointer() {
    return pointer.isEmpty() ? "/" : pointer;
  }

  /** This value, checked to be an object with exactly these members (in any order). */
  DataNode object(String... members) {
    Set<String> expected = new TreeSet<>(List.of(members));
    Set<String> actual = new TreeSet<>();
    requireType(node.isObject(), "an object");
    node.fieldNames().forEachRemaining(actual::add);
    if (!actual.equals(expected)) {
      Set<String> missing = new TreeSet<>(expected);
      missing.removeAll(actual);
      Set<String> unexpected = new TreeSet<>(actual);
      unexpected.removeAll(expected);
      throw error((missing.isEmpty() ? "" : "missing " + missing + (unexpected.isEmpty() ? "" : ", "))
          + (unexpected.isEmpty() ? "" : "unexpected " + GoQuote.escaped(unexpected.toString())) + "; expected exactly "
          + expected);
    }
    return this;
  }

  /** Whether this value is an object with this member. */
  boolean has(String member) {
    return node.isObject() && node.has(member);
  }

  /** A member of this object (present after {@link #object}). */
  DataNode get(String member) {
    return new DataNode(node.get(member), pointer + "/" + GoQuote.escaped(member.replace("~", "~0").replace("/", "~1")));
  }

  /** The elements of this array, in order. */
  List<DataNode> elements() {
    requireType(node.isArray(), "an array");
    List<DataNode> elements = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      elements.add(new DataNode(node.get(i), pointer + "/" + i));
    }
    return elements;
  }

  /** The elements of this array, each read by {@code value}. */
  <T> List<T> list(Function<DataNode, T> value) {
    return elements().stream().map(value).toList();
  }

  /** This object as a map: member name → the member read by {@code value}. */
  <T> SortedMap<String, T> map(Function<DataNode, T> value) {
    requireType(node.isObject(), "an object");
    SortedMap<String, T> map = new TreeMap<>();
    for (Iterator<String> names = node.fieldNames(); names.hasNext();) {
      String name = names.next();
      map.put(name, value.apply(get(name)));
    }
    return map;
  }

  String text() {
    requireType(node.isTextual(), "a string");
    return node.textValue();
  }

  /** This string parsed by {@code parser}; its {@link IllegalArgumentException} becomes an error here. */
  <T> T parsed(Function<String, T> parser) {
    String text = text();
    try {
      return parser.apply(text);
    } catch (IllegalArgumentException e) {
      throw error(e.getMessage());
    }
  }

  long longValue() {
    requireType(node.isIntegralNumber() && node.canConvertToLong(), "an integer");
    return node.longValue();
  }

  int intValue() {
    requireType(node.isIntegralNumber() && node.canConvertToInt(), "a 32-bit integer");
    return node.intValue();
  }

  boolean booleanValue() {
    requireType(node.isBoolean(), "true or false");
    return node.booleanValue();
  }

  boolean isNull() {
    return node.isNull();
  }

  /** An error at this value. */
  InvalidStateDataException error(String message) {
    return new InvalidStateDataException(pointer(), message);
  }

  private void requireType(boolean matches, String expected) {
    if (!matches) {
      throw error("expected " + expected + ", found " + describe(node));
    }
  }

  /** The JSON type and (the start of) the text of {@code node}, for messages: {@code string "abc"}. */
  static String describe(JsonNode node) {
    String text = node.toString();
    return node.getNodeType().name().toLowerCase(Locale.ROOT) + " "
        + (text.length() > 40 ? text.substring(0, 40) + "..." : text);
  }
}
