package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.conformance.json.HintJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.topologymanager.MergeDecision;
import io.podtopo.domain.topologymanager.NumaInfo;
import io.podtopo.domain.topologymanager.ProviderHints;
import io.podtopo.domain.topologymanager.TopologyManagerOptions;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyPolicy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code merge-hints}: upstream {@code policy.Merge(providersHints)}. Output
 * {@code {"bestHint": hint, "admit": bool}}; the comparator checks the hint, and the admit flag
 * only where the case asserts it (the none policy cases).
 */
public final class MergeHintsKind implements VectorKind {

  @Override
  public String name() {
    return "merge-hints";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    TopologyManagerPolicy policy = TopologyManagerPolicy.parse(input.path("policy").asText());
    List<Integer> nodes = new ArrayList<>();
    input.path("numaNodes").forEach(node -> nodes.add(node.asInt()));
    Map<Integer, List<Long>> distances = new LinkedHashMap<>();
    JsonNode matrix = input.get("numaDistances");
    if (matrix != null && !matrix.isNull()) {
      FixtureJson.distanceRows("numaDistances", matrix)
          .forEach((node, row) -> distances.put(node, row.stream().map(Integer::longValue).toList()));
    }
    TopologyManagerOptions options = new TopologyManagerOptions.Builder()
        .preferClosestNumaNodes(input.path("policyOptions").path("preferClosestNUMA").asBoolean(false))
        .build();
    List<ProviderHints> providers = new ArrayList<>();
    input.path("providers").forEach(provider -> providers.add(HintJson.provider(provider)));
    MergeDecision decision = TopologyPolicy.of(policy, NumaInfo.of(nodes, distances), options).merge(providers);
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    output.set("bestHint", HintJson.write(decision.hint()));
    output.put("admit", decision.admit());
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    if (!HintJson.sameHint(expect.get("bestHint"), output.get("bestHint"))) {
      differences.add("bestHint: expected " + expect.get("bestHint") + ", got " + output.get("bestHint"));
    }
    if (expect.has("admit") && !expect.get("admit").equals(output.get("admit"))) {
      differences.add("admit: expected " + expect.get("admit") + ", got " + output.get("admit"));
    }
    return new Verdict(differences);
  }
}
