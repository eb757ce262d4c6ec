package io.podtopo.conformance.audit;

import io.podtopo.domain.node.AppliedCpuset;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code cgroup-exclusive-cpus-applied} (spec §10): a container's exclusive CPUs are its cgroup's
 * {@code cpuset.cpus}, so every {@code cpu_ids} a container reports is the cpuset of some leaf
 * cgroup. Container cgroups are named by container id, which PodResources does not report, so the
 * rule asks for a leaf with exactly those CPUs rather than for the container's own cgroup.
 */
final class CgroupExclusiveCpusApplied extends CgroupRule {

  CgroupExclusiveCpusApplied() {
    super("cgroup-exclusive-cpus-applied",
        "every container's cpu_ids are the cpuset of some leaf cgroup");
  }

  @Override
  List<String> violations(AuditInput input, List<AppliedCpuset> leaves) {
    List<String> violations = new ArrayList<>();
    for (PodResources pod : input.pods().pods()) {
      for (ContainerResources container : pod.containers()) {
        if (!container.cpuIds().isEmpty() && leaves.stream().noneMatch(leaf -> leaf.cpus().equals(container.cpuIds()))) {
          violations.add(AuditWording.container(pod, container) + ": no leaf cgroup has its cpu_ids " + container.cpuIds()
              + " as cpuset");
        }
      }
    }
    return violations;
  }
}
