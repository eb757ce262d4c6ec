package io.podtopo.domain.text;

import java.util.Locale;

/**
 * Byte counts written for people, in the binary suffixes of Kubernetes quantities ({@code Ki},
 * {@code Mi}, {@code Gi}, ..., no space), the one convention of every report: {@link #format}.
 * Reports for programs (JSON) keep exact bytes. {@link #quantity} is the exact canonical quantity,
 * for texts that reproduce the kubelet's own.
 */
public final class ByteSizes {

  private static final String[] SUFFIXES = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
  /** The smallest count of its suffix an exact size does not keep: five digits are rounded. */
  private static final long EXACT_LIMIT = 10_000;

  private ByteSizes() {}

  /**
   * {@code bytes} for people: exact in the largest suffix that divides it when that takes at most
   * four digits ({@code 1Gi}, {@code 1536Mi}, {@code 4Ki}, {@code 1000}), otherwise rounded to a
   * tenth of the largest suffix it reaches and marked with {@code ~}: {@code 25276194816} (a NUMA
   * node's {@code MemTotal: 24683784 kB}) is {@code ~23.5Gi}.
   */
  public static String format(long bytes) {
    Exact exact = exact(bytes);
    if (exact.value() < EXACT_LIMIT) {
      return exact.text();
    }
    int exponent = (63 - Long.numberOfLeadingZeros(bytes)) / 10;
    double tenths = tenths(bytes, exponent);
    // rounding up to 1024 tenths moves to the next suffix; below Ei, as a long is under 8Ei
    if (tenths >= 10 * 1024) {
      exponent++;
      tenths = tenths(bytes, exponent);
    }
    return String.format(Locale.ROOT, "~%.1f%s", tenths / 10, SUFFIXES[exponent]);
  }

  /**
   * {@code bytes} exactly, as upstream's {@code Quantity.String()} writes a binary-SI count: in the
   * largest binary suffix that divides it ({@code 1610612736} is {@code 1536Mi}, {@code 25276194816}
   * is {@code 24683784Ki}, {@code 1000} is {@code 1000}).
   */
  public static String quantity(long bytes) {
    return exact(bytes).text();
  }

  /** A count in a binary suffix: {@code value} times 1024 to the {@code exponent}. */
  private record Exact(long value, int exponent) {
    String text() {
      return value + SUFFIXES[exponent];
    }
  }

  private static Exact exact(long bytes) {
    long value = bytes;
    int exponent = 0;
    // at most six factors of 1024 (Ei): a long has 63 bits
    while (value != 0 && value % 1024 == 0) {
      value /= 1024;
      exponent++;
    }
    return new Exact(value, exponent);
  }

  /** {@code bytes} in tenths of 1024 to the {@code exponent}, rounded. */
  private static double tenths(long bytes, int exponent) {
    return Math.rint(Math.scalb((double) bytes, -10 * exponent) * 10);
  }
}
