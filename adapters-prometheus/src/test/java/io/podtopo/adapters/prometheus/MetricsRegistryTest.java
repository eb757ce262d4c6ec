package io.podtopo.adapters.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.ports.out.AdmissionResult;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A {@link MetricsRegistry} is one process's registry: its recorders are made once and its endpoint
 * serves both the node's and the audit's metrics; two registries share nothing (no global state).
 */
class MetricsRegistryTest {

  @Test
  void recordersAreMadeOnceAndOneEndpointServesThemAll() throws Exception {
    MetricsRegistry metrics = MetricsRegistry.create();
    assertThat(metrics.nodeMetrics()).isSameAs(metrics.nodeMetrics());
    assertThat(metrics.auditMetrics()).isSameAs(metrics.auditMetrics());
    metrics.nodeMetrics().recordAdmission(AdmissionResult.ADMITTED, Optional.empty(), Duration.ofMillis(2));
    metrics.auditMetrics().recordRun(Map.of("R1", 0), Instant.parse("2026-12-03T08:00:00Z"));

    try (MetricsEndpoint endpoint = metrics.serve(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
      String body = HttpClient.newHttpClient().send(HttpRequest.newBuilder(endpoint.uri()).GET().build(),
          HttpResponse.BodyHandlers.ofString()).body();

      assertThat(body.lines()).contains("kubelet_topology_manager_admission_requests_total 1.0",
          "podtopo_audit_runs_total 1.0");
    }
  }

  @Test
  void twoRegistriesShareNothing() throws Exception {
    MetricsRegistry first = MetricsRegistry.create();
    MetricsRegistry second = MetricsRegistry.create();
    first.nodeMetrics().recordAdmission(AdmissionResult.ADMITTED, Optional.empty(), Duration.ofMillis(2));
    second.nodeMetrics();

    try (MetricsEndpoint endpoint = second.serve(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
      String body = HttpClient.newHttpClient().send(HttpRequest.newBuilder(endpoint.uri()).GET().build(),
          HttpResponse.BodyHandlers.ofString()).body();

      assertThat(body.lines()).as("the first registry's admission is not in the second's scrape")
          .contains("kubelet_topology_manager_admission_requests_total 0.0");
    }
  }
}
