package io.podtopo.app.input;

/**
 * Input a user gave that podtopo cannot use: a malformed or invalid manifest or kubelet
 * configuration. The message is one line naming the file, the place in it and the value at fault,
 * fit to be shown as is.
 */
public class InputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InputException(String message) {
    super(message);
  }

  public InputException(String message, Throwable cause) {
    super(message, cause);
  }
}
