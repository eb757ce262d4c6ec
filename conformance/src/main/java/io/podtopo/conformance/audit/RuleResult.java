package io.podtopo.conformance.audit;

import java.util.List;
import java.util.Objects;

/**
 * The result of one audit rule.
 *
 * @param rule the rule's id
 * @param status pass, fail or not checked
 * @param violations one line per violation, naming the pods, containers, cgroups and CPUs involved;
 *     empty unless failed
 * @param reason why the rule was not checked; empty otherwise
 */
public record RuleResult(String rule, RuleStatus status, List<String> violations, String reason) {

  public RuleResult {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(status, "status");
    violations = List.copyOf(violations);
    Objects.requireNonNull(reason, "reason");
  }

  /** A checked rule: failed when there are violations, passed otherwise. */
  public static RuleResult checked(String rule, List<String> violations) {
    return new RuleResult(rule, violations.isEmpty() ? RuleStatus.PASS : RuleStatus.FAIL, violations, "");
  }

  /** A rule that could not be checked, and why. */
  public static RuleResult notChecked(String rule, String reason) {
    return new RuleResult(rule, RuleStatus.NOT_CHECKED, List.of(), reason);
  }
}
