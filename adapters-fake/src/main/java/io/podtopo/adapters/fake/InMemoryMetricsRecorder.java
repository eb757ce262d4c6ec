package io.podtopo.adapters.fake;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import io.podtopo.ports.out.AdmissionResult;
import io.podtopo.ports.out.MetricsRecorder;
import io.podtopo.ports.out.ResourceName;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A {@link MetricsRecorder} keeping its counters in memory under Prometheus-style keys, e.g.
 * {@code admissions{result="rejected",reason="TopologyAffinityError"}} or
 * {@code resource_manager_container_assignments{resource_name="cpu",assignment_type="pod_shared"}}.
 * Thread-safe; zero counters are not listed, increments below zero are not added.
 *
 * <p>Admission durations are not kept: they differ from run to run, and tests compare these
 * counters whole. {@code adapters-prometheus} exports them as the kubelet's histogram.
 */
public final class InMemoryMetricsRecorder implements MetricsRecorder {

  private final SortedMap<String, Long> counters = new TreeMap<>();

  @Override
  public synchronized void recordAdmission(AdmissionResult result, Optional<String> reason, Duration duration) {
    String labels = "result=\"" + result.name().toLowerCase(Locale.ROOT) + "\""
        + reason.map(r -> ",reason=\"" + r + "\"").orElse("");
    add("admissions{" + labels + "}", 1);
  }

  @Override
  public synchronized void recordAllocations(ResourceName resource, ResourceManagerMetrics increments) {
    String name = "resource_name=\"" + resource.label() + "\"";
    add("resource_manager_allocations_total{" + name + ",source=\"node\"}", increments.nodeAllocations());
    add("resource_manager_allocations_total{" + name + ",source=\"pod\"}", increments.podAllocations());
    add("resource_manager_allocation_errors_total{" + name + ",source=\"node\"}", increments.nodeAllocationErrors());
    add("resource_manager_allocation_errors_total{" + name + ",source=\"pod\"}", increments.podAllocationErrors());
    String assignments = "resource_manager_container_assignments{" + name + ",assignment_type=";
    add(assignments + "\"node_exclusive\"}", increments.nodeExclusiveAssignments());
    add(assignments + "\"pod_exclusive\"}", increments.podExclusiveAssignments());
    add(assignments + "\"pod_shared\"}", increments.podSharedAssignments());
  }

  /** Every non-zero counter by key, sorted. */
  public synchronized SortedMap<String, Long> counters() {
    return new TreeMap<>(counters);
  }

  /** One counter; 0 when never incremented. */
  public synchronized long counter(String key) {
    return counters.getOrDefault(key, 0L);
  }

  /** Adds a positive increment; a counter never shrinks. */
  private void add(String key, long increment) {
    if (increment > 0) {
      counters.merge(key, increment, Long::sum);
    }
  }

  /** The counters, one {@code key value} per line. */
  @Override
  public synchronized String toString() {
    StringBuilder text = new StringBuilder();
    for (Map.Entry<String, Long> counter : counters.entrySet()) {
      text.append(counter.getKey()).append(' ').append(counter.getValue()).append('\n');
    }
    return text.toString();
  }
}
