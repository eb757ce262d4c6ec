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

  /**
   * The reference answer; an input with {@code "timing": {"runs": R}} is run R times and answered
   * with the median time of each admission ({@link ReferenceScenarioRun#timed}).
   */
  @Override
  public JsonNode reference(JsonNode input) {
    NodeScenario scenario = NodeScenario.read(input);
    JsonNode timing = input.path("timing");
    if (timing.isMissingNode() || timing.isNull()) {
      return ReferenceScenarioRun.answer(scenario);
    }
    if (!timing.path("runs").canConvertToInt() || timing.path("runs").asInt() < 1) {
      throw new IllegalArgumentException("timing.runs must be a positive number, got " + timing.path("runs"));
    }
    return ReferenceScenarioRun.timed(scenario, timing.path("runs").asInt());
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    return ScenarioComparator.compare(expect, output);
  }
}
