package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.node.ContainerAssignment;
import java.util.ArrayList;
import java.util.List;

/**
 * §15.27: CFS quota is disabled iff the container's isolation level is {@code container}. The quota is
 * written by the cgroup adapter, not held in the state; what can be checked here is what it is
 * derived from: an admitted container is reported {@code exclusive} (quota off) exactly when its
 * isolation level is {@code container}, and {@code pod}/{@code host} containers keep their quota.
 */
public final class Invariant27QuotaOnlyOffForContainerIsolation implements TransitionInvariant {

  @Override
  public int number() {
    return 27;
  }

  @Override
  public String rule() {
    return "CFS quota disabled iff isolation level == container; pod-shared and host containers keep quota";
  }

  @Override
  public List<Violation> checkTransition(NodeSnapshot before, Operation operation, NodeSnapshot after) {
    if (!(operation instanceof Operation.Admit admit) || admit.outcome().assignment().isEmpty()) {
      return List.of();
    }
    List<Violation> violations = new ArrayList<>();
    for (ContainerAssignment container : admit.outcome().assignment().get().containers()) {
      if (container.exclusive() != (container.isolation() == ResourceIsolationLevel.CONTAINER)) {
        violations.add(Violation.ofContainer(number(), admit.podUid(), container.name(), "exclusive (quota off) = "
            + container.exclusive() + " at isolation level " + container.isolation()));
      }
    }
    return violations;
  }
}
