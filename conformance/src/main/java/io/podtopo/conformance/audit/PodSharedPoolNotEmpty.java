package io.podtopo.conformance.audit;

import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code pod-shared-pool-not-empty} (spec §9.2, invariant 6): in a pod with pod-level
 * {@code cpu_ids}, a container reporting none runs on the pod shared pool, derived as the pod's
 * {@code cpu_ids} minus its containers'; the kubelet admits no such pod with an empty pool
 * ({@code EmptyPodSharedPoolError}), so the derived pool is not empty.
 */
final class PodSharedPoolNotEmpty extends AnswerRule {

  PodSharedPoolNotEmpty() {
    super("pod-shared-pool-not-empty",
        "a pod with cpu_ids and a container without leaves a non-empty shared pool");
  }

  @Override
  List<String> violations(AuditInput input) {
    List<String> violations = new ArrayList<>();
    for (PodResources pod : input.pods().pods()) {
      List<String> shared = pod.containers().stream().filter(container -> container.cpuIds().isEmpty())
          .map(ContainerResources::name).toList();
      if (!pod.cpuIds().isEmpty() && !shared.isEmpty() && pod.sharedPoolCpus().isEmpty()) {
        violations.add("pod " + AuditWording.pod(pod) + ": containers " + String.join(", ", shared)
            + " report no cpu_ids, so they run on the pod shared pool, but the containers' cpu_ids take all of the pod's "
            + pod.cpuIds());
      }
    }
    return violations;
  }
}
