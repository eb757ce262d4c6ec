package io.podtopo.domain.pod;

import io.podtopo.domain.text.GoQuote;

/** A quantity string that is malformed or negative. */
public final class InvalidQuantityException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String text;

  public InvalidQuantityException(String text, String problem) {
    super("invalid quantity " + GoQuote.of(text) + ": " + problem);
    this.text = text;
  }

  /** The offending text. */
  public String text() {
    return text;
  }
}
