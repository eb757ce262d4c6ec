package io.podtopo.conformance.vectors;

/**
 * A testee program that cannot be started, or that answered one case with an {@code error} (that case
 * fails, the run goes on). A program that can answer no further case throws {@link BrokenSubjectException}.
 */
public final class TesteeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TesteeException(String message) {
    super(message);
  }

  public TesteeException(String message, Throwable cause) {
    super(message, cause);
  }
}
