package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.InvalidQuantityException;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The pod kinds' output form of a pod as the kubelet holds it: {@code {"resources": {"requests",
 * "limits"}, "initContainers": [{"name", "restartPolicy"?, "resources"}], "containers": [...]}},
 * quantities as upstream writes them ({@link Quantity#goString()}); and its comparison, quantities
 * by amount ({@code 1} equals {@code 1000m}), both maps always present.
 */
final class HeldPodJson {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private HeldPodJson() {}

  static ObjectNode write(Pod pod) {
    ObjectNode node = JSON.objectNode();
    node.set("resources", requirements(pod.podRequests(), pod.podLimits()));
    node.set("initContainers", containers(pod.initContainers()));
    node.set("containers", containers(pod.containers()));
    return node;
  }

  private static ArrayNode containers(List<Container> containers) {
    ArrayNode array = JSON.arrayNode();
    for (Container container : containers) {
      ObjectNode written = array.addObject().put("name", container.name());
      if (container.restartable()) {
        written.put("restartPolicy", "Always");
      }
      written.set("resources", requirements(container.requests(), container.limits()));
    }
    return array;
  }

  private static ObjectNode requirements(Map<String, Quantity> requests, Map<String, Quantity> limits) {
    ObjectNode node = JSON.objectNode();
    ObjectNode writtenRequests = node.putObject("requests");
    requests.forEach((name, quantity) -> writtenRequests.put(name, quantity.goString()));
    ObjectNode writtenLimits = node.putObject("limits");
    limits.forEach((name, quantity) -> writtenLimits.put(name, quantity.goString()));
    return node;
  }

  /** The differences between an expected and an actual held pod, each naming its place. */
  static List<String> differences(JsonNode expected, JsonNode actual) {
    List<String> differences = new ArrayList<>();
    if (actual == null || !actual.isObject()) {
      differences.add("pod: expected " + expected + ", got " + actual);
      return differences;
    }
    compareRequirements("pod.resources", expected.path("resources"), actual.path("resources"), differences);
    for (String list : List.of("initContainers", "containers")) {
      JsonNode want = expected.path(list);
      JsonNode got = actual.path(list);
      if (!got.isArray() || got.size() != want.size()) {
        differences.add("pod." + list + ": expected " + want.size() + " containers, got " + got);
        continue;
      }
      for (int i = 0; i < want.size(); i++) {
        String at = "pod." + list + "[" + i + "]";
        if (!want.get(i).path("name").asText().equals(got.get(i).path("name").asText(null))) {
          differences.add(at + ".name: expected " + want.get(i).path("name") + ", got " + got.get(i).path("name"));
        }
        compareRequirements(at + ".resources", want.get(i).path("resources"), got.get(i).path("resources"), differences);
      }
    }
    return differences;
  }

  private static void compareRequirements(String at, JsonNode expected, JsonNode actual, List<String> differences) {
    for (String field : List.of("requests", "limits")) {
      Map<String, Quantity> want = quantities(expected.path(field));
      Map<String, Quantity> got;
      try {
        got = quantities(actual.path(field));
      } catch (InvalidQuantityException e) {
        differences.add(at + "." + field + ": " + e.getMessage());
        continue;
      }
      if (!want.equals(got)) {
        differences.add(at + "." + field + ": expected " + expected.path(field) + ", got " + actual.path(field));
      }
    }
  }

  private static Map<String, Quantity> quantities(JsonNode map) {
    Map<String, Quantity> quantities = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      quantities.put(entry.getKey(), Quantity.parse(entry.getValue().asText()));
    }
    return quantities;
  }
}
