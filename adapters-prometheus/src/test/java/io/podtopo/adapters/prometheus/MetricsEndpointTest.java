package io.podtopo.adapters.prometheus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import io.podtopo.ports.out.AdmissionResult;
import io.podtopo.ports.out.ResourceName;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link MetricsEndpoint} over real HTTP on the loopback address: a scrape of {@code /metrics}
 * reads the kubelet's exact names and labels; a bad address is refused with one line naming it;
 * closing frees the port.
 */
class MetricsEndpointTest {

  private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

  @Test
  void aScrapeReadsTheKubeletsNamesAndLabelsInTheTextFormat() throws Exception {
    PrometheusMetricsRecorder recorder = new PrometheusMetricsRecorder(registry);
    recorder.recordAdmission(AdmissionResult.ADMITTED, Optional.empty(), Duration.ofMillis(1));
    recorder.recordAdmission(AdmissionResult.REJECTED, Optional.of("TopologyAffinityError"), Duration.ofMillis(30));
    recorder.recordAllocations(ResourceName.CPU, new ResourceManagerMetrics.Builder()
        .podAllocations(2).podExclusiveAssignments(1).podSharedAssignments(1).build());
    recorder.recordAllocations(ResourceName.MEMORY, new ResourceManagerMetrics.Builder()
        .nodeAllocations(1).nodeExclusiveAssignments(1).build());

    try (MetricsEndpoint endpoint = MetricsEndpoint.start(new InetSocketAddress(LOOPBACK, 0), registry)) {
      HttpResponse<String> scrape = get(endpoint);

      assertThat(scrape.statusCode()).isEqualTo(200);
      assertThat(scrape.headers().firstValue("Content-Type")).contains("text/plain; version=0.0.4; charset=utf-8");
      assertThat(scrape.body().lines()).contains(
          "# TYPE kubelet_topology_manager_admission_requests_total counter",
          "kubelet_topology_manager_admission_requests_total 2.0",
          "kubelet_topology_manager_admission_errors_total 1.0",
          "# TYPE kubelet_topology_manager_admission_duration_ms histogram",
          "kubelet_topology_manager_admission_duration_ms_bucket{le=\"0.05\"} 0",
          "kubelet_topology_manager_admission_duration_ms_bucket{le=\"1.6\"} 1",
          "kubelet_topology_manager_admission_duration_ms_bucket{le=\"51.2\"} 2",
          "kubelet_topology_manager_admission_duration_ms_bucket{le=\"819.2\"} 2",
          "kubelet_topology_manager_admission_duration_ms_count 2",
          "kubelet_topology_manager_admission_duration_ms_sum 31.0",
          "resource_manager_allocations_total{resource_name=\"cpu\",source=\"pod\"} 2.0",
          "resource_manager_allocations_total{resource_name=\"memory\",source=\"node\"} 1.0",
          "resource_manager_container_assignments{assignment_type=\"pod_exclusive\",resource_name=\"cpu\"} 1.0",
          "resource_manager_container_assignments{assignment_type=\"pod_shared\",resource_name=\"cpu\"} 1.0",
          "resource_manager_container_assignments{assignment_type=\"node_exclusive\",resource_name=\"memory\"} 1.0",
          "kubelet_cpu_manager_pinning_requests_total 1.0",
          "kubelet_cpu_manager_pinning_errors_total 0.0",
          "kubelet_memory_manager_pinning_requests_total 1.0",
          "kubelet_memory_manager_pinning_errors_total 0.0");
      assertThat(scrape.body()).doesNotContain("resource_manager_container_assignments_total", "kubelet_resource_manager");
    }
  }

  @Test
  void theAuditMetricsAreServedToo() throws Exception {
    new AuditMetrics(registry).recordRun(Map.of("I-3", 2), Instant.ofEpochSecond(1_796_292_000L));

    try (MetricsEndpoint endpoint = MetricsEndpoint.start(new InetSocketAddress(LOOPBACK, 0), registry)) {
      assertThat(get(endpoint).body().lines()).contains(
          "podtopo_audit_runs_total 1.0",
          "podtopo_audit_failures_total 0.0",
          "podtopo_audit_violations{rule=\"I-3\"} 2.0",
          "podtopo_audit_last_run_timestamp_seconds 1.796292E9",
          "podtopo_audit_clean 0.0");
    }
  }

  @Test
  void portZeroBindsAFreePortThatTheEndpointTells() {
    try (MetricsEndpoint endpoint = MetricsEndpoint.start(new InetSocketAddress(LOOPBACK, 0), registry)) {
      assertThat(endpoint.address().getPort()).isPositive();
      assertThat(endpoint.address().getAddress()).isEqualTo(LOOPBACK);
      assertThat(endpoint.uri()).hasToString("http://127.0.0.1:" + endpoint.address().getPort() + "/metrics");
    }
  }

  @Test
  void aPortInUseIsRefusedWithOneLineNamingTheAddress() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, LOOPBACK)) {
      InetSocketAddress address = new InetSocketAddress(LOOPBACK, taken.getLocalPort());

      assertThatThrownBy(() -> MetricsEndpoint.start(address, registry)).isInstanceOf(MetricsEndpointException.class)
          .hasMessage("cannot serve metrics on 127.0.0.1:" + taken.getLocalPort() + ": Address already in use")
          .satisfies(e -> assertThat(((MetricsEndpointException) e).address()).isEqualTo(address));
    }
  }

  @Test
  void anUnresolvedHostIsRefusedWithOneLineNamingIt() {
    InetSocketAddress address = InetSocketAddress.createUnresolved("no-such-host.invalid", 9100);

    assertThatThrownBy(() -> MetricsEndpoint.start(address, registry)).isInstanceOf(MetricsEndpointException.class)
        .hasMessage("cannot serve metrics on no-such-host.invalid:9100: unknown host no-such-host.invalid");
  }

  @Test
  void closingStopsServingAndFreesThePortAndCanBeRepeated() throws Exception {
    MetricsEndpoint endpoint = MetricsEndpoint.start(new InetSocketAddress(LOOPBACK, 0), registry);
    InetSocketAddress bound = endpoint.address();
    assertThat(get(endpoint).statusCode()).isEqualTo(200);

    endpoint.close();
    endpoint.close();

    assertThatThrownBy(() -> get(endpoint)).isInstanceOf(ConnectException.class);
    try (MetricsEndpoint again = MetricsEndpoint.start(bound, registry)) {
      assertThat(again.address()).isEqualTo(bound);
      assertThat(get(again).statusCode()).isEqualTo(200);
    }
  }

  private HttpResponse<String> get(MetricsEndpoint endpoint) throws IOException, InterruptedException {
    return http.send(HttpRequest.newBuilder(endpoint.uri()).timeout(TIMEOUT).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
