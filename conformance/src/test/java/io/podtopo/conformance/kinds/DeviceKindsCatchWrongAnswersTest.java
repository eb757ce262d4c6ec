package io.podtopo.conformance.kinds;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.VectorKinds;
import java.util.Iterator;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The device comparators can fail (rule DEV-1 to DEV-9 vectors): for every bundled device case the
 * reference answer passes and a deliberately broken answer (one asserted thing changed) is caught.
 */
class DeviceKindsCatchWrongAnswersTest {

  private static final Map<String, UnaryOperator<ObjectNode>> BREAK = Map.of(
      "device-hints", DeviceKindsCatchWrongAnswersTest::flipEveryList,
      "device-allocate", output -> output.path("error").isNull()
          ? (ObjectNode) output.set("devices", ((ArrayNode) output.get("devices")).removeAll().add("bogus"))
          : output.put("error", output.path("error").asText() + "!"),
      "device-preferred-allocation", output -> output.put("size", output.path("size").asInt() + 1),
      "device-pod-request", output -> {
        ObjectNode requests = (ObjectNode) output.get("requests");
        requests.put("gpu", requests.path("gpu").asInt() + 1);
        return output;
      },
      "device-allocate-sequence", DeviceKindsCatchWrongAnswersTest::shareOneDeviceEverywhere);

  /** Every resource's list: nil becomes empty, empty becomes nil, a list loses its first hint. */
  private static ObjectNode flipEveryList(ObjectNode output) {
    ObjectNode hints = (ObjectNode) output.get("hints");
    for (Iterator<Map.Entry<String, JsonNode>> it = hints.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> resource = it.next();
      if (resource.getValue().isNull()) {
        resource.setValue(hints.arrayNode());
      } else if (resource.getValue().isEmpty()) {
        resource.setValue(hints.nullNode());
      } else {
        ((ArrayNode) resource.getValue()).remove(0);
      }
    }
    return output;
  }

  /** The last pod's containers all hold the same one device; the steps report a wrong count. */
  private static ObjectNode shareOneDeviceEverywhere(ObjectNode output) {
    output.path("containers").fields().forEachRemaining(container -> container.getValue().fields()
        .forEachRemaining(resource -> ((ArrayNode) resource.getValue()).removeAll().add("dev1")));
    output.path("steps").forEach(step -> step.path("allocated").fields()
        .forEachRemaining(count -> ((ObjectNode) step.get("allocated")).put(count.getKey(), 99)));
    return output;
  }

  @TestFactory
  Stream<DynamicTest> everyDeviceCaseRejectsABrokenAnswer() {
    VectorKinds kinds = VectorKinds.reference();
    return VectorFile.bundled().stream()
        .flatMap(file -> file.cases().stream())
        .filter(c -> BREAK.containsKey(c.kind()))
        .map(c -> DynamicTest.dynamicTest(c.id(), () -> check(kinds.find(c.kind()).orElseThrow(), c)));
  }

  @Test
  void theDeviceFileHoldsEveryTranscribedCaseOfItsFiveKinds() {
    assertThat(VectorFile.bundled().stream().flatMap(file -> file.cases().stream())
        .filter(c -> BREAK.containsKey(c.kind())).count()).isEqualTo(57);
  }

  private static void check(VectorKind kind, VectorCase c) {
    JsonNode reference = kind.reference(c.input());
    assertThat(kind.compare(c.input(), c.expect(), reference).passed()).as("reference answer").isTrue();
    ObjectNode broken = BREAK.get(c.kind()).apply(reference.deepCopy());
    assertThat(kind.compare(c.input(), c.expect(), broken).passed()).as("broken answer %s", broken).isFalse();
  }
}
