package io.podtopo.app.cli;

import java.io.PrintWriter;
import java.util.function.LongSupplier;

/**
 * Progress of a long run on standard error: nothing during the first two seconds, then at most one
 * line a second. A short run (the bundled vectors in process) prints nothing.
 */
final class Progress {

  private static final long QUIET_NANOS = 2_000_000_000L;
  private static final long INTERVAL_NANOS = 1_000_000_000L;

  private final PrintWriter err;
  private final int total;
  private final LongSupplier clock;
  private final long start;
  private long lastReport;

  Progress(PrintWriter err, int total, LongSupplier clock) {
    this.err = err;
    this.total = total;
    this.clock = clock;
    this.start = clock.getAsLong();
    this.lastReport = start;
  }

  void done(int cases) {
    long now = clock.getAsLong();
    if (now - start >= QUIET_NANOS && now - lastReport >= INTERVAL_NANOS) {
      err.println("podtopo: " + cases + "/" + total + " cases run");
      err.flush();
      lastReport = now;
    }
  }
}
