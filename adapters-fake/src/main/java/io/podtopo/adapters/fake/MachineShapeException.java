package io.podtopo.adapters.fake;

import io.podtopo.domain.text.GoQuote;

/** A machine shape that cannot be parsed; the message names the shape and the part at fault. */
public final class MachineShapeException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String shape;
  private final String part;

  public MachineShapeException(String shape, String part, String problem) {
    super("machine shape " + GoQuote.of(shape) + ": " + (part.equals(shape) ? "" : "part " + GoQuote.of(part) + ": ")
        + problem);
    this.shape = shape;
    this.part = part;
  }

  /** The whole shape text. */
  public String shape() {
    return shape;
  }

  /** The part at fault (the whole text when the problem spans parts). */
  public String part() {
    return part;
  }
}
