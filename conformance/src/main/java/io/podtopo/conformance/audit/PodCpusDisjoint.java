package io.podtopo.conformance.audit;

import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code pod-cpus-disjoint} (invariant 11): a pod's pod-level {@code cpu_ids} (its bubble) share no
 * CPU with another pod's, nor with another pod's containers' {@code cpu_ids}.
 */
final class PodCpusDisjoint extends AnswerRule {

  PodCpusDisjoint() {
    super("pod-cpus-disjoint",
        "a pod's cpu_ids share no CPU with another pod's cpu_ids or its containers'");
  }

  @Override
  List<String> violations(AuditInput input) {
    List<PodResources> pods = input.pods().pods();
    List<CpuSet> held = pods.stream().map(PodCpusDisjoint::held).toList();
    List<String> violations = new ArrayList<>();
    for (int first = 0; first < pods.size(); first++) {
      for (int second = first + 1; second < pods.size(); second++) {
        CpuSet overlap = pods.get(first).cpuIds().intersection(held.get(second))
            .union(pods.get(second).cpuIds().intersection(held.get(first)));
        if (!overlap.isEmpty()) {
          violations.add("pods " + AuditWording.pod(pods.get(first)) + " and " + AuditWording.pod(pods.get(second))
              + " both hold CPUs " + overlap + ", inside pod-level cpu_ids");
        }
      }
    }
    return violations;
  }

  /** The pod's CPUs: its pod-level and its containers' {@code cpu_ids}. */
  private static CpuSet held(PodResources pod) {
    return pod.containers().stream().map(ContainerResources::cpuIds).reduce(pod.cpuIds(), CpuSet::union);
  }
}
