package io.podtopo.domain.cpumanager;

import org.immutables.value.Value;

/**
 * Increments of the upstream resource-manager counters for {@code resource_name="cpu"} caused by one
 * operation (PLRM spec 12): {@code resource_manager_allocations_total} and
 * {@code resource_manager_allocation_errors_total} by {@code source} (node: container path, pod:
 * {@code AllocatePod}), and {@code resource_manager_container_assignments} by {@code assignment_type}
 * (node_exclusive, pod_exclusive, pod_shared). A recorder adds them to its counters.
 */
@Value.Immutable
public abstract class ResourceManagerMetrics {

  private static final ResourceManagerMetrics NONE = new Builder().build();

  @Value.Default
  public int nodeAllocations() {
    return 0;
  }

  @Value.Default
  public int podAllocations() {
    return 0;
  }

  @Value.Default
  public int nodeAllocationErrors() {
    return 0;
  }

  @Value.Default
  public int podAllocationErrors() {
    return 0;
  }

  /** {@code assignment_type="node_exclusive"}. */
  @Value.Default
  public int nodeExclusiveAssignments() {
    return 0;
  }

  /** {@code assignment_type="pod_exclusive"} (upstream label {@code ResourceManagerExclusivePod}). */
  @Value.Default
  public int podExclusiveAssignments() {
    return 0;
  }

  /** {@code assignment_type="pod_shared"} (upstream label {@code ResourceManagerSharedPod}). */
  @Value.Default
  public int podSharedAssignments() {
    return 0;
  }

  /** No increment. */
  public static ResourceManagerMetrics none() {
    return NONE;
  }

  /** Builder: {@code new ResourceManagerMetrics.Builder().podAllocations(2).build()}. */
  public static class Builder extends ImmutableResourceManagerMetrics.Builder {}
}
