package io.podtopo.conformance.audit;

import java.util.Objects;

/**
 * One check of a PodResources endpoint's answers that holds for any correct node, with a stable id.
 * The rules are the audit's own ({@link Audit#rules()}).
 */
public abstract class AuditRule {

  private final String id;
  private final String summary;

  AuditRule(String id, String summary) {
    this.id = Objects.requireNonNull(id, "id");
    this.summary = Objects.requireNonNull(summary, "summary");
  }

  /** The stable id, e.g. {@code container-cpus-disjoint}: reports, metrics and docs name the rule by it. */
  public final String id() {
    return id;
  }

  /** What the rule checks, in one line. */
  public final String summary() {
    return summary;
  }

  /** The result of the rule on {@code input}. */
  public abstract RuleResult check(AuditInput input);
}
