package io.podtopo.app.simulate;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.pod.Pod;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What became of one pod in a simulation: its last admission (assignment or rejection, with the
 * trace), and whether the pod, or some of its containers, were removed afterwards.
 *
 * @param pod the pod as admitted
 * @param admission its last admission
 * @param removed whether the whole pod was removed after that admission
 * @param removedContainers the containers removed one by one after that admission
 */
public record PodOutcome(Pod pod, Admission admission, boolean removed, SortedSet<String> removedContainers) {

  public PodOutcome {
    Objects.requireNonNull(pod, "pod");
    Objects.requireNonNull(admission, "admission");
    removedContainers = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(removedContainers));
  }

  static PodOutcome admitted(Pod pod, Admission admission) {
    return new PodOutcome(pod, admission, false, new TreeSet<>());
  }

  PodOutcome withoutPod() {
    return new PodOutcome(pod, admission, true, removedContainers);
  }

  PodOutcome withoutContainer(String container) {
    SortedSet<String> containers = new TreeSet<>(removedContainers);
    containers.add(container);
    return new PodOutcome(pod, admission, removed, containers);
  }

  /** Whether the container no longer runs: removed by itself or with its pod. */
  public boolean isRemoved(String container) {
    return removed || removedContainers.contains(container);
  }
}
