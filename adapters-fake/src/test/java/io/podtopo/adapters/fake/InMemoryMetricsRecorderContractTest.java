package io.podtopo.adapters.fake;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import io.podtopo.ports.out.AdmissionResult;
import io.podtopo.ports.out.MetricsRecorder;
import io.podtopo.ports.out.MetricsRecorderContract;
import io.podtopo.ports.out.ResourceName;
import java.util.Locale;
import java.util.Map;

/** {@link InMemoryMetricsRecorder} keeps {@link MetricsRecorder}'s promises, read back from its counters by key. */
class InMemoryMetricsRecorderContractTest implements MetricsRecorderContract {

  private final InMemoryMetricsRecorder recorder = new InMemoryMetricsRecorder();

  @Override
  public MetricsRecorder newRecorder() {
    return recorder;
  }

  /** The admissions of {@code result}, whatever their reason. */
  @Override
  public long admissions(AdmissionResult result) {
    String key = "admissions{result=\"" + result.name().toLowerCase(Locale.ROOT) + "\"";
    return recorder.counters().entrySet().stream().filter(counter -> counter.getKey().startsWith(key))
        .mapToLong(Map.Entry::getValue).sum();
  }

  @Override
  public ResourceManagerMetrics counted(ResourceName resource) {
    String name = "{resource_name=\"" + resource.label() + "\",";
    String allocations = "resource_manager_allocations_total" + name + "source=";
    String errors = "resource_manager_allocation_errors_total" + name + "source=";
    String assignments = "resource_manager_container_assignments" + name + "assignment_type=";
    return new ResourceManagerMetrics.Builder()
        .nodeAllocations(counter(allocations + "\"node\"}"))
        .podAllocations(counter(allocations + "\"pod\"}"))
        .nodeAllocationErrors(counter(errors + "\"node\"}"))
        .podAllocationErrors(counter(errors + "\"pod\"}"))
        .nodeExclusiveAssignments(counter(assignments + "\"node_exclusive\"}"))
        .podExclusiveAssignments(counter(assignments + "\"pod_exclusive\"}"))
        .podSharedAssignments(counter(assignments + "\"pod_shared\"}"))
        .build();
  }

  private int counter(String key) {
    return Math.toIntExact(recorder.counter(key));
  }
}
