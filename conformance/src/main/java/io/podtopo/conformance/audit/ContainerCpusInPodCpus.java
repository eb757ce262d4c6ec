package io.podtopo.conformance.audit;

import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code container-cpus-in-pod-cpus} (spec §9.2, invariant 29): where a pod reports pod-level
 * {@code cpu_ids} (its bubble), every container's {@code cpu_ids} lie inside them: an exclusive slice
 * is cut from the bubble.
 */
final class ContainerCpusInPodCpus extends AnswerRule {

  ContainerCpusInPodCpus() {
    super("container-cpus-in-pod-cpus",
        "a container's cpu_ids lie inside its pod's cpu_ids when the pod reports some");
  }

  @Override
  List<String> violations(AuditInput input) {
    List<String> violations = new ArrayList<>();
    for (PodResources pod : input.pods().pods()) {
      if (pod.cpuIds().isEmpty()) {
        continue;
      }
      for (ContainerResources container : pod.containers()) {
        CpuSet outside = container.cpuIds().difference(pod.cpuIds());
        if (!outside.isEmpty()) {
          violations.add(AuditWording.container(pod, container) + ": cpu_ids " + container.cpuIds() + " are not inside the pod's "
              + pod.cpuIds() + " (" + outside + " outside)");
        }
      }
    }
    return violations;
  }
}
