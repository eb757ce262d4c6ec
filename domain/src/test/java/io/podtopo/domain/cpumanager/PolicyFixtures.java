package io.podtopo.domain.cpumanager;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.pod.TestPods;
import java.util.Map;

/** Feature gates and pod builders for the static-policy tests (topologies: {@link UpstreamTopologies}). */
final class PolicyFixtures {

  static final FeatureGates POD_LEVEL_GATES = FeatureGates.of(Map.of(
      FeatureGates.POD_LEVEL_RESOURCES, true, FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true));

  private PolicyFixtures() {}

  /** A container with cpu request = limit {@code cpu} and memory request = limit {@code memory}. */
  static Container guaranteed(String name, String cpu, String memory) {
    return TestPods.pinned(name, cpu, memory);
  }

  /** A pod-level-eligible container: cpu n/n, memory 100Mi/100Mi. */
  static Container exclusive(String name, int cpus) {
    return guaranteed(name, Integer.toString(cpus), "100Mi");
  }

  /** A pod-shared-pool container: memory only. */
  static Container shared(String name) {
    return new Container.Builder().name(name)
        .putRequest(Resources.MEMORY, Quantity.parse("100Mi")).putLimit(Resources.MEMORY, Quantity.parse("100Mi"))
        .build();
  }

  static Container sidecar(Container container) {
    return TestPods.sidecar(container);
  }

  /** A Guaranteed pod-level pod with a budget of {@code cpus} CPUs and 300Mi of memory. */
  static Pod.Builder podLevelPod(String uid, int cpus) {
    Quantity cpu = Quantity.of(cpus);
    Quantity memory = Quantity.parse("300Mi");
    return new Pod.Builder().uid(uid)
        .putPodRequest(Resources.CPU, cpu).putPodLimit(Resources.CPU, cpu)
        .putPodRequest(Resources.MEMORY, memory).putPodLimit(Resources.MEMORY, memory);
  }

  /** A Guaranteed pod (no pod-level resources) with these app containers. */
  static Pod pod(String uid, Container... containers) {
    return new Pod.Builder().uid(uid).addContainers(containers).build();
  }
}
