package io.podtopo.domain.cpumanager;

/** Go's {@code %q} formatting, for error texts that quote user input the way upstream does. */
final class GoText {

  private GoText() {}

  /** {@code strconv.Quote}: double-quoted, with backslash escapes for quotes, backslashes and controls. */
  static String quote(String text) {
    StringBuilder quoted = new StringBuilder("\"");
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      switch (ch) {
        case '"' -> quoted.append("\\\"");
        case '\\' -> quoted.append("\\\\");
        case '\n' -> quoted.append("\\n");
        case '\t' -> quoted.append("\\t");
        case '\r' -> quoted.append("\\r");
        default -> {
          if (ch < 0x20 || ch == 0x7f) {
            quoted.append(String.format("\\x%02x", (int) ch));
          } else {
            quoted.append(ch);
          }
        }
      }
    }
    return quoted.append('"').toString();
  }
}
