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
    return '"' + escaped(text) + '"';
  }

  /** {@link #of} without the surrounding quotes: {@code text} that can no longer split a line. */
  public static String escaped(String text) {
    StringBuilder escaped = new StringBuilder();
    text.codePoints().forEach(cp -> {
      switch (cp) {
        case '"' -> escaped.append("\\\"");
        case '\\' -> escaped.append("\\\\");
        case '\n' -> escaped.append("\\n");
        case '\t' -> escaped.append("\\t");
        case '\r' -> escaped.append("\\r");
        default -> {
          if (cp < 0x20 || cp == 0x7f) {
            escaped.append(String.format(Locale.ROOT, "\\x%02x", cp));
          } else {
            escaped.appendCodePoint(cp);
          }
        }
      }
    });
    return escaped.toString();
  }
}
