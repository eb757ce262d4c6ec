package io.podtopo.adapters.prometheus;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import io.podtopo.ports.out.AdmissionResult;
import io.podtopo.ports.out.MetricsRecorder;
import io.podtopo.ports.out.ResourceName;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Duration;
import java.util.Optional;

/**
 * A {@link MetricsRecorder} that keeps the kubelet's resource-manager metrics, under their upstream
 * names, labels and buckets, in a {@link PrometheusRegistry}, so that a scrape of a podtopo node
 * reads like a scrape of a kubelet (docs/guide/metrics.md has the table and the upstream sources):
 *
 * <ul>
 *   <li>every admission: {@code kubelet_topology_manager_admission_requests_total} +1, when
 *       rejected {@code kubelet_topology_manager_admission_errors_total} +1, and its duration in
 *       whole milliseconds (truncated, as the kubelet observes it) into the histogram
 *       {@code kubelet_topology_manager_admission_duration_ms} (buckets 0.05 ms doubling to 819.2 ms);
 *   <li>every admitted pod's increments, per resource: {@code resource_manager_allocations_total}
 *       and {@code resource_manager_allocation_errors_total} by {@code resource_name} and
 *       {@code source}, {@code resource_manager_container_assignments} by {@code resource_name} and
 *       {@code assignment_type}, and the pinning counters derived from them ({@link PinningCounts}):
 *       {@code kubelet_cpu_manager_pinning_{requests,errors}_total} for cpu,
 *       {@code kubelet_memory_manager_pinning_{requests,errors}_total} for memory.
 * </ul>
 *
 * <p>The rejection reason is not exported: the kubelet has no metric by reason. The KEP-5526
 * counters carry no {@code kubelet_} prefix, as upstream; {@code resource_manager_container_assignments}
 * is exposed {@code untyped} to keep its upstream name ({@link UntypedCounter}). A labelled series
 * appears with its first increment, as upstream; the unlabelled counters and the histogram are
 * there from the start at zero.
 *
 * <p><b>Threading.</b> Thread-safe. <b>Errors.</b> Recording never throws: increments that are not
 * positive are skipped (a counter cannot take a negative one).
 */
public final class PrometheusMetricsRecorder implements MetricsRecorder {

  private static final String RESOURCE_NAME = "resource_name";

  private final Counter admissionRequests;
  private final Counter admissionErrors;
  private final Histogram admissionDuration;
  private final Counter allocations;
  private final Counter allocationErrors;
  private final UntypedCounter containerAssignments;
  private final Counter cpuPinningRequests;
  private final Counter cpuPinningErrors;
  private final Counter memoryPinningRequests;
  private final Counter memoryPinningErrors;

  /**
   * Registers the metrics in {@code registry}.
   *
   * @throws IllegalArgumentException when {@code registry} already holds a metric of one of these names
   */
  public PrometheusMetricsRecorder(PrometheusRegistry registry) {
    admissionRequests = counter(registry, "kubelet_topology_manager_admission_requests_total",
        "The number of pod admissions the Topology Manager served.");
    admissionErrors = counter(registry, "kubelet_topology_manager_admission_errors_total",
        "The number of pod admissions the Topology Manager rejected.");
    admissionDuration = Histogram.builder().name("kubelet_topology_manager_admission_duration_ms")
        .help("The time the Topology Manager took to admit or reject a pod, in whole milliseconds.")
        .classicOnly().classicExponentialUpperBounds(0.05, 2, 15).register(registry);
    allocations = Counter.builder().name("resource_manager_allocations_total")
        .help("The number of exclusive allocations made by a resource manager, by where they were drawn from.")
        .labelNames(RESOURCE_NAME, "source").register(registry);
    allocationErrors = Counter.builder().name("resource_manager_allocation_errors_total")
        .help("The number of exclusive allocations a resource manager failed, by where they were to be drawn from.")
        .labelNames(RESOURCE_NAME, "source").register(registry);
    containerAssignments = new UntypedCounter("resource_manager_container_assignments",
        "The number of containers given each type of resource assignment.", RESOURCE_NAME, "assignment_type");
    registry.register(containerAssignments);
    cpuPinningRequests = counter(registry, "kubelet_cpu_manager_pinning_requests_total",
        "The number of CPU allocations that required pinning.");
    cpuPinningErrors = counter(registry, "kubelet_cpu_manager_pinning_errors_total",
        "The number of CPU allocations that required pinning and failed.");
    memoryPinningRequests = counter(registry, "kubelet_memory_manager_pinning_requests_total",
        "The number of memory allocations that required pinning.");
    memoryPinningErrors = counter(registry, "kubelet_memory_manager_pinning_errors_total",
        "The number of memory allocations that required pinning and failed.");
  }

  @Override
  public void recordAdmission(AdmissionResult result, Optional<String> reason, Duration duration) {
    admissionRequests.inc();
    if (result == AdmissionResult.REJECTED) {
      admissionErrors.inc();
    }
    admissionDuration.observe(duration.toMillis());
  }

  @Override
  public void recordAllocations(ResourceName resource, ResourceManagerMetrics increments) {
    String name = resource.label();
    add(allocations, increments.nodeAllocations(), name, "node");
    add(allocations, increments.podAllocations(), name, "pod");
    add(allocationErrors, increments.nodeAllocationErrors(), name, "node");
    add(allocationErrors, increments.podAllocationErrors(), name, "pod");
    assign(increments.nodeExclusiveAssignments(), name, "node_exclusive");
    assign(increments.podExclusiveAssignments(), name, "pod_exclusive");
    assign(increments.podSharedAssignments(), name, "pod_shared");
    switch (resource) {
      case CPU -> {
        add(cpuPinningRequests, PinningCounts.cpuRequests(increments));
        add(cpuPinningErrors, PinningCounts.errors(increments));
      }
      case MEMORY -> {
        add(memoryPinningRequests, PinningCounts.memoryRequests(increments));
        add(memoryPinningErrors, PinningCounts.errors(increments));
      }
    }
  }

  private static Counter counter(PrometheusRegistry registry, String name, String help) {
    return Counter.builder().name(name).help(help).register(registry);
  }

  private static void add(Counter counter, long increment) {
    if (increment > 0) {
      counter.inc(increment);
    }
  }

  private static void add(Counter counter, long increment, String resourceName, String source) {
    if (increment > 0) {
      counter.labelValues(resourceName, source).inc(increment);
    }
  }

  private void assign(long increment, String resourceName, String assignmentType) {
    if (increment > 0) {
      containerAssignments.add(increment, resourceName, assignmentType);
    }
  }
}
