package io.podtopo.app.cli;

/** Input the user can fix (named in the message); reported as one line with exit code 2. */
public final class UserInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UserInputException(String message) {
    super(message);
  }
}
