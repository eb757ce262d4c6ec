package io.podtopo.adapters.grpc;

import io.podtopo.ports.out.PodResourcesReadException;
import java.nio.file.Path;

/**
 * A {@link PodResourcesClient} call failed: nothing answers on the socket, the endpoint refused the
 * call, or it answered with something the domain cannot hold. The message names the socket, the
 * call and the reason.
 */
public final class PodResourcesClientException extends PodResourcesReadException {

  private static final long serialVersionUID = 1L;

  private final transient Path socket;

  PodResourcesClientException(Path socket, String message, Throwable cause) {
    super(message, cause);
    this.socket = socket;
  }

  /** The socket the call went to. */
  public Path socket() {
    return socket;
  }
}
