package io.podtopo.ports.out;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import java.time.Duration;
import java.util.Optional;

/**
 * Counters of a node's admissions and allocations, as the kubelet exports them.
 *
 * <ul>
 *   <li>admissions by {@code result} and, when rejected, by the kubelet's {@code reason}
 *       ({@code TopologyAffinityError}, {@code EmptyPodSharedPoolError}, ...), each with the time
 *       the admission decision took (the kubelet's Topology Manager admission duration);
 *   <li>the resource-manager counters of PLRM spec §12 by {@code resource_name}:
 *       {@code resource_manager_allocations_total} and {@code resource_manager_allocation_errors_total}
 *       by {@code source} ({@code node}, {@code pod}) and {@code resource_manager_container_assignments}
 *       by {@code assignment_type} ({@code node_exclusive}, {@code pod_exclusive}, {@code pod_shared}),
 *       given as the increments of one operation.
 * </ul>
 *
 * <p><b>Promises.</b> Every admission is counted under its result, and every increment is added to
 * its resource's counter of its label. The reason and the duration are given for an export that has
 * room for them: an implementation may leave either out.
 *
 * <p><b>Threading.</b> Implementations are thread-safe; counters only ever grow (an increment below
 * zero changes nothing).
 *
 * <p><b>Errors.</b> Recording never fails the operation: an implementation swallows (and may log)
 * its own failures rather than throw.
 */
public interface MetricsRecorder {

  /**
   * Counts one admission; {@code reason} is present iff the pod was rejected. {@code duration} is
   * the wall-clock time the admission decision took, never negative.
   */
  void recordAdmission(AdmissionResult result, Optional<String> reason, Duration duration);

  /** Adds one operation's increments of the resource-manager counters for {@code resource}. */
  void recordAllocations(ResourceName resource, ResourceManagerMetrics increments);
}
