package io.podtopo.conformance.vectors;

/** A vector file that cannot be read. */
public final class InvalidVectorFileException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public InvalidVectorFileException(String file, String problem) {
    super(file + ": " + problem);
  }
}
