package io.podtopo.domain.topology;

/** A machine description that is not consistent (duplicate ids, unknown NUMA node, bad distances). */
public final class InvalidMachineException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public InvalidMachineException(String message) {
    super(message);
  }
}
