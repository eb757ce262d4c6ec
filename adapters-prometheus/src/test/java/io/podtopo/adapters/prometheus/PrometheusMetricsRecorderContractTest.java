package io.podtopo.adapters.prometheus;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import io.podtopo.ports.out.AdmissionResult;
import io.podtopo.ports.out.MetricsRecorder;
import io.podtopo.ports.out.MetricsRecorderContract;
import io.podtopo.ports.out.ResourceName;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * {@link PrometheusMetricsRecorder} keeps {@link MetricsRecorder}'s promises, read back from a scrape
 * of its registry: the kubelet counts admission requests and, of them, errors (the rejected ones).
 */
class PrometheusMetricsRecorderContractTest implements MetricsRecorderContract {

  private final PrometheusRegistry registry = new PrometheusRegistry();

  @Override
  public MetricsRecorder newRecorder() {
    return new PrometheusMetricsRecorder(registry);
  }

  @Override
  public long admissions(AdmissionResult result) {
    double rejected = Scrapes.value(registry, "kubelet_topology_manager_admission_errors_total");
    return (long) switch (result) {
      case ADMITTED -> Scrapes.value(registry, "kubelet_topology_manager_admission_requests_total") - rejected;
      case REJECTED -> rejected;
    };
  }

  @Override
  public ResourceManagerMetrics counted(ResourceName resource) {
    String name = resource.label();
    return new ResourceManagerMetrics.Builder()
        .nodeAllocations(series("resource_manager_allocations_total", name, "source", "node"))
        .podAllocations(series("resource_manager_allocations_total", name, "source", "pod"))
        .nodeAllocationErrors(series("resource_manager_allocation_errors_total", name, "source", "node"))
        .podAllocationErrors(series("resource_manager_allocation_errors_total", name, "source", "pod"))
        .nodeExclusiveAssignments(series("resource_manager_container_assignments", name, "assignment_type",
            "node_exclusive"))
        .podExclusiveAssignments(series("resource_manager_container_assignments", name, "assignment_type",
            "pod_exclusive"))
        .podSharedAssignments(series("resource_manager_container_assignments", name, "assignment_type", "pod_shared"))
        .build();
  }

  private int series(String metric, String resourceName, String label, String value) {
    return (int) Scrapes.value(registry, metric, "resource_name", resourceName, label, value);
  }
}
