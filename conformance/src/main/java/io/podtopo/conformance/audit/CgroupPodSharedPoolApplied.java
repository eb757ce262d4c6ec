package io.podtopo.conformance.audit;

import io.podtopo.domain.node.AppliedCpuset;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code cgroup-pod-shared-pool-applied} (spec §10): a pod's shared containers run on the pod shared
 * pool, so where a pod reports pod-level {@code cpu_ids} and has containers without
 * {@code cpu_ids}, the derived pool (pod {@code cpu_ids} minus its containers') is the cpuset of
 * some leaf cgroup.
 */
final class CgroupPodSharedPoolApplied extends CgroupRule {

  CgroupPodSharedPoolApplied() {
    super("cgroup-pod-shared-pool-applied",
        "a pod's derived shared pool is the cpuset of some leaf cgroup when it has shared containers");
  }

  @Override
  List<String> violations(AuditInput input, List<AppliedCpuset> leaves) {
    List<String> violations = new ArrayList<>();
    for (PodResources pod : input.pods().pods()) {
      CpuSet pool = pod.sharedPoolCpus();
      List<String> shared = pod.containers().stream().filter(container -> container.cpuIds().isEmpty())
          .map(ContainerResources::name).toList();
      if (!pool.isEmpty() && !shared.isEmpty() && leaves.stream().noneMatch(leaf -> leaf.cpus().equals(pool))) {
        violations.add("pod " + AuditWording.pod(pod) + ": no leaf cgroup has its shared pool " + pool + " as cpuset, where "
            + String.join(", ", shared) + " should run");
      }
    }
    return violations;
  }
}
