package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.memorymanager.MemoryManagerException;

/** {@code memory-new}: upstream {@code NewPolicyStatic}; only the error is asserted. */
public final class MemoryNewKind implements VectorKind {

  @Override
  public String name() {
    return "memory-new";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    try {
      MemoryVerdicts.policy(input);
      output.putNull("error");
    } catch (MemoryManagerException e) {
      output.put("error", e.getMessage());
    }
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    return new Verdict(MemoryVerdicts.compareError(expect, output));
  }
}
