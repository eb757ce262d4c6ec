package io.podtopo.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.adapters.prometheus.PrometheusMetricsRecorder;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.service.NodeResourceManagerService;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import org.junit.jupiter.api.Test;

/**
 * A real {@link NodeResourceManagerService} recording into {@link PrometheusMetricsRecorder}: its
 * admissions move the kubelet's Topology Manager counters and duration histogram, and an admitted
 * pod-level pod the KEP-5526 counters (docs/guide/metrics.md; library guide, node service
 * guarantee 5).
 */
class PrometheusNodeMetricsTest {

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final NodeResourceManagerService node = new NodeResourceManagerService(NodeComponentTest.CONFIG,
      CatalogMachineSource.of(MachineCatalog.DEFAULT_MACHINE), new InMemoryAllocationStore(),
      new RecordingCpusetWriter(), new PrometheusMetricsRecorder(registry));

  @Test
  void admissionsMoveTheTopologyManagerRequestsErrorsAndDurationHistogram() {
    assertThat(node.admit(pod("web", "4", "2")).admitted()).isTrue();
    assertThat(node.admit(pod("huge", "4000", "2")).admitted()).isFalse();

    assertThat(counter("kubelet_topology_manager_admission_requests_total", Labels.EMPTY)).isEqualTo(2);
    assertThat(counter("kubelet_topology_manager_admission_errors_total", Labels.EMPTY)).isEqualTo(1);
    HistogramSnapshot duration = (HistogramSnapshot) metric("kubelet_topology_manager_admission_duration_ms");
    assertThat(duration.getDataPoints().get(0).getCount()).isEqualTo(2);
  }

  @Test
  void anAdmittedPodLevelPodMovesTheResourceManagerAndCpuPinningCounters() {
    node.admit(pod("web", "4", "2"));

    assertThat(counter("resource_manager_allocations_total", Labels.of("resource_name", "cpu", "source", "pod")))
        .isEqualTo(2);
    assertThat(counter("kubelet_cpu_manager_pinning_requests_total", Labels.EMPTY)).isEqualTo(1);
  }

  /** A pod-level pod of {@code cpus} CPUs and 1Gi: an exclusive {@code app} of {@code appCpus} and a shared sidecar. */
  private static Pod pod(String uid, String cpus, String appCpus) {
    return new Pod.Builder().uid(uid).name(uid)
        .putPodRequest("cpu", Quantity.parse(cpus)).putPodLimit("cpu", Quantity.parse(cpus))
        .putPodRequest("memory", Quantity.parse("1Gi")).putPodLimit("memory", Quantity.parse("1Gi"))
        .addContainer(new Container.Builder().name("app")
            .putRequest("cpu", Quantity.parse(appCpus)).putLimit("cpu", Quantity.parse(appCpus))
            .putRequest("memory", Quantity.parse("512Mi")).putLimit("memory", Quantity.parse("512Mi")).build())
        .addContainer(Container.named("sidecar-log"))
        .build();
  }

  /** The metric registered as {@code name} (a counter's name with its {@code _total}). */
  private MetricSnapshot metric(String name) {
    return registry.scrape().stream().filter(metric -> metric.getMetadata().getOriginalName().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no metric " + name));
  }

  private double counter(String name, Labels labels) {
    return ((CounterSnapshot) metric(name)).getDataPoints().stream().filter(point -> point.getLabels().equals(labels))
        .mapToDouble(CounterDataPointSnapshot::getValue).findFirst().orElse(0);
  }
}
