package io.podtopo.conformance.audit;

/** One check of a PodResources endpoint's answers; it holds for any correct node. */
public interface AuditRule {

  /** The stable id, e.g. {@code container-cpus-disjoint}: reports, metrics and docs name the rule by it. */
  String id();

  /** What the rule checks, in one line. */
  String summary();

  /** The result of the rule on {@code input}. */
  RuleResult check(AuditInput input);
}
