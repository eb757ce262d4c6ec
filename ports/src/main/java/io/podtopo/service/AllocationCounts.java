package io.podtopo.service;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.node.PodAssignment;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * The resource-manager counter increments (PLRM spec §12) of one admission, per resource, read off
 * the container entries it wrote. A pod with a pod entry (bubble, pod memory) went through
 * {@code AllocatePod}: source {@code pod}, +1 per container entry written, exclusive ones as
 * {@code pod_exclusive}, pod shared pool ones as {@code pod_shared}. Otherwise each entry written is
 * one exclusive container allocation: source {@code node}, {@code node_exclusive}. Entries restored
 * before the admission were not written by it and count nothing; containers given no entry
 * (ineligible in container scope) count nothing either.
 *
 * <p>CPU exclusivity is the container's isolation level {@code container}; memory exclusivity in
 * {@code AllocatePod} is the container being equivalent-Guaranteed (spec §4.3).
 */
final class AllocationCounts {

  private AllocationCounts() {}

  static ResourceManagerMetrics cpu(NodeState before, Admission admission) {
    NodeState after = admission.state();
    return count(admission,
        uid -> after.cpu().podCpus(uid).isPresent(),
        (uid, name) -> after.cpu().containerCpus(uid, name).isPresent()
            && before.cpu().containerCpus(uid, name).isEmpty(),
        (pod, container) -> container.exclusive());
  }

  static ResourceManagerMetrics memory(NodeState before, Admission admission, Pod pod) {
    NodeState after = admission.state();
    return count(admission,
        uid -> after.memory().podBlocks(uid).isPresent(),
        (uid, name) -> after.memory().containerBlocks(uid, name).isPresent()
            && before.memory().containerBlocks(uid, name).isEmpty(),
        (assigned, container) -> pod.container(container.name()).map(Container::isEquivalentGuaranteed).orElse(false));
  }

  private static ResourceManagerMetrics count(Admission admission, Predicate<String> podPath,
      BiPredicate<String, String> wrote, BiPredicate<PodAssignment, ContainerAssignment> exclusive) {
    if (!admission.admitted()) {
      return ResourceManagerMetrics.none();
    }
    PodAssignment pod = admission.assignment().orElseThrow();
    int written = 0;
    int exclusiveWritten = 0;
    for (ContainerAssignment container : pod.containers()) {
      if (wrote.test(pod.uid(), container.name())) {
        written++;
        exclusiveWritten += exclusive.test(pod, container) ? 1 : 0;
      }
    }
    ResourceManagerMetrics.Builder counts = new ResourceManagerMetrics.Builder();
    if (podPath.test(pod.uid())) {
      counts.podAllocations(written).podExclusiveAssignments(exclusiveWritten)
          .podSharedAssignments(written - exclusiveWritten);
    } else {
      counts.nodeAllocations(written).nodeExclusiveAssignments(written);
    }
    return counts.build();
  }
}
