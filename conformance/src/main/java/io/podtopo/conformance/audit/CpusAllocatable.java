package io.podtopo.conformance.audit;

import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code cpus-allocatable} (invariant 12): every CPU a pod or container reports is one the CPU
 * Manager may give out, listed by {@code GetAllocatableResources} (never a reserved CPU).
 */
final class CpusAllocatable extends AnswerRule {

  CpusAllocatable() {
    super("cpus-allocatable",
        "every reported CPU is in the allocatable cpu_ids");
  }

  @Override
  List<String> violations(AuditInput input) {
    CpuSet allocatable = input.allocatable().cpuIds();
    List<String> violations = new ArrayList<>();
    for (PodResources pod : input.pods().pods()) {
      CpuSet outside = pod.cpuIds().difference(allocatable);
      if (!outside.isEmpty()) {
        violations.add("pod " + AuditWording.pod(pod) + ": cpu_ids " + outside + " are not allocatable");
      }
      for (ContainerResources container : pod.containers()) {
        CpuSet containerOutside = container.cpuIds().difference(allocatable);
        if (!containerOutside.isEmpty()) {
          violations.add(AuditWording.container(pod, container) + ": cpu_ids " + containerOutside + " are not allocatable");
        }
      }
    }
    return violations;
  }
}
