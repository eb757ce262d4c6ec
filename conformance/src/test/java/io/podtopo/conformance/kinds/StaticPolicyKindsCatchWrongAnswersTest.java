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
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The static-policy comparators can fail: for every bundled case of these kinds, the reference
 * answer passes and a deliberately broken answer (one asserted field changed) is caught.
 */
class StaticPolicyKindsCatchWrongAnswersTest {

  private static final Map<String, UnaryOperator<ObjectNode>> BREAK = Map.ofEntries(
      Map.entry("cpu-hints", output -> {
        ArrayNode hints = JsonNodeFactory.instance.arrayNode();
        hints.addObject().putNull("numaAffinity").put("preferred", true);
        output.set("hints", hints);
        return output;
      }),
      Map.entry("pod-guaranteed-cpus", output -> output.put("guaranteedCPUs", output.path("guaranteedCPUs").asInt() + 1)),
      Map.entry("static-start", output -> output.put("startError", "wrong " + output.path("startError").asText())),
      Map.entry("static-allocate", output -> output.put("allocated", !output.path("allocated").asBoolean())),
      Map.entry("static-allocate-sequence", output -> output.put("defaultCPUSetAfterAllocate", "100-101")),
      Map.entry("static-remove", output -> output.put("defaultCPUSet", "100-101")),
      Map.entry("static-allocate-cpus", output -> output.put("cpus", "100-101")),
      Map.entry("static-policy-options", output -> output.put("error", !output.path("error").asBoolean())),
      Map.entry("smt-alignment-error-text", output -> output.put("message", output.path("message").asText() + "!")),
      Map.entry("static-allocate-pod", output -> output.get("error").isNull()
          ? output.put("error", "broken") : output.putNull("error")),
      Map.entry("static-validate-pod-scope", output -> output.put("error", !output.path("error").asBoolean())));

  @TestFactory
  Stream<DynamicTest> everyStaticPolicyCaseRejectsABrokenAnswer() {
    VectorKinds kinds = VectorKinds.reference();
    return VectorFile.bundled().stream()
        .flatMap(file -> file.cases().stream())
        .filter(c -> BREAK.containsKey(c.kind()))
        .map(c -> DynamicTest.dynamicTest(c.id(), () -> check(kinds.find(c.kind()).orElseThrow(), c)));
  }

  /** Q-cpu-partial-bubble: after the failed AllocatePod, a released bubble is caught as much as a wrong error. */
  @TestFactory
  Stream<DynamicTest> theStateAfterAnErrorIsComparedWhereTheCaseSaysWhatItIs() {
    VectorKind kind = VectorKinds.reference().find("static-allocate-pod").orElseThrow();
    return VectorFile.bundled().stream().flatMap(file -> file.cases().stream())
        .filter(c -> c.kind().equals("static-allocate-pod") && c.expect().has("afterError"))
        .flatMap(c -> Stream.of(
            DynamicTest.dynamicTest(c.id() + " pod entry dropped", () -> assertThat(kind.compare(c.expect(),
                ((ObjectNode) kind.reference(c.input())).put("podCPUSet", "")).passed()).isFalse()),
            DynamicTest.dynamicTest(c.id() + " bubble back in the default set", () -> assertThat(kind.compare(c.expect(),
                ((ObjectNode) kind.reference(c.input())).put("defaultCPUSet", "0-11")).passed()).isFalse())));
  }

  private static void check(VectorKind kind, VectorCase c) {
    JsonNode reference = kind.reference(c.input());
    assertThat(kind.compare(c.expect(), reference).passed()).isTrue();
    ObjectNode broken = BREAK.get(c.kind()).apply(reference.deepCopy());
    assertThat(kind.compare(c.expect(), broken).passed()).as("broken answer %s", broken).isFalse();
  }
}
