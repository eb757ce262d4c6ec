package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * §15.1: in pod scope every container's CPU set lies inside the pod's bubble. A pod-level pod with
 * CPU entries but no bubble breaks it too.
 */
public final class Invariant01ContainerCpusWithinBubble extends NumberedInvariant implements SnapshotInvariant {

  public Invariant01ContainerCpusWithinBubble() {
    super(1, "For any pod in pod scope, every container's assigned CPU set ⊆ B(p)");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    CpuManagerState cpu = snapshot.state().cpu();
    for (Map.Entry<String, java.util.SortedMap<String, CpuSet>> pod : cpu.entries().entrySet()) {
      Optional<CpuSet> bubble = cpu.podCpus(pod.getKey());
      Optional<Pod> active = snapshot.pod(pod.getKey());
      boolean podLevel = active.isPresent() && PodRules.podLevelCpu(snapshot.config(), active.get());
      if (bubble.isEmpty()) {
        if (podLevel) {
          violations.add(Violation.ofPod(number(), pod.getKey(),
              "pod-level pod has CPU entries " + pod.getValue() + " but no bubble"));
        }
        continue;
      }
      pod.getValue().forEach((container, cpus) -> {
        if (!cpus.isSubsetOf(bubble.get())) {
          violations.add(Violation.ofContainer(number(), pod.getKey(), container, "CPUs \"" + cpus
              + "\" are not inside the bubble \"" + bubble.get() + "\" (outside: \"" + cpus.difference(bubble.get()) + "\")"));
        }
      });
    }
    return violations;
  }
}
