package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;

/**
 * {@code node-scenario}: a machine, a kubelet configuration and a sequence of steps (admit a pod,
 * remove a container, remove a pod, restart from the saved state); after each step the decision and
 * the node's allocations (FORMAT.md). The reference answers through the domain's node resource
 * managers ({@link ReferenceScenarioRun}); answers are compared by {@link ScenarioComparator}.
 */
public final class NodeScenarioKind implements VectorKind {

  /** The kind's name. */
  public static final String NAME = "node-scenario";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public JsonNode reference(JsonNode input) {
    return ReferenceScenarioRun.answer(NodeScenario.read(input));
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    return ScenarioComparator.compare(expect, output);
  }
}
