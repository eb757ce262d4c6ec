package io.podtopo.domain.text;

import java.util.Optional;

/** The few Go {@code strconv} behaviours the kubelet's option parsing exposes in its messages. */
public final class GoStrconv {

  private GoStrconv() {}

  /** Go {@code strconv.ParseBool}: 1 t T TRUE true True / 0 f F FALSE false False; empty otherwise. */
  public static Optional<Boolean> parseBool(String text) {
    return switch (text) {
      case "1", "t", "T", "TRUE", "true", "True" -> Optional.of(true);
      case "0", "f", "F", "FALSE", "false", "False" -> Optional.of(false);
      default -> Optional.empty();
    };
  }

  /**
   * Go {@code strconv.Atoi} on a 64-bit platform: an optional sign and decimal digits.
   *
   * @throws NumberFormatException whose message is Go's reason, "invalid syntax" or "value out of range"
   */
  public static long atoi(String text) {
    String digits = text.startsWith("+") || text.startsWith("-") ? text.substring(1) : text;
    if (digits.isEmpty() || !digits.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
      throw new NumberFormatException("invalid syntax");
    }
    try {
      return Long.parseLong(text.startsWith("+") ? digits : text);
    } catch (NumberFormatException e) {
      throw new NumberFormatException("value out of range");
    }
  }
}
