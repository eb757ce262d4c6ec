package io.podtopo.app.cli;

import io.podtopo.ports.in.Simulator;
import java.io.PrintWriter;
import java.util.List;

/**
 * Progress of a long simulation on standard error, one line rewritten in place
 * ({@code podtopo: pod 5 of 17 (default/web) ...}), shown only once a run has taken more than a
 * second and only when the launcher says standard error is a terminal (system property
 * {@value #PROPERTY}, set by the {@code podtopo} script when {@code [ -t 2 ]}); the line is cleared
 * at the end, so the output stays what it would be without it.
 */
final class TerminalProgress implements Simulator.StepProgress {

  static final String PROPERTY = "podtopo.progress";
  private static final long QUIET_NANOS = 1_000_000_000L;

  private final PrintWriter err;
  private final List<String> pods;
  private final long start = System.nanoTime();
  private boolean shown;

  private TerminalProgress(PrintWriter err, List<String> pods) {
    this.err = err;
    this.pods = List.copyOf(pods);
  }

  /**
   * Progress on {@code err} when standard error is a terminal, else none; {@code pods} names each
   * step's pod ({@code namespace/name}).
   */
  static Simulator.StepProgress on(PrintWriter err, List<String> pods) {
    return Boolean.getBoolean(PROPERTY) ? new TerminalProgress(err, pods) : Simulator.StepProgress.none();
  }

  @Override
  public void at(int done, int total) {
    if (done == total) {
      if (shown) {
        err.print("\r\u001b[K");
        err.flush();
      }
      return;
    }
    if (!shown && System.nanoTime() - start < QUIET_NANOS) {
      return;
    }
    shown = true;
    err.print("\r\u001b[Kpodtopo: pod " + (done + 1) + " of " + total + " (" + pods.get(done) + ") ...");
    err.flush();
  }
}
