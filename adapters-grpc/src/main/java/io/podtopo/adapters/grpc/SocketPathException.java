package io.podtopo.adapters.grpc;

import java.nio.file.Path;

/** A {@link PodResourcesServer} cannot listen on its socket path; the message names the path and why. */
public final class SocketPathException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient Path socket;

  SocketPathException(Path socket, String reason) {
    super(socket + ": " + reason);
    this.socket = socket;
  }

  SocketPathException(Path socket, String reason, Throwable cause) {
    super(socket + ": " + reason + ": " + cause.getMessage(), cause);
    this.socket = socket;
  }

  /** The path that was refused. */
  public Path socket() {
    return socket;
  }
}
