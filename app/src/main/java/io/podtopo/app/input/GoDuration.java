package io.podtopo.app.input;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations written as Kubernetes writes them (Go's {@code time.ParseDuration}): a sequence of
 * decimal numbers, each with a unit, such as {@code 300ms}, {@code 1.5s}, {@code 2m30s} or
 * {@code 1h}; units {@code ns}, {@code us} (or {@code µs}), {@code ms}, {@code s}, {@code m},
 * {@code h}. A lone {@code 0} is zero; a sign is not accepted (no command takes a negative duration).
 */
public final class GoDuration {

  private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|ms|s|m|h)");
  private static final Map<String, Long> NANOS_PER_UNIT = Map.of("ns", 1L, "us", 1_000L, "µs", 1_000L,
      "ms", 1_000_000L, "s", 1_000_000_000L, "m", 60_000_000_000L, "h", 3_600_000_000_000L);

  private GoDuration() {}

  /**
   * The duration {@code text} writes.
   *
   * @throws IllegalArgumentException naming the text and the expected form when it is not one
   */
  public static Duration parse(String text) {
    if (text.equals("0")) {
      return Duration.ZERO;
    }
    Matcher part = PART.matcher(text);
    BigDecimal nanos = BigDecimal.ZERO;
    int end = 0;
    while (part.lookingAt()) {
      nanos = nanos.add(new BigDecimal(part.group(1)).multiply(BigDecimal.valueOf(NANOS_PER_UNIT.get(part.group(2)))));
      end = part.end();
      part.region(end, text.length());
    }
    if (end == 0 || end != text.length()) {
      throw new IllegalArgumentException("invalid duration \"" + text + "\": expected numbers with units such as "
          + "500ms, 60s, 1m30s or 2h (units ns, us, ms, s, m, h)");
    }
    if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw new IllegalArgumentException("invalid duration \"" + text + "\": longer than 292 years");
    }
    return Duration.ofNanos(nanos.setScale(0, RoundingMode.DOWN).longValueExact());
  }
}
