package io.podtopo.adapters.prometheus;

import static io.podtopo.adapters.prometheus.Scrapes.histogram;
import static io.podtopo.adapters.prometheus.Scrapes.seriesLabels;
import static io.podtopo.adapters.prometheus.Scrapes.text;
import static io.podtopo.adapters.prometheus.Scrapes.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import io.podtopo.ports.out.AdmissionResult;
import io.podtopo.ports.out.ResourceName;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBucket;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * {@link PrometheusMetricsRecorder} beyond {@link io.podtopo.ports.out.MetricsRecorder}'s promises
 * (which {@link PrometheusMetricsRecorderContractTest} runs): the kubelet's names, labels and buckets,
 * and when each metric moves (docs/guide/metrics.md, after upstream
 * {@code pkg/kubelet/metrics/metrics.go} and the Topology Manager's {@code Admit}).
 */
class PrometheusMetricsRecorderTest {

  private static final String REQUESTS = "kubelet_topology_manager_admission_requests_total";
  private static final String ERRORS = "kubelet_topology_manager_admission_errors_total";
  private static final String DURATION = "kubelet_topology_manager_admission_duration_ms";

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final PrometheusMetricsRecorder recorder = new PrometheusMetricsRecorder(registry);

  @Test
  void theDurationHistogramHasTheKubeletsBucketsAndObservesWholeMilliseconds() {
    recorder.recordAdmission(AdmissionResult.ADMITTED, Optional.empty(), Duration.ofNanos(300_000));
    recorder.recordAdmission(AdmissionResult.ADMITTED, Optional.empty(), Duration.ofNanos(7_900_000));
    recorder.recordAdmission(AdmissionResult.REJECTED, Optional.of("TopologyAffinityError"), Duration.ofMillis(120));

    HistogramDataPointSnapshot duration = histogram(registry, DURATION);
    assertThat(duration.getCount()).isEqualTo(3);
    assertThat(duration.getSum()).isEqualTo(0 + 7 + 120);
    assertThat(StreamSupport.stream(duration.getClassicBuckets().spliterator(), false)
        .map(ClassicHistogramBucket::getUpperBound))
        .containsExactly(0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 6.4, 12.8, 25.6, 51.2, 102.4, 204.8, 409.6, 819.2,
            Double.POSITIVE_INFINITY);
    assertThat(text(registry))
        .contains(DURATION + "_bucket{le=\"0.05\"} 1\n")
        .contains(DURATION + "_bucket{le=\"6.4\"} 1\n")
        .contains(DURATION + "_bucket{le=\"12.8\"} 2\n")
        .contains(DURATION + "_bucket{le=\"102.4\"} 2\n")
        .contains(DURATION + "_bucket{le=\"204.8\"} 3\n");
  }

  @Test
  void beforeAnyAdmissionTheUnlabelledMetricsAreExposedAtZeroAndNoLabelledSeriesExists() {
    String text = text(registry);

    assertThat(text).contains(REQUESTS + " 0.0\n", ERRORS + " 0.0\n", DURATION + "_count 0\n",
        "kubelet_cpu_manager_pinning_requests_total 0.0\n", "kubelet_cpu_manager_pinning_errors_total 0.0\n",
        "kubelet_memory_manager_pinning_requests_total 0.0\n", "kubelet_memory_manager_pinning_errors_total 0.0\n");
    assertThat(seriesLabels(registry, "resource_manager_allocations_total")).isEmpty();
    assertThat(seriesLabels(registry, "resource_manager_container_assignments")).isEmpty();
  }

  @Test
  void aHybridPodsIncrementsGoUnderTheKep5526NamesAndLabelsAndZeroIncrementsMakeNoSeries() {
    recorder.recordAllocations(ResourceName.CPU, new ResourceManagerMetrics.Builder()
        .podAllocations(2).podExclusiveAssignments(1).podSharedAssignments(1).build());
    recorder.recordAllocations(ResourceName.MEMORY, new ResourceManagerMetrics.Builder()
        .nodeAllocations(1).nodeExclusiveAssignments(1).build());

    assertThat(value(registry, "resource_manager_allocations_total", "resource_name", "cpu", "source", "pod")).isEqualTo(2);
    assertThat(value(registry, "resource_manager_allocations_total", "resource_name", "memory", "source", "node")).isEqualTo(1);
    assertThat(seriesLabels(registry, "resource_manager_allocations_total")).hasSize(2);
    assertThat(seriesLabels(registry, "resource_manager_allocation_errors_total")).isEmpty();
    assertThat(value(registry, "resource_manager_container_assignments",
        "resource_name", "cpu", "assignment_type", "pod_exclusive")).isEqualTo(1);
    assertThat(value(registry, "resource_manager_container_assignments",
        "resource_name", "cpu", "assignment_type", "pod_shared")).isEqualTo(1);
    assertThat(value(registry, "resource_manager_container_assignments",
        "resource_name", "memory", "assignment_type", "node_exclusive")).isEqualTo(1);
    assertThat(seriesLabels(registry, "resource_manager_container_assignments")).hasSize(3);
  }

  @Test
  void allocationErrorsAreCountedBySourceAndAsPinningErrorsOfTheirManager() {
    recorder.recordAllocations(ResourceName.CPU, new ResourceManagerMetrics.Builder().podAllocationErrors(1).build());
    recorder.recordAllocations(ResourceName.MEMORY, new ResourceManagerMetrics.Builder().nodeAllocationErrors(1).build());

    assertThat(value(registry, "resource_manager_allocation_errors_total", "resource_name", "cpu", "source", "pod"))
        .isEqualTo(1);
    assertThat(value(registry, "resource_manager_allocation_errors_total", "resource_name", "memory", "source", "node"))
        .isEqualTo(1);
    assertThat(value(registry, "kubelet_cpu_manager_pinning_errors_total")).isEqualTo(1);
    assertThat(value(registry, "kubelet_memory_manager_pinning_errors_total")).isEqualTo(1);
    assertThat(value(registry, "kubelet_cpu_manager_pinning_requests_total")).isZero();
    assertThat(value(registry, "kubelet_memory_manager_pinning_requests_total")).isEqualTo(1);
  }

  @Test
  void cpuPinningCountsExclusiveContainersAndMemoryPinningCountsAPodOnce() {
    ResourceManagerMetrics hybrid = new ResourceManagerMetrics.Builder()
        .podAllocations(3).podExclusiveAssignments(2).podSharedAssignments(1).build();
    recorder.recordAllocations(ResourceName.CPU, hybrid);
    recorder.recordAllocations(ResourceName.MEMORY, hybrid);

    assertThat(value(registry, "kubelet_cpu_manager_pinning_requests_total")).isEqualTo(2);
    assertThat(value(registry, "kubelet_memory_manager_pinning_requests_total")).isEqualTo(1);
  }

  @Test
  void theRecorderOwnsItsNamesInARegistry() {
    assertThatThrownBy(() -> new PrometheusMetricsRecorder(registry)).isInstanceOf(IllegalArgumentException.class);
  }
}
