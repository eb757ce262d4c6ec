package io.podtopo.ports.out;

/**
 * A {@link PodResourcesReader} could not read the node's answer: nothing answers, the endpoint
 * refused the call, or it answered what the domain cannot hold. The message names the endpoint, the
 * call and the reason.
 */
public class PodResourcesReadException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public PodResourcesReadException(String message, Throwable cause) {
    super(message, cause);
  }
}
