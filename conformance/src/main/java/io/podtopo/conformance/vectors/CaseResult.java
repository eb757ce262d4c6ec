package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The outcome of one case: passed, failed (with expected, actual and the differences), skipped (the
 * differences say why) or not run (the subject broke on it or earlier, see {@link SubjectBreak}).
 */
public record CaseResult(VectorCase vectorCase, Status status, JsonNode actual, List<String> differences) {

  /** The four outcomes. */
  public enum Status { PASSED, FAILED, SKIPPED, NOT_RUN }

  public CaseResult {
    differences = List.copyOf(differences);
  }

  /** A case the run did not reach because the subject broke. */
  public static CaseResult notRun(VectorCase vectorCase) {
    return new CaseResult(vectorCase, Status.NOT_RUN, null, List.of());
  }
}
