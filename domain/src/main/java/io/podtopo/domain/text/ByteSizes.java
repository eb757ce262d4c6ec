package io.podtopo.domain.text;

/** Byte counts written as Kubernetes quantities: the largest binary suffix that divides them. */
public final class ByteSizes {

  private static final String[] SUFFIXES = {"Ei", "Pi", "Ti", "Gi", "Mi", "Ki"};

  private ByteSizes() {}

  /** {@code 1610612736} is {@code 1536Mi}, {@code 1073741824} is {@code 1Gi}, {@code 1000} is {@code 1000}. */
  public static String format(long bytes) {
    if (bytes == 0) {
      return "0";
    }
    for (int i = 0; i < SUFFIXES.length; i++) {
      long unit = 1L << (10 * (SUFFIXES.length - i));
      if (bytes % unit == 0) {
        return bytes / unit + SUFFIXES[i];
      }
    }
    return Long.toString(bytes);
  }
}
