package io.podtopo.adapters.prometheus;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Objects;

/**
 * Serves one {@link PrometheusRegistry} over HTTP at {@code /metrics} (Prometheus text format,
 * OpenMetrics or protobuf as the scraper asks), on one address, until closed.
 *
 * <pre>{@code
 * PrometheusRegistry registry = new PrometheusRegistry();
 * MetricsRecorder metrics = new PrometheusMetricsRecorder(registry);
 * try (MetricsEndpoint endpoint = MetricsEndpoint.start(new InetSocketAddress("127.0.0.1", 9100), registry)) {
 *   ... // scrape endpoint.uri()
 * }
 * }</pre>
 *
 * <p>Port 0 binds a free port; {@link #address} tells which. {@link #start} refuses with a
 * {@link MetricsEndpointException} an address whose host did not resolve or that cannot be bound
 * (port in use, address not on this machine). {@link #close} stops accepting, ends the server's
 * threads and frees the port; it may be called more than once.
 */
public final class MetricsEndpoint implements AutoCloseable {

  private final HTTPServer server;
  private final InetSocketAddress address;
  private boolean closed;

  private MetricsEndpoint(HTTPServer server, InetSocketAddress address) {
    this.server = server;
    this.address = address;
  }

  /**
   * Starts serving {@code registry} on {@code address}.
   *
   * @throws MetricsEndpointException when the host is unresolved or the address cannot be bound
   */
  public static MetricsEndpoint start(InetSocketAddress address, PrometheusRegistry registry) {
    if (address.isUnresolved()) {
      throw new MetricsEndpointException(address, "unknown host " + address.getHostString());
    }
    try {
      HTTPServer server = HTTPServer.builder().inetAddress(address.getAddress()).port(address.getPort())
          .registry(registry).buildAndStart();
      return new MetricsEndpoint(server, new InetSocketAddress(address.getAddress(), server.getPort()));
    } catch (IOException e) {
      throw new MetricsEndpointException(address, Objects.requireNonNullElse(e.getMessage(), e.toString()), e);
    }
  }

  /** The bound address: the given one, with the port chosen when it was 0. */
  public InetSocketAddress address() {
    return address;
  }

  /** {@code http://HOST:PORT/metrics} of the bound address. */
  public URI uri() {
    return URI.create("http://" + hostAndPort(address) + "/metrics");
  }

  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      server.close();
    }
  }

  /** {@code host:port}, an IPv6 host in brackets; the host as given when it did not resolve. */
  static String hostAndPort(InetSocketAddress address) {
    String host = address.isUnresolved() ? address.getHostString() : address.getAddress().getHostAddress();
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
  }
}
