package io.podtopo.adapters.prometheus;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Instant;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The metrics of a periodic audit of a PodResources endpoint (the conformance invariants checked
 * against a live node, run every so often), for alerting on a node that drifts:
 *
 * <ul>
 *   <li>{@code podtopo_audit_runs_total}: every attempt, completed or not;
 *   <li>{@code podtopo_audit_failures_total}: the attempts that could not reach the endpoint;
 *   <li>{@code podtopo_audit_violations{rule}}: per rule id, the violations found by the last
 *       completed run; a rule seen in an earlier run and not violated in the last one reads 0;
 *   <li>{@code podtopo_audit_last_run_timestamp_seconds}: when the last attempt ended (Unix
 *       seconds), completed or not;
 *   <li>{@code podtopo_audit_clean}: 1 when the last attempt completed without a violation, 0 when
 *       it found one or could not reach the endpoint (nothing was checked).
 * </ul>
 *
 * <p>An unreachable endpoint leaves the violation counts as the last completed run found them.
 * Thread-safe: records apply one at a time (a scrape taken meanwhile may see part of one).
 */
public final class AuditMetrics {

  private final Counter runs;
  private final Counter failures;
  private final Gauge violations;
  private final Gauge lastRun;
  private final Gauge clean;
  private final SortedSet<String> rulesSeen = new TreeSet<>();

  /**
   * Registers the audit metrics in {@code registry}.
   *
   * @throws IllegalArgumentException when {@code registry} already holds a metric of one of these names
   */
  public AuditMetrics(PrometheusRegistry registry) {
    runs = Counter.builder().name("podtopo_audit_runs_total")
        .help("The number of audits attempted, completed or not.").register(registry);
    failures = Counter.builder().name("podtopo_audit_failures_total")
        .help("The number of audits that could not reach the PodResources endpoint.").register(registry);
    violations = Gauge.builder().name("podtopo_audit_violations").labelNames("rule")
        .help("The violations of each rule found by the last completed audit.").register(registry);
    lastRun = Gauge.builder().name("podtopo_audit_last_run_timestamp_seconds")
        .help("When the last audit attempt ended, in seconds since the Unix epoch.").register(registry);
    clean = Gauge.builder().name("podtopo_audit_clean")
        .help("1 when the last audit attempt completed without a violation, else 0.").register(registry);
  }

  /**
   * Records a completed run: {@code violationsByRule} holds the violations per rule id (rules
   * without a violation may be left out or given 0).
   *
   * @throws IllegalArgumentException when a count is negative
   */
  public synchronized void recordRun(Map<String, Integer> violationsByRule, Instant finishedAt) {
    violationsByRule.forEach((rule, count) -> {
      if (count < 0) {
        throw new IllegalArgumentException("rule " + rule + ": " + count + " violations");
      }
    });
    rulesSeen.addAll(violationsByRule.keySet());
    for (String rule : rulesSeen) {
      violations.labelValues(rule).set(violationsByRule.getOrDefault(rule, 0));
    }
    runs.inc();
    lastRun.set(seconds(finishedAt));
    clean.set(violationsByRule.values().stream().allMatch(count -> count == 0) ? 1 : 0);
  }

  /** Records an attempt that could not reach the endpoint. */
  public synchronized void recordUnreachable(Instant at) {
    runs.inc();
    failures.inc();
    lastRun.set(seconds(at));
    clean.set(0);
  }

  private static double seconds(Instant instant) {
    return instant.getEpochSecond() + instant.getNano() / 1e9;
  }
}
