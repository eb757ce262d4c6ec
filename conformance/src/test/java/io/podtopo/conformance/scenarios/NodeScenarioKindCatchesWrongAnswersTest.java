package io.podtopo.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The node-scenario comparator can fail: for every bundled node scenario the reference answer passes,
 * and each broken answer (one asserted value of one step changed) is caught: the default set, the
 * decision, a pod's bubble, a container's CPUs, memory or devices, the PodResources view, a missing step.
 */
class NodeScenarioKindCatchesWrongAnswersTest {

  private static final NodeScenarioKind KIND = new NodeScenarioKind();

  /** Each breakage changes the answer, or returns null when the case has nothing it can change. */
  private static final Map<String, Function<ObjectNode, JsonNode>> BREAK = Map.of(
      "default set of the last step", answer -> lastStep(answer).put("defaultCpuSet", "100-101"),
      "decision of the first admission", answer -> {
        ObjectNode decision = (ObjectNode) firstAdmission(answer).get("decision");
        return decision.put("admitted", !decision.get("admitted").asBoolean());
      },
      "a bubble", answer -> anyPod(answer, pod -> pod.hasNonNull("cpus") ? pod.put("cpus", "100") : null),
      "a container's CPUs", answer -> anyContainer(answer, c -> c.put("cpus", c.hasNonNull("cpus") ? null : "100")),
      "a container's memory", answer -> anyContainer(answer, c -> c.hasNonNull("memory")
          ? ((ObjectNode) c.get("memory").get(0)).put("size", c.get("memory").get(0).get("size").asLong() + 1) : null),
      "a container's devices", answer -> anyContainer(answer, c -> c.path("devices").size() > 0
          ? ((ObjectNode) c.get("devices")).putArray(c.get("devices").fieldNames().next()).add("GPU-100") : null),
      "the PodResources pod cpu_ids", answer -> {
        JsonNode pods = lastStep(answer).path("podResources").path("pods");
        return pods.isEmpty() ? null : ((ObjectNode) pods.get(0)).put("cpuIds", "100");
      },
      "the last step's answer", answer -> ((ArrayNode) answer.get("steps")).remove(answer.get("steps").size() - 1));

  @TestFactory
  Stream<DynamicTest> everyNodeScenarioRejectsBrokenAnswers() {
    List<DynamicTest> tests = new ArrayList<>();
    for (VectorFile file : VectorFile.bundled()) {
      for (VectorCase c : file.cases()) {
        if (c.kind().equals(NodeScenarioKind.NAME)) {
          tests.add(DynamicTest.dynamicTest(c.id(), () -> check(c)));
        }
      }
    }
    assertThat(tests).hasSizeGreaterThan(50);
    return tests.stream();
  }

  private static void check(VectorCase c) {
    JsonNode reference = KIND.reference(c.input());
    assertThat(KIND.compare(c.expect(), reference).passed()).isTrue();
    int caught = 0;
    for (Map.Entry<String, Function<ObjectNode, JsonNode>> breakage : BREAK.entrySet()) {
      if (breakage.getKey().startsWith("the PodResources") && !assertsPodResources(c.expect())) {
        continue; // the case asserts no PodResources view (kubelet_quirks.json's first cases), so none is caught
      }
      ObjectNode broken = (ObjectNode) reference.deepCopy();
      if (breakage.getValue().apply(broken) == null) {
        continue;
      }
      assertThat(KIND.compare(c.expect(), broken).passed()).as("%s broken: %s", breakage.getKey(), broken).isFalse();
      caught++;
    }
    assertThat(caught).as("breakages that applied to %s", c.id()).isGreaterThanOrEqualTo(3);
  }

  private static boolean assertsPodResources(JsonNode expect) {
    for (JsonNode step : expect.path("steps")) {
      if (step.has("podResources")) {
        return true;
      }
    }
    return false;
  }

  private static ObjectNode lastStep(ObjectNode answer) {
    return (ObjectNode) answer.get("steps").get(answer.get("steps").size() - 1);
  }

  private static ObjectNode firstAdmission(ObjectNode answer) {
    for (JsonNode step : answer.get("steps")) {
      if (step.hasNonNull("decision")) {
        return (ObjectNode) step;
      }
    }
    throw new AssertionError("no admission in " + answer);
  }

  private static JsonNode anyPod(ObjectNode answer, Function<ObjectNode, JsonNode> change) {
    for (JsonNode step : answer.get("steps")) {
      for (Iterator<JsonNode> pods = step.path("pods").elements(); pods.hasNext(); ) {
        JsonNode changed = change.apply((ObjectNode) pods.next());
        if (changed != null) {
          return changed;
        }
      }
    }
    return null;
  }

  private static JsonNode anyContainer(ObjectNode answer, Function<ObjectNode, JsonNode> change) {
    return anyPod(answer, pod -> {
      for (Iterator<JsonNode> containers = pod.path("containers").elements(); containers.hasNext(); ) {
        JsonNode changed = change.apply((ObjectNode) containers.next());
        if (changed != null) {
          return changed;
        }
      }
      return null;
    });
  }
}
