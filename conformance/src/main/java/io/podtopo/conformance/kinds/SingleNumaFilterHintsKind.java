package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.HintJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.topologymanager.HintFilters;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code single-numa-filter-hints}: upstream {@code filterSingleNumaHints}. Output
 * {@code {"resources": [list | null, ...]}}, an emptied list written as null (Go's nil slice).
 * Lists are compared in order, hints with affinities as sets, as upstream's {@code DeepEqual} does.
 */
public final class SingleNumaFilterHintsKind implements VectorKind {

  @Override
  public String name() {
    return "single-numa-filter-hints";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    List<List<TopologyHint>> lists = new ArrayList<>();
    input.path("resources").forEach(list -> lists.add(HintJson.hints(list)));
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    ArrayNode resources = output.putArray("resources");
    for (List<TopologyHint> filtered : HintFilters.singleNumaNode(lists)) {
      if (filtered.isEmpty()) {
        resources.addNull();
      } else {
        resources.add(HintJson.write(filtered));
      }
    }
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    JsonNode expected = expect.get("resources");
    JsonNode actual = output.get("resources");
    if (actual == null || !actual.isArray() || actual.size() != expected.size()) {
      return Verdict.fail("resources: expected " + expected + ", got " + actual);
    }
    List<String> differences = new ArrayList<>();
    for (int i = 0; i < expected.size(); i++) {
      if (!sameList(expected.get(i), actual.get(i))) {
        differences.add("resources[" + i + "]: expected " + expected.get(i) + ", got " + actual.get(i));
      }
    }
    return new Verdict(differences);
  }

  private static boolean sameList(JsonNode expected, JsonNode actual) {
    if (expected.isNull() || actual.isNull()) {
      return expected.isNull() && actual.isNull();
    }
    if (!actual.isArray() || actual.size() != expected.size()) {
      return false;
    }
    for (int i = 0; i < expected.size(); i++) {
      if (!HintJson.sameHint(expected.get(i), actual.get(i))) {
        return false;
      }
    }
    return true;
  }
}
