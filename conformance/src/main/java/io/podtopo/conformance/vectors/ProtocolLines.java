package io.podtopo.conformance.vectors;

import java.io.IOException;
import java.io.Reader;

/**
 * The lines of a testee protocol stream, each read up to {@link TesteeProtocol#MAX_LINE_CHARS}
 * characters: a longer line is reported as too long and skipped up to its end, so that a peer that
 * never ends a line cannot fill the reader's memory. A line ends at {@code \n}; a {@code \r} before
 * it is dropped.
 */
final class ProtocolLines {

  /** A line that was read: its text, or null when it was longer than the limit. */
  record Line(String text) {
    boolean tooLong() {
      return text == null;
    }
  }

  private final Reader in;
  private final int limit;

  ProtocolLines(Reader in, int limit) {
    this.in = in;
    this.limit = limit;
  }

  /** The next line, or null at the end of the stream. */
  Line next() throws IOException {
    StringBuilder line = new StringBuilder();
    boolean tooLong = false;
    int ch = in.read();
    if (ch < 0) {
      return null;
    }
    while (ch >= 0 && ch != '\n') {
      if (!tooLong) {
        if (line.length() == limit) {
          tooLong = true;
          line.setLength(0);
        } else {
          line.append((char) ch);
        }
      }
      ch = in.read();
    }
    if (tooLong) {
      return new Line(null);
    }
    if (line.length() > 0 && line.charAt(line.length() - 1) == '\r') {
      line.setLength(line.length() - 1);
    }
    return new Line(line.toString());
  }
}
