package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.podtopo.conformance.json.HintJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;

/** {@code policy-admit}: upstream {@code canAdmitPodResult(hint)}. Output {@code {"admit": bool}}. */
public final class PolicyAdmitKind implements VectorKind {

  @Override
  public String name() {
    return "policy-admit";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    TopologyManagerPolicy policy = TopologyManagerPolicy.parse(input.path("policy").asText());
    boolean admit = policy.canAdmit(HintJson.hint(input.get("hint")));
    return JsonNodeFactory.instance.objectNode().put("admit", admit);
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    JsonNode expected = expect.get("admit");
    JsonNode actual = output.get("admit");
    return expected.equals(actual) ? Verdict.pass() : Verdict.fail("admit: expected " + expected + ", got " + actual);
  }
}
