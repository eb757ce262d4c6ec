package io.podtopo.conformance.audit;

import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code container-cpus-disjoint} (spec §9.2, invariants 3 and 11): a container reports
 * {@code cpu_ids} only for CPUs exclusive to it, so no CPU is reported by two containers, of one pod
 * or of two. A server that also reports the pod shared pool at container level breaks it as soon as
 * a pod has two shared containers.
 */
final class ContainerCpusDisjoint extends AnswerRule {

  ContainerCpusDisjoint() {
    super("container-cpus-disjoint",
        "no CPU is in the cpu_ids of two containers (exclusive sets are disjoint)");
  }

  /** One container of the answer, for naming it. */
  private record Owner(PodResources pod, ContainerResources container) {
    String name() {
      return AuditWording.container(pod, container);
    }
  }

  /** Two containers reporting the same CPUs, the first one listed first. */
  private record Pair(int first, int second) {}

  @Override
  List<String> violations(AuditInput input) {
    List<Owner> owners = new ArrayList<>();
    Map<Integer, Integer> ownerOfCpu = new HashMap<>();
    Map<Pair, CpuSet.Builder> shared = new LinkedHashMap<>();
    for (PodResources pod : input.pods().pods()) {
      for (ContainerResources container : pod.containers()) {
        int index = owners.size();
        owners.add(new Owner(pod, container));
        container.cpuIds().forEachCpu(cpu -> {
          Integer first = ownerOfCpu.putIfAbsent(cpu, index);
          if (first != null) {
            shared.computeIfAbsent(new Pair(first, index), pair -> new CpuSet.Builder()).add(cpu);
          }
        });
      }
    }
    List<String> violations = new ArrayList<>();
    shared.forEach((pair, cpus) -> violations.add(owners.get(pair.first()).name() + " and "
        + owners.get(pair.second()).name() + " both report CPUs " + cpus.build()));
    return violations;
  }
}
