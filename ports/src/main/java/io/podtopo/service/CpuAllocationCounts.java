package io.podtopo.service;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.node.PodAssignment;

/**
 * The CPU resource-manager counter increments (PLRM spec §12) of one admission, read off the
 * container entries it wrote: a pod with a bubble went through {@code AllocatePod} (source
 * {@code pod}, +1 per container entry written, exclusive slices as {@code pod_exclusive}, pod shared
 * pool entries as {@code pod_shared}); otherwise each entry written is one exclusive container
 * allocation (source {@code node}, {@code node_exclusive}). Entries restored before the admission
 * were not written by it and count nothing.
 */
final class CpuAllocationCounts {

  private CpuAllocationCounts() {}

  static ResourceManagerMetrics of(NodeState before, Admission admission) {
    if (!admission.admitted()) {
      return ResourceManagerMetrics.none();
    }
    PodAssignment pod = admission.assignment().orElseThrow();
    CpuManagerState after = admission.state().cpu();
    boolean podPath = after.podCpus(pod.uid()).isPresent();
    int written = 0;
    int exclusive = 0;
    for (ContainerAssignment container : pod.containers()) {
      boolean wrote = after.containerCpus(pod.uid(), container.name()).isPresent()
          && before.cpu().containerCpus(pod.uid(), container.name()).isEmpty();
      if (wrote) {
        written++;
        exclusive += container.exclusive() ? 1 : 0;
      }
    }
    ResourceManagerMetrics.Builder counts = new ResourceManagerMetrics.Builder();
    if (podPath) {
      counts.podAllocations(written).podExclusiveAssignments(exclusive).podSharedAssignments(written - exclusive);
    } else {
      counts.nodeAllocations(written).nodeExclusiveAssignments(written);
    }
    return counts.build();
  }
}
