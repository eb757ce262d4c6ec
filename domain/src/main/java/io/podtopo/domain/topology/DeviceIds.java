package io.podtopo.domain.topology;

import java.util.Comparator;

/**
 * The order device ids are listed and taken in: runs of digits compare as numbers, everything else
 * character by character, so {@code GPU-2} comes before {@code GPU-10}; ids equal as numbers
 * ({@code 01}, {@code 1}) fall back to plain string order, so the order is total.
 *
 * <p>Upstream keeps device ids in Go sets and iterates them in random order; podtopo needs one
 * order to be deterministic (decision D-39).
 */
public final class DeviceIds {

  /** Natural order of device ids. */
  public static final Comparator<String> ORDER = DeviceIds::compare;

  private DeviceIds() {}

  private static int compare(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      char x = a.charAt(i);
      char y = b.charAt(j);
      if (isDigit(x) && isDigit(y)) {
        int endA = digitsEnd(a, i);
        int endB = digitsEnd(b, j);
        int byValue = compareNumbers(a.substring(i, endA), b.substring(j, endB));
        if (byValue != 0) {
          return byValue;
        }
        i = endA;
        j = endB;
      } else {
        if (x != y) {
          return Character.compare(x, y);
        }
        i++;
        j++;
      }
    }
    int byLength = Integer.compare(a.length() - i, b.length() - j);
    return byLength != 0 ? byLength : a.compareTo(b);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static int digitsEnd(String text, int from) {
    int end = from;
    while (end < text.length() && isDigit(text.charAt(end))) {
      end++;
    }
    return end;
  }

  private static int compareNumbers(String a, String b) {
    String x = stripZeros(a);
    String y = stripZeros(b);
    return x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
  }

  private static String stripZeros(String digits) {
    int start = 0;
    while (start < digits.length() - 1 && digits.charAt(start) == '0') {
      start++;
    }
    return digits.substring(start);
  }
}
