package io.podtopo.domain.topology;

import io.podtopo.domain.text.GoQuote;

/** A cpulist text that is not a valid Linux cpulist. */
public final class CpuListFormatException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String text;

  public CpuListFormatException(String text, String problem) {
    super("invalid cpulist " + GoQuote.of(text) + ": " + problem);
    this.text = text;
  }

  /** The offending text, as given. */
  public String text() {
    return text;
  }
}
