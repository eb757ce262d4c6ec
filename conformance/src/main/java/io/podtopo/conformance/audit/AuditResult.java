package io.podtopo.conformance.audit;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/** The results of every audit rule of one run, in rule order. */
public record AuditResult(List<RuleResult> results) {

  public AuditResult {
    results = List.copyOf(results);
  }

  /** Whether any rule failed. */
  public boolean failed() {
    return count(RuleStatus.FAIL) > 0;
  }

  /** How many rules ended with {@code status}. */
  public long count(RuleStatus status) {
    return results.stream().filter(result -> result.status() == status).count();
  }

  /**
   * The number of violations of every rule that was checked, by rule id (0 for a rule that passed);
   * rules not checked are absent.
   */
  public SortedMap<String, Integer> violationsByRule() {
    SortedMap<String, Integer> counts = new TreeMap<>();
    for (RuleResult result : results) {
      if (result.status() != RuleStatus.NOT_CHECKED) {
        counts.put(result.rule(), result.violations().size());
      }
    }
    return counts;
  }
}
