package io.podtopo.adapters.prometheus;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.net.InetSocketAddress;

/**
 * One process's metrics: a registry of its own (not the client library's global one), the
 * recorders registered in it and the endpoint serving it, so a composition root wires metrics
 * without touching the client library.
 *
 * <pre>{@code
 * MetricsRegistry metrics = MetricsRegistry.create();
 * MetricsRecorder recorder = metrics.nodeMetrics();   // bind it to the node's MetricsRecorder port
 * try (MetricsEndpoint endpoint = metrics.serve(new InetSocketAddress("127.0.0.1", 9464))) { ... }
 * }</pre>
 *
 * <p>Thread-safe; each recorder is created once, on first use.
 */
public final class MetricsRegistry {

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private PrometheusMetricsRecorder nodeMetrics;
  private AuditMetrics auditMetrics;

  private MetricsRegistry() {}

  /** An empty registry. */
  public static MetricsRegistry create() {
    return new MetricsRegistry();
  }

  /** The kubelet's resource-manager metrics of a node, registered here. */
  public synchronized PrometheusMetricsRecorder nodeMetrics() {
    if (nodeMetrics == null) {
      nodeMetrics = new PrometheusMetricsRecorder(registry);
    }
    return nodeMetrics;
  }

  /** The metrics of a periodic PodResources audit, registered here. */
  public synchronized AuditMetrics auditMetrics() {
    if (auditMetrics == null) {
      auditMetrics = new AuditMetrics(registry);
    }
    return auditMetrics;
  }

  /**
   * Serves this registry at {@code http://ADDRESS/metrics} until the endpoint is closed.
   *
   * @throws MetricsEndpointException when the host is unresolved or the address cannot be bound
   */
  public MetricsEndpoint serve(InetSocketAddress address) {
    return MetricsEndpoint.start(address, registry);
  }
}
