package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.invariants.Violation;
import java.util.List;

/**
 * A scenario that broke invariants, as a vector file holding one {@code node-scenario} case, to save
 * in a folder and replay with {@code podtopo conformance vectors --dir}: the scenario as input,
 * podtopo's reference answer in the scenario's behaviour as expectation (decision, default set, pods
 * and PodResources view of each step), and a note saying how it was found.
 */
final class CounterexampleFile {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private CounterexampleFile() {}

  /**
   * The file.
   *
   * @param id the case id
   * @param sourceVersion the run that found it (seed, examples, subject)
   * @param note how it was found, the first violation and what the expectation is
   * @param violations what the subject's answer broke
   */
  static ObjectNode of(String id, String sourceVersion, String note, NodeScenario scenario,
      List<Violation> violations) {
    ObjectNode file = JSON.objectNode();
    file.put("source", "podtopo conformance properties");
    file.put("sourceVersion", sourceVersion);
    ObjectNode vectorCase = file.putArray("cases").addObject();
    vectorCase.put("id", id);
    vectorCase.put("upstream", "PLRM spec §15 invariants "
        + violations.stream().map(v -> Integer.toString(v.invariant())).distinct().toList());
    vectorCase.put("kind", NodeScenarioKind.NAME);
    vectorCase.put("note", note);
    vectorCase.set("input", scenario.write());
    vectorCase.set("expect", expectation(ReferenceScenarioRun.answer(scenario)));
    return file;
  }

  private static ObjectNode expectation(JsonNode answer) {
    ObjectNode expect = JSON.objectNode();
    ArrayNode steps = expect.putArray("steps");
    for (JsonNode step : answer.path("steps")) {
      ObjectNode expected = steps.addObject();
      for (String field : List.of("decision", "defaultCpuSet", "pods", "podResources", "startError")) {
        if (step.has(field)) {
          expected.set(field, step.get(field).deepCopy());
        }
      }
      expected.path("pods").forEach(pod -> pod.path("containers").forEach(container ->
          ((ObjectNode) container).remove("cfsQuota")));
    }
    return expect;
  }
}
