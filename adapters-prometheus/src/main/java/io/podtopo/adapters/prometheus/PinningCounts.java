package io.podtopo.adapters.prometheus;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;

/**
 * The kubelet's {@code cpu_manager_pinning_*} and {@code memory_manager_pinning_*} increments of one
 * pod's admission, derived from its resource-manager increments as the kubelet's static policies count
 * them (upstream {@code pkg/kubelet/cm/cpumanager/policy_static.go} and
 * {@code pkg/kubelet/cm/memorymanager/policy_static.go}):
 *
 * <ul>
 *   <li>CPU, container path ({@code Allocate}): one request per container given exclusive CPUs,
 *       one request and one error per failed {@code Allocate}. Pod path ({@code AllocatePod}): one
 *       request per exclusive container of the pod, one error per failed {@code AllocatePod}.
 *   <li>Memory, container path: one request per container given exclusive memory, one request and
 *       one error per failed {@code Allocate}. Pod path: one request per pod, whatever its
 *       containers, one error per failed {@code AllocatePod}.
 * </ul>
 *
 * <p>Two counts of the kubelet cannot be derived: the requests of a container already in the state
 * (the kubelet counts them again; restored entries count nothing here) and the requests a failed
 * {@code AllocatePod} made before failing.
 */
final class PinningCounts {

  private PinningCounts() {}

  /** The CPU Manager's pinning requests of one pod's admission. */
  static long cpuRequests(ResourceManagerMetrics cpu) {
    return (long) cpu.nodeExclusiveAssignments() + cpu.nodeAllocationErrors() + cpu.podExclusiveAssignments();
  }

  /** The Memory Manager's pinning requests of one pod's admission. */
  static long memoryRequests(ResourceManagerMetrics memory) {
    boolean allocatedPod = memory.podAllocations() > 0 || memory.podAllocationErrors() > 0;
    return (long) memory.nodeExclusiveAssignments() + memory.nodeAllocationErrors() + (allocatedPod ? 1 : 0);
  }

  /** The pinning errors of either manager: one per failed {@code Allocate} or {@code AllocatePod}. */
  static long errors(ResourceManagerMetrics increments) {
    return (long) increments.nodeAllocationErrors() + increments.podAllocationErrors();
  }
}
