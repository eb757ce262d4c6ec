package io.podtopo.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.VectorKinds;
import io.podtopo.conformance.vectors.Verdict;
import java.util.List;

/** A test-only kind for the CLI tests ({@code vectors-sum/sum.json}): {@code sum = a + b}. */
final class SumKind implements VectorKind {

  static final VectorKinds KINDS = new VectorKinds(List.of(new SumKind()));

  @Override
  public String name() {
    return "sum";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    return JsonNodeFactory.instance.objectNode().put("sum", input.get("a").asInt() + input.get("b").asInt());
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    return expect.get("sum").equals(output.get("sum")) ? Verdict.pass()
        : Verdict.fail("sum: expected " + expect.get("sum") + ", got " + output.get("sum"));
  }
}
