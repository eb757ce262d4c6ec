package io.podtopo.ports.out;

/** An {@link AllocationStore} could not load or save; the message says what and where. */
public class AllocationStoreException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public AllocationStoreException(String message) {
    super(message);
  }

  public AllocationStoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
