package io.podtopo.app.agent;

import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.topology.CpuSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What every PodResources answer of an agent must be whatever it is doing, checked by the process
 * tests on each answer (and on the view of each saved state):
 *
 * <ul>
 *   <li>no CPU is in two pods' allocations (a pod's CPUs: its pod-level {@code cpu_ids} and its
 *       containers' {@code cpu_ids});</li>
 *   <li>a pod with pod-level {@code cpu_ids} has its containers' {@code cpu_ids} inside them;</li>
 *   <li>every pod lists exactly the containers its manifest declares (never a half-admitted pod).</li>
 * </ul>
 */
final class PodResourcesConsistency {

  private PodResourcesConsistency() {}

  /**
   * The first problem of {@code view}, empty when it has none.
   *
   * @param reportedContainers every pod's name and the containers PodResources must list for it
   */
  static Optional<String> problem(PodResourcesView view, Map<String, List<String>> reportedContainers) {
    CpuSet taken = CpuSet.empty();
    for (PodResources pod : view.pods()) {
      List<String> expected = reportedContainers.get(pod.name());
      if (expected == null) {
        return Optional.of("pod " + pod.name() + " is not one of the test's pods");
      }
      List<String> listed = pod.containers().stream().map(ContainerResources::name).toList();
      if (!listed.equals(expected)) {
        return Optional.of("pod " + pod.name() + " lists containers " + listed + ", its manifest declares " + expected);
      }
      CpuSet cpus = pod.cpuIds();
      for (ContainerResources container : pod.containers()) {
        if (!pod.cpuIds().isEmpty() && !container.cpuIds().isSubsetOf(pod.cpuIds())) {
          return Optional.of("pod " + pod.name() + " container " + container.name() + " has CPUs " + container.cpuIds()
              + " outside its pod's " + pod.cpuIds());
        }
        cpus = cpus.union(container.cpuIds());
      }
      if (cpus.intersects(taken)) {
        return Optional.of("pod " + pod.name() + " has CPUs " + cpus.intersection(taken) + " another pod has too");
      }
      taken = taken.union(cpus);
    }
    return Optional.empty();
  }
}
