package io.podtopo.app.cli;

import io.podtopo.app.audit.AuditObserver;
import io.podtopo.conformance.audit.AuditResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Keeps what {@code podtopo audit} tells its observers; safe to read while a run goes on. */
final class RecordingAuditObserver implements AuditObserver {

  private final List<AuditResult> runs = new ArrayList<>();
  private final List<String> unreachable = new ArrayList<>();

  @Override
  public synchronized void runFinished(AuditResult result, Instant finishedAt) {
    runs.add(result);
  }

  @Override
  public synchronized void endpointUnreachable(String reason, Instant at) {
    unreachable.add(reason);
  }

  synchronized List<AuditResult> runs() {
    return List.copyOf(runs);
  }

  synchronized List<String> unreachable() {
    return List.copyOf(unreachable);
  }
}
