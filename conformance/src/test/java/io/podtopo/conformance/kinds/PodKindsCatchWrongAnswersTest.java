package io.podtopo.conformance.kinds;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.VectorKinds;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The comparators of {@code pod-create} and {@code static-pod-decode} (D-42) can fail: for every
 * bundled case the reference answer passes, each deliberately broken answer is caught, and the
 * answers upstream may write differently (a quantity's spelling, the order of the errors) pass.
 */
class PodKindsCatchWrongAnswersTest {

  private static final VectorKinds KINDS = VectorKinds.reference();
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /** One change of an answer that must be caught; null where the case's answer has nothing to change. */
  private record Break(String what, UnaryOperator<ObjectNode> change) {}

  private static final List<Break> CREATE_BREAKS = List.of(
      new Break("an error added", output -> {
        ((ArrayNode) output.get("errors")).add("spec: Invalid value: \"x\": broken");
        return output;
      }),
      new Break("another QoS class", output -> output.get("qosClass").isNull() ? null
          : output.put("qosClass", output.get("qosClass").asText().equals("Burstable") ? "Guaranteed" : "Burstable")),
      new Break("a pod limit more", output -> output.get("pod").isNull() ? null : putPodLimit(output, "cpu", "99")),
      new Break("a container request dropped", output -> dropFirstContainerRequest(output)));

  private static final List<Break> STATIC_BREAKS = List.of(
      new Break("an error instead of a pod, or another error", output -> output.get("error").isNull()
          ? output.put("error", "invalid pod: [spec: broken]") : output.put("error", output.get("error").asText() + "!")),
      new Break("another QoS class", output -> output.get("qosClass").isNull() ? null
          : output.put("qosClass", output.get("qosClass").asText().equals("BestEffort") ? "Guaranteed" : "BestEffort")),
      new Break("a pod request more", output -> output.get("pod").isNull() ? null : putPodRequest(output)));

  @TestFactory
  Stream<DynamicTest> everyPodCaseRejectsEachBrokenAnswer() {
    return VectorFile.bundled().stream().flatMap(file -> file.cases().stream())
        .filter(c -> c.kind().equals("pod-create") || c.kind().equals("static-pod-decode"))
        .map(c -> DynamicTest.dynamicTest(c.id(), () -> check(KINDS.find(c.kind()).orElseThrow(), c)));
  }

  private static void check(VectorKind kind, VectorCase c) {
    JsonNode reference = kind.reference(c.input());
    assertThat(kind.compare(c.expect(), reference).passed()).isTrue();
    int caught = 0;
    for (Break broken : c.kind().equals("pod-create") ? CREATE_BREAKS : STATIC_BREAKS) {
      ObjectNode answer = broken.change().apply(reference.deepCopy());
      if (answer != null) {
        assertThat(kind.compare(c.expect(), answer).passed()).as("%s: %s", broken.what(), answer).isFalse();
        caught++;
      }
    }
    assertThat(caught).as("breaks that apply to the case").isPositive();
  }

  @Test
  void aQuantityIsComparedByAmountNotSpelling() {
    VectorKind kind = KINDS.find("pod-create").orElseThrow();
    ObjectNode expect = held("1", "2Gi");
    assertThat(kind.compare(expect, held("1000m", "2048Mi")).passed()).isTrue();
    assertThat(kind.compare(expect, held("1001m", "2Gi")).passed()).isFalse();
  }

  @Test
  void theErrorsOfAStaticPodAreASetAndThoseOfACreateASortedList() {
    VectorKind staticPods = KINDS.find("static-pod-decode").orElseThrow();
    ObjectNode expect = JSON.objectNode().put("error", "invalid pod: [spec.a: one spec.b: two]");
    assertThat(staticPods.compare(expect, JSON.objectNode().put("error", "invalid pod: [spec.b: two spec.a: one]"))
        .passed()).isTrue();
    assertThat(staticPods.compare(expect, JSON.objectNode().put("error", "invalid pod: [spec.a: one]")).passed())
        .isFalse();
    VectorKind create = KINDS.find("pod-create").orElseThrow();
    ObjectNode errors = JSON.objectNode();
    errors.putArray("errors").add("spec.a: one").add("spec.b: two");
    ObjectNode reversed = JSON.objectNode();
    reversed.putArray("errors").add("spec.b: two").add("spec.a: one");
    assertThat(create.compare(errors, reversed).passed()).isTrue();
  }

  private static ObjectNode held(String cpu, String memory) {
    ObjectNode output = JSON.objectNode();
    output.putArray("errors");
    output.put("qosClass", "Guaranteed");
    ObjectNode pod = output.putObject("pod");
    ObjectNode resources = pod.putObject("resources");
    resources.putObject("requests").put("cpu", cpu).put("memory", memory);
    resources.putObject("limits").put("cpu", cpu).put("memory", memory);
    pod.putArray("initContainers");
    pod.putArray("containers");
    return output;
  }

  private static ObjectNode putPodLimit(ObjectNode output, String resource, String quantity) {
    ((ObjectNode) output.get("pod").get("resources").get("limits")).put(resource, quantity);
    return output;
  }

  private static ObjectNode putPodRequest(ObjectNode output) {
    ((ObjectNode) output.get("pod").get("resources").get("requests")).put("memory", "99Gi");
    return output;
  }

  private static ObjectNode dropFirstContainerRequest(ObjectNode output) {
    if (output.get("pod").isNull()) {
      return null;
    }
    for (JsonNode container : output.get("pod").get("containers")) {
      ObjectNode requests = (ObjectNode) container.get("resources").get("requests");
      if (!requests.isEmpty()) {
        requests.remove(requests.fieldNames().next());
        return output;
      }
    }
    return null;
  }
}
