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
  private final String unit;
  private final LongSupplier clock;
  private final long start;
  private long lastReport;

  /** Progress over {@code total} things called {@code unit} ("cases", "scenarios"). */
  Progress(PrintWriter err, int total, String unit, LongSupplier clock) {
    this.err = err;
    this.total = total;
    this.unit = unit;
    this.clock = clock;
    this.start = clock.getAsLong();
    this.lastReport = start;
  }

  void done(int count) {
    done(count, "");
  }

  /** {@code count} done; {@code detail} follows the count on the line. */
  void done(int count, String detail) {
    long now = clock.getAsLong();
    if (now - start >= QUIET_NANOS && now - lastReport >= INTERVAL_NANOS) {
      long left = count == 0 ? 0 : (now - start) / count * (total - count) / 1_000_000_000L;
      err.println("podtopo: " + count + "/" + total + " " + unit + " run" + detail
          + (count < total ? " (about " + (left < 60 ? left + " s" : left / 60 + " min") + " left)" : ""));
      err.flush();
      lastReport = now;
    }
  }
}
