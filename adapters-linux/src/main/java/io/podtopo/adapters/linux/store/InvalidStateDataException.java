package io.podtopo.adapters.linux.store;

/**
 * The {@code data} of a state file passed its checksum but does not describe a snapshot: a member is
 * missing, has the wrong type or an invalid value. The message starts with the JSON pointer.
 */
final class InvalidStateDataException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  InvalidStateDataException(String pointer, String message) {
    super("invalid data at " + pointer + ": " + message);
  }
}
