package io.podtopo.app.input;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A duration written as Go's {@code time.ParseDuration} reads it, the form of the kubelet's own
 * options: decimal numbers, each with a unit ({@code ns}, {@code us} or {@code µs}, {@code ms},
 * {@code s}, {@code m}, {@code h}), one after the other: {@code 500ms}, {@code 60s}, {@code 1.5h},
 * {@code 1h30m}. Only positive durations are taken, to the nanosecond.
 */
public final class GoDuration {

  private static final Pattern PART = Pattern.compile("(\\d+\\.?\\d*|\\.\\d+)(ns|us|µs|μs|ms|s|m|h)");
  private static final Map<String, Long> NANOS = Map.of("ns", 1L, "us", 1_000L, "µs", 1_000L, "μs", 1_000L,
      "ms", 1_000_000L, "s", 1_000_000_000L, "m", 60_000_000_000L, "h", 3_600_000_000_000L);

  private GoDuration() {}

  /** The duration {@code text} writes. @throws InputException naming {@code option} when it is not one, or not positive */
  public static Duration parse(String option, String text) {
    Matcher part = PART.matcher(text);
    BigDecimal nanos = BigDecimal.ZERO;
    int end = 0;
    while (part.lookingAt()) {
      nanos = nanos.add(new BigDecimal(part.group(1)).multiply(BigDecimal.valueOf(NANOS.get(part.group(2)))));
      end = part.end();
      part.region(end, text.length());
    }
    if (end == 0 || end != text.length()) {
      throw new InputException(option + " " + text + ": not a duration: give a number and a unit, e.g. 500ms, 60s, 5m "
          + "or 1h30m");
    }
    if (nanos.signum() <= 0 || nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw new InputException(option + " " + text + ": must be above 0 and below 292 years");
    }
    return Duration.ofNanos(nanos.longValue());
  }
}
