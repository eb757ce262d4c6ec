package io.podtopo.conformance.vectors;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The counts of a vector run: per kind (in the order the kinds first appear) and in total, and the
 * failed cases in run order.
 */
public record RunSummary(List<KindCount> kinds, List<CaseResult> failures, int passed, int failed, int skipped) {

  /**
   * The counts of one kind; {@code skipReason} says why its cases were skipped (the distinct
   * reasons, joined with "; "), empty when none was.
   */
  public record KindCount(String kind, int passed, int failed, int skipped, String skipReason) {}

  public RunSummary {
    kinds = List.copyOf(kinds);
    failures = List.copyOf(failures);
  }

  /** Summarises results. */
  public static RunSummary of(List<CaseResult> results) {
    Map<String, List<CaseResult>> byKind = new LinkedHashMap<>();
    for (CaseResult result : results) {
      byKind.computeIfAbsent(result.vectorCase().kind(), k -> new ArrayList<>()).add(result);
    }
    List<KindCount> kinds = new ArrayList<>();
    byKind.forEach((kind, kindResults) -> kinds.add(new KindCount(kind, count(kindResults, CaseResult.Status.PASSED),
        count(kindResults, CaseResult.Status.FAILED), count(kindResults, CaseResult.Status.SKIPPED),
        skipReason(kindResults))));
    List<CaseResult> failures = results.stream().filter(r -> r.status() == CaseResult.Status.FAILED).toList();
    return new RunSummary(kinds, failures, count(results, CaseResult.Status.PASSED), failures.size(),
        count(results, CaseResult.Status.SKIPPED));
  }

  private static String skipReason(List<CaseResult> results) {
    return String.join("; ", results.stream().filter(r -> r.status() == CaseResult.Status.SKIPPED)
        .flatMap(r -> r.differences().stream()).distinct().toList());
  }

  private static int count(List<CaseResult> results, CaseResult.Status status) {
    return (int) results.stream().filter(r -> r.status() == status).count();
  }

  /** {@code N passed, M failed, K skipped}. */
  public String totalsLine() {
    return passed + " passed, " + failed + " failed, " + skipped + " skipped";
  }

  /** True when no case failed. */
  public boolean succeeded() {
    return failed == 0;
  }
}
