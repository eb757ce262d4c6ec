package io.podtopo.conformance.vectors;

/** A testee program that cannot be started, broke the testee protocol, died or did not answer in time. */
public final class TesteeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TesteeException(String message) {
    super(message);
  }

  public TesteeException(String message, Throwable cause) {
    super(message, cause);
  }
}
