package io.podtopo.adapters.linux.kubelet;

/** Go's {@code %q} of a string, for error texts that quote what the file holds as the kubelet does. */
final class GoQuote {

  private GoQuote() {}

  /** {@code strconv.Quote(text)} for printable text; control characters as {@code \xNN}. */
  static String of(String text) {
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
            quoted.append(String.format(java.util.Locale.ROOT, "\\x%02x", cp));
          } else {
            quoted.appendCodePoint(cp);
          }
        }
      }
    });
    return quoted.append('"').toString();
  }
}
