package io.podtopo.app.audit;

import io.podtopo.adapters.prometheus.AuditMetrics;
import io.podtopo.conformance.audit.AuditResult;
import java.time.Instant;

/** Exports every audit run as {@link AuditMetrics}: the violations by rule, or an endpoint that did not answer. */
public final class AuditMetricsObserver implements AuditObserver {

  private final AuditMetrics metrics;

  public AuditMetricsObserver(AuditMetrics metrics) {
    this.metrics = metrics;
  }

  @Override
  public void runFinished(AuditResult result, Instant finishedAt) {
    metrics.recordRun(result.violationsByRule(), finishedAt);
  }

  @Override
  public void endpointUnreachable(String reason, Instant at) {
    metrics.recordUnreachable(at);
  }
}
