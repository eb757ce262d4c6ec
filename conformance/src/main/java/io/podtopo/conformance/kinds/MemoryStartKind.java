package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.conformance.json.MemoryStateJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.memorymanager.MemoryManagerException;

/**
 * {@code memory-start}: upstream {@code NewPolicyStatic} then {@code Start(state)}; the error, and
 * without one the state afterwards.
 */
public final class MemoryStartKind implements VectorKind {

  @Override
  public String name() {
    return "memory-start";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    try {
      return MemoryVerdicts.success(MemoryVerdicts.policy(input).start(MemoryStateJson.state(input.path("state"))));
    } catch (MemoryManagerException e) {
      return MemoryVerdicts.failure(e.getMessage());
    }
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    return MemoryVerdicts.compareState(expect, output);
  }
}
