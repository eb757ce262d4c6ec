package io.podtopo.conformance.vectors;

import java.util.List;
import java.util.Optional;

/**
 * The results of a run, one per selected case in run order, and the break that cut it short, if
 * any: after a break, the case it happened on and every later one are {@link CaseResult.Status#NOT_RUN}.
 */
public record VectorRun(List<CaseResult> results, Optional<SubjectBreak> broken) {

  public VectorRun {
    results = List.copyOf(results);
  }
}
