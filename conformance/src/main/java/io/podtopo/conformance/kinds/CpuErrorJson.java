package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.podtopo.domain.admission.AdmissionCause;
import io.podtopo.domain.admission.EmptyPodSharedPoolError;
import io.podtopo.domain.admission.SmtAlignmentError;
import io.podtopo.domain.admission.UnexpectedAdmissionError;
import java.util.List;
import java.util.Objects;

/**
 * The vectors' error forms for the static policy: an untyped error is its text; a typed one an object
 * with {@code type} ({@code SMTAlignmentError} with its struct fields, {@code EmptyPodSharedPoolError})
 * and {@code message}.
 */
final class CpuErrorJson {

  private CpuErrorJson() {}

  static JsonNode json(AdmissionCause error) {
    if (error instanceof UnexpectedAdmissionError untyped) {
      return TextNode.valueOf(untyped.error());
    }
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    json.put("type", error.reason());
    if (error instanceof SmtAlignmentError smt) {
      json.put("requestedCPUs", smt.requestedCpus());
      json.put("cpusPerCore", smt.cpusPerCore());
      json.put("availablePhysicalCPUs", smt.availablePhysicalCpus());
      json.put("causedByPhysicalCPUs", smt.causedByPhysicalCpus());
    } else if (!(error instanceof EmptyPodSharedPoolError)) {
      throw new IllegalStateException("unknown error type " + error);
    }
    json.put("message", error.message());
    return json;
  }

  /**
   * Compares an error as upstream does: null with null; a text exactly; an {@code SMTAlignmentError}
   * by its struct fields. Returns the difference, or null.
   */
  static String compare(JsonNode expected, JsonNode actual) {
    boolean wantNone = expected == null || expected.isNull();
    boolean gotNone = actual == null || actual.isNull();
    if (wantNone || gotNone) {
      return wantNone == gotNone ? null : "error: expected " + expected + ", got " + actual;
    }
    if (expected.isTextual()) {
      return actual.isTextual() && expected.asText().equals(actual.asText())
          ? null : "error: expected " + expected + ", got " + actual;
    }
    if (!actual.isObject() || !Objects.equals(expected.path("type").asText(), actual.path("type").asText())) {
      return "error: expected " + expected + ", got " + actual;
    }
    if (SmtAlignmentError.REASON.equals(expected.path("type").asText())) {
      for (String field : List.of("requestedCPUs", "cpusPerCore", "availablePhysicalCPUs")) {
        if (expected.path(field).asInt(0) != actual.path(field).asInt(0)) {
          return "error." + field + ": expected " + expected.path(field).asInt(0) + ", got " + actual.get(field);
        }
      }
      if (expected.path("causedByPhysicalCPUs").asBoolean(false) != actual.path("causedByPhysicalCPUs").asBoolean(false)) {
        return "error.causedByPhysicalCPUs: expected " + expected.get("causedByPhysicalCPUs") + ", got "
            + actual.get("causedByPhysicalCPUs");
      }
    }
    return null;
  }
}
