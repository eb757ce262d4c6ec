package io.podtopo.adapters.fake;

/** A machine shape that cannot be parsed; the message names the shape and the part at fault. */
public final class MachineShapeException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String shape;
  private final String part;

  public MachineShapeException(String shape, String part, String problem) {
    super("machine shape \"" + shape + "\": " + (part.equals(shape) ? "" : "part \"" + part + "\": ") + problem);
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
