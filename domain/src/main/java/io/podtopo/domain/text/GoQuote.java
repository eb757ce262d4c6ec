package io.podtopo.domain.text;

import java.util.Locale;

/** Go's {@code %q} of a string, for error texts that quote user input or file content as upstream does. */
public final class GoQuote {

  private GoQuote() {}

  /**
   * {@code strconv.Quote(text)} for printable text: double quotes, backslash escapes for quotes,
   * backslashes, {@code \n}, {@code \t} and {@code \r}, other control characters as {@code \xNN}.
   */
  public static String of(String text) {
    StringBuilder quoted = new StringBuilder("\"");
    text.codePoints().forEach(cp -> {
      switch (cp) {
        case '"' -> quoted.append("\\\"");
        case '\\' -> quoted.append("\\\\");
        case '\n' -> quoted.append("\\n");
        case '\t' -> quoted.append("\\t");
        case '\r' -> quoted.append("\\r");
        default -> {
          if (cp < 0x20 || cp == 0x7f) {
            quoted.append(String.format(Locale.ROOT, "\\x%02x", cp));
          } else {
            quoted.appendCodePoint(cp);
          }
        }
      }
    });
    return quoted.append('"').toString();
  }
}
