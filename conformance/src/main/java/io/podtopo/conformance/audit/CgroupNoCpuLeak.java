package io.podtopo.conformance.audit;

import io.podtopo.domain.node.AppliedCpuset;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code cgroup-no-cpu-leak} (spec §10, invariant 11): CPUs reported as exclusive to a container, and
 * a pod's shared pool, are used by nobody else: a leaf cgroup's cpuset either is such a set or
 * shares no CPU with it. A cpuset that overlaps one without being it lets other processes onto the
 * CPUs (a leak). A leaf whose cpuset is exactly its parent's is not counted: nobody narrowed it, as
 * for the pod sandbox (the kubelet gives it no cpuset), so it cannot be told from one.
 */
final class CgroupNoCpuLeak extends CgroupRule {

  CgroupNoCpuLeak() {
    super("cgroup-no-cpu-leak",
        "no leaf cgroup's cpuset overlaps an exclusive set or pod shared pool without being it");
  }

  /** CPUs one owner has to itself. */
  private record Guarded(CpuSet cpus, String owner) {}

  @Override
  List<String> violations(AuditInput input, List<AppliedCpuset> leaves) {
    List<Guarded> guarded = guarded(input);
    List<String> violations = new ArrayList<>();
    for (AppliedCpuset leaf : leaves) {
      if (leaf.sameAsParent()) {
        continue;
      }
      for (Guarded set : guarded) {
        if (leaf.cpus().intersects(set.cpus()) && !leaf.cpus().equals(set.cpus())) {
          violations.add("cgroup " + leaf.describe() + " has cpuset " + leaf.cpus() + ", which overlaps CPUs "
              + set.cpus() + " of " + set.owner() + " without being them");
        }
      }
    }
    return violations;
  }

  private static List<Guarded> guarded(AuditInput input) {
    List<Guarded> guarded = new ArrayList<>();
    for (PodResources pod : input.pods().pods()) {
      for (ContainerResources container : pod.containers()) {
        if (!container.cpuIds().isEmpty()) {
          guarded.add(new Guarded(container.cpuIds(), AuditWording.container(pod, container)));
        }
      }
      if (!pod.sharedPoolCpus().isEmpty()) {
        guarded.add(new Guarded(pod.sharedPoolCpus(), "the shared pool of pod " + AuditWording.pod(pod)));
      }
    }
    return guarded;
  }
}
