package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.admission.SmtAlignmentError;

/** {@code smt-alignment-error-text}: the {@code Error()} text of an {@code SMTAlignmentError}; output {@code {"message"}}. */
public final class SmtAlignmentErrorTextKind implements VectorKind {

  @Override
  public String name() {
    return "smt-alignment-error-text";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    JsonNode error = input.path("error");
    SmtAlignmentError smt = new SmtAlignmentError.Builder()
        .requestedCpus(error.path("requestedCPUs").asInt())
        .cpusPerCore(error.path("cpusPerCore").asInt())
        .availablePhysicalCpus(error.path("availablePhysicalCPUs").asInt(0))
        .causedByPhysicalCpus(error.path("causedByPhysicalCPUs").asBoolean(false))
        .build();
    return JsonNodeFactory.instance.objectNode().put("message", smt.message());
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    String expected = expect.path("message").asText();
    String actual = output.path("message").asText(null);
    return expected.equals(actual) ? Verdict.pass() : Verdict.fail("message: expected \"" + expected + "\", got " + output.get("message"));
  }
}
