package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The vectors' hint form {@code {"numaAffinity": [0,1] | null, "preferred": bool}} for the CPU kinds. */
final class CpuHintJson {

  private CpuHintJson() {}

  /** A hint; a JSON null or missing node is the fake Topology Manager's empty hint (nil affinity). */
  static TopologyHint hint(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return TopologyHint.any(false);
    }
    return TopologyHint.of(FixtureJson.numaMask(node.get("numaAffinity")), node.path("preferred").asBoolean());
  }

  static ObjectNode json(TopologyHint hint) {
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    if (hint.affinity().isPresent()) {
      ArrayNode nodes = json.putArray("numaAffinity");
      hint.affinity().get().nodes().forEach(nodes::add);
    } else {
      json.putNull("numaAffinity");
    }
    json.put("preferred", hint.preferred());
    return json;
  }

  static ArrayNode json(List<TopologyHint> hints) {
    ArrayNode array = JsonNodeFactory.instance.arrayNode();
    hints.forEach(hint -> array.add(json(hint)));
    return array;
  }

  /** Hints as a set of canonical strings ({@code [0, 1] preferred}), for order-free comparison. */
  static Set<String> canonical(JsonNode hints) {
    Set<String> set = new TreeSet<>();
    if (hints != null && hints.isArray()) {
      hints.forEach(hint -> {
        NumaMask mask = FixtureJson.numaMask(hint.get("numaAffinity"));
        set.add((mask == null ? "any" : mask.toString()) + (hint.path("preferred").asBoolean() ? " preferred" : ""));
      });
    }
    return set;
  }
}
