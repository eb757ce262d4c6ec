package io.podtopo.conformance.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.topologymanager.ProviderHints;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The JSON form of topology hints and hint-provider answers.
 *
 * <p>Hint: {@code {"numaAffinity": [0, 1] | null, "preferred": bool}} (null is the nil mask, "any";
 * node ids are written ascending). Provider answer: {@code null} or {@code {}} (no preference),
 * {@code {"r": null}} (no preference for r), {@code {"r": []}} (r cannot be satisfied),
 * {@code {"r": [hint, ...]}}.
 */
public final class HintJson {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private HintJson() {}

  /** A hint. @throws IllegalArgumentException naming the node when it is not a hint */
  public static TopologyHint hint(JsonNode node) {
    if (node == null || !node.isObject()) {
      throw new IllegalArgumentException("a hint must be an object {\"numaAffinity\", \"preferred\"}: " + node);
    }
    JsonNode preferred = node.get("preferred");
    if (preferred == null || !preferred.isBoolean()) {
      throw new IllegalArgumentException("hint field \"preferred\" must be a boolean: " + node);
    }
    JsonNode affinity = node.get("numaAffinity");
    if (affinity != null && !affinity.isNull() && !affinity.isArray()) {
      throw new IllegalArgumentException("hint field \"numaAffinity\" must be a list of node ids or null: " + node);
    }
    return TopologyHint.of(FixtureJson.numaMask(affinity), preferred.booleanValue());
  }

  /** A list of hints. */
  public static List<TopologyHint> hints(JsonNode array) {
    if (array == null || !array.isArray()) {
      throw new IllegalArgumentException("a hint list must be an array: " + array);
    }
    List<TopologyHint> hints = new ArrayList<>();
    array.forEach(node -> hints.add(hint(node)));
    return hints;
  }

  /** One provider's answer. */
  public static ProviderHints provider(JsonNode node) {
    if (node == null || node.isNull()) {
      return ProviderHints.noPreference();
    }
    if (!node.isObject()) {
      throw new IllegalArgumentException("a provider's hints must be an object or null: " + node);
    }
    Map<String, ResourceHints> resources = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      JsonNode value = entry.getValue();
      resources.put(entry.getKey(),
          value == null || value.isNull() ? ResourceHints.noPreference() : ResourceHints.of(hints(value)));
    }
    return ProviderHints.of(resources);
  }

  /** The JSON form of a hint. */
  public static ObjectNode write(TopologyHint hint) {
    ObjectNode node = NODES.objectNode();
    if (hint.affinity().isPresent()) {
      ArrayNode nodes = node.putArray("numaAffinity");
      hint.affinity().get().nodes().forEach(nodes::add);
    } else {
      node.putNull("numaAffinity");
    }
    node.put("preferred", hint.preferred());
    return node;
  }

  /** The JSON form of a hint list. */
  public static ArrayNode write(List<TopologyHint> hints) {
    ArrayNode array = NODES.arrayNode();
    hints.forEach(hint -> array.add(write(hint)));
    return array;
  }

  /** The JSON form of a provider's answer ({@code {}} for no preference). */
  public static ObjectNode write(ProviderHints provider) {
    ObjectNode node = NODES.objectNode();
    provider.resources().forEach((resource, hints) -> {
      if (hints.isNoPreference()) {
        node.putNull(resource);
      } else {
        node.set(resource, write(hints.hints()));
      }
    });
    return node;
  }

  /**
   * Whether two JSON hints are the same hint: affinities compared as sets of node ids (null only
   * equals null), preferred equal.
   */
  public static boolean sameHint(JsonNode expected, JsonNode actual) {
    if (expected == null || actual == null || !expected.isObject() || !actual.isObject()) {
      return false;
    }
    return expected.path("preferred").equals(actual.path("preferred"))
        && sameAffinity(expected.get("numaAffinity"), actual.get("numaAffinity"));
  }

  private static boolean sameAffinity(JsonNode expected, JsonNode actual) {
    boolean expectedNil = expected == null || expected.isNull();
    boolean actualNil = actual == null || actual.isNull();
    if (expectedNil || actualNil) {
      return expectedNil == actualNil;
    }
    return expected.isArray() && actual.isArray() && nodeIds(expected).equals(nodeIds(actual));
  }

  private static TreeSet<Integer> nodeIds(JsonNode array) {
    TreeSet<Integer> ids = new TreeSet<>();
    array.forEach(id -> ids.add(id.asInt()));
    return ids;
  }
}
