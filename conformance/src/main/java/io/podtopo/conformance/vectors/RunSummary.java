package io.podtopo.conformance.vectors;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The counts of a vector run: per kind (in the order the kinds first appear) and in total, the
 * failed cases in run order, and the break that cut the run short, if any.
 */
public record RunSummary(List<KindCount> kinds, List<CaseResult> failures, int passed, int failed, int skipped,
    int notRun, Optional<SubjectBreak> broken) {

  /**
   * The counts of one kind; {@code skipReason} says why its cases were skipped, empty when none was:
   * the reason of its first skipped case, followed by {@code (the first of N reasons its cases gave)}
   * when its skipped cases gave N different ones (each case's own is in the JUnit report).
   */
  public record KindCount(String kind, int passed, int failed, int skipped, int notRun, String skipReason) {}

  public RunSummary {
    kinds = List.copyOf(kinds);
    failures = List.copyOf(failures);
  }

  /** Summarises a run. */
  public static RunSummary of(VectorRun run) {
    List<CaseResult> results = run.results();
    Map<String, List<CaseResult>> byKind = new LinkedHashMap<>();
    for (CaseResult result : results) {
      byKind.computeIfAbsent(result.vectorCase().kind(), k -> new ArrayList<>()).add(result);
    }
    List<KindCount> kinds = new ArrayList<>();
    byKind.forEach((kind, kindResults) -> kinds.add(new KindCount(kind, count(kindResults, CaseResult.Status.PASSED),
        count(kindResults, CaseResult.Status.FAILED), count(kindResults, CaseResult.Status.SKIPPED),
        count(kindResults, CaseResult.Status.NOT_RUN), skipReason(kindResults))));
    List<CaseResult> failures = results.stream().filter(r -> r.status() == CaseResult.Status.FAILED).toList();
    return new RunSummary(kinds, failures, count(results, CaseResult.Status.PASSED), failures.size(),
        count(results, CaseResult.Status.SKIPPED), count(results, CaseResult.Status.NOT_RUN), run.broken());
  }

  private static String skipReason(List<CaseResult> results) {
    List<String> reasons = results.stream().filter(r -> r.status() == CaseResult.Status.SKIPPED)
        .map(r -> String.join("; ", r.differences())).distinct().toList();
    if (reasons.isEmpty()) {
      return "";
    }
    return reasons.get(0) + (reasons.size() == 1 ? "" : " (the first of " + reasons.size() + " reasons its cases gave)");
  }

  private static int count(List<CaseResult> results, CaseResult.Status status) {
    return (int) results.stream().filter(r -> r.status() == status).count();
  }

  /** {@code N passed, M failed, K skipped}, followed by {@code , R not run} when the subject broke. */
  public String totalsLine() {
    return passed + " passed, " + failed + " failed, " + skipped + " skipped"
        + (broken.isPresent() ? ", " + notRun + " not run" : "");
  }

  /** True when every case ran and none failed. */
  public boolean succeeded() {
    return failed == 0 && broken.isEmpty();
  }

  /** True when every case ran and none was checked: each was skipped (or there were none). */
  public boolean nothingChecked() {
    return passed == 0 && failed == 0 && broken.isEmpty();
  }

  /** The distinct skip reasons of the kinds ({@link KindCount#skipReason}), joined with "; ", in the order of the kinds. */
  public String skipReasons() {
    return String.join("; ", kinds.stream().map(KindCount::skipReason).filter(r -> !r.isEmpty()).distinct().toList());
  }
}
