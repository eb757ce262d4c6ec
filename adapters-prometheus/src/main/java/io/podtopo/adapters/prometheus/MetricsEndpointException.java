package io.podtopo.adapters.prometheus;

import java.net.InetSocketAddress;

/**
 * A {@link MetricsEndpoint} cannot listen on its address: the host does not resolve, or the port is
 * taken or not ours to bind. The message is one line naming the address and why.
 */
public final class MetricsEndpointException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient InetSocketAddress address;

  MetricsEndpointException(InetSocketAddress address, String reason) {
    super("cannot serve metrics on " + MetricsEndpoint.hostAndPort(address) + ": " + reason);
    this.address = address;
  }

  MetricsEndpointException(InetSocketAddress address, String reason, Throwable cause) {
    super("cannot serve metrics on " + MetricsEndpoint.hostAndPort(address) + ": " + reason, cause);
    this.address = address;
  }

  /** The address that was refused, as given. */
  public InetSocketAddress address() {
    return address;
  }
}
