package io.podtopo.app.audit;

import io.podtopo.conformance.audit.AuditResult;
import java.time.Instant;

/**
 * Hears the outcome of every run of {@code podtopo audit}, once or {@code --every} interval, beside
 * what the command prints: the seam for exporting audits (as metrics, say). Observers are the
 * component's multibound {@code Set<AuditObserver>} ({@code AuditModule}); add one with
 * {@code @Provides @IntoSet}. They are called on the command's thread, in no particular order, and
 * must return quickly; an exception they throw ends the command as an internal error.
 *
 * <p>A metrics exporter records {@link AuditResult#violationsByRule()} (every checked rule's number
 * of violations, 0 for a pass; rules not checked are absent) with the time.
 */
public interface AuditObserver {

  /** A run asked the endpoint and judged its answers; {@code result} says how every rule fared. */
  void runFinished(AuditResult result, Instant finishedAt);

  /**
   * A run could not ask the endpoint: nothing listens on the socket, the call failed or timed out,
   * or the answer could not be read. {@code reason} is one line naming the socket and why.
   */
  void endpointUnreachable(String reason, Instant at);
}
