package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The CPU partition of one pod-level pod as the state shows it: the bubble, the exclusive slices of
 * the eligible long-running containers that still have entries, and the sets of the ineligible
 * long-running containers (the pod shared pool).
 */
record PodPartition(Pod pod, CpuSet bubble, Map<String, CpuSet> slices, Map<String, CpuSet> shared,
    boolean allSlicesPresent) {

  /** The partition of {@code pod}, if it is a pod-level pod with a bubble. */
  static Optional<PodPartition> of(ObservedNode snapshot, Pod pod) {
    CpuManagerState cpu = snapshot.state().cpu();
    Optional<CpuSet> bubble = cpu.podCpus(pod.uid());
    if (bubble.isEmpty() || !PodRules.podLevelCpu(snapshot.config(), pod)) {
      return Optional.empty();
    }
    Map<String, CpuSet> slices = new LinkedHashMap<>();
    Map<String, CpuSet> shared = new LinkedHashMap<>();
    boolean allPresent = true;
    for (Container container : PodRules.longRunning(pod)) {
      Optional<CpuSet> cpus = cpu.containerCpus(pod.uid(), container.name());
      boolean eligible = PodRules.cpuExclusive(snapshot.config(), pod, container);
      if (cpus.isPresent()) {
        (eligible ? slices : shared).put(container.name(), cpus.get());
      } else if (eligible) {
        allPresent = false;
      }
    }
    return Optional.of(new PodPartition(pod, bubble.get(), slices, shared, allPresent));
  }

  static List<PodPartition> all(ObservedNode snapshot) {
    return snapshot.activePods().stream().map(pod -> of(snapshot, pod)).flatMap(Optional::stream).toList();
  }

  CpuSet allSlices() {
    return StateViews.union(slices.values());
  }

  /** B − ∪X over the slices present: the pod shared pool when every slice is present. */
  CpuSet expectedPool() {
    return bubble.difference(allSlices());
  }
}
