package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** The outcome of one case: passed, failed (with expected, actual and the differences) or skipped. */
public record CaseResult(VectorCase vectorCase, Status status, JsonNode actual, List<String> differences) {

  /** The three outcomes. */
  public enum Status { PASSED, FAILED, SKIPPED }

  public CaseResult {
    differences = List.copyOf(differences);
  }
}
