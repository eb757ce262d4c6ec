package io.podtopo.ports.out;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import java.util.Optional;

/**
 * Counters of a node's admissions and allocations, as the kubelet exports them.
 *
 * <ul>
 *   <li>admissions by {@code result} and, when rejected, by the kubelet's {@code reason}
 *       ({@code TopologyAffinityError}, {@code EmptyPodSharedPoolError}, ...);
 *   <li>the resource-manager counters of PLRM spec §12 by {@code resource_name}:
 *       {@code resource_manager_allocations_total} and {@code resource_manager_allocation_errors_total}
 *       by {@code source} ({@code node}, {@code pod}) and {@code resource_manager_container_assignments}
 *       by {@code assignment_type} ({@code node_exclusive}, {@code pod_exclusive}, {@code pod_shared}),
 *       given as the increments of one operation.
 * </ul>
 *
 * <p><b>Threading.</b> Implementations are thread-safe; counters only ever grow.
 *
 * <p><b>Errors.</b> Recording never fails the operation: an implementation swallows (and may log)
 * its own failures rather than throw.
 */
public interface MetricsRecorder {

  /** Counts one admission; {@code reason} is present iff the pod was rejected. */
  void recordAdmission(AdmissionResult result, Optional<String> reason);

  /** Adds one operation's increments of the resource-manager counters for {@code resource}. */
  void recordAllocations(ResourceName resource, ResourceManagerMetrics increments);
}
