package io.podtopo.conformance.audit;

import io.podtopo.domain.node.PodResources;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code pod-fields-empty-outside-pod-scope} (spec §9.2, invariant 30): a node in container scope,
 * or with the PodLevelResourceManagers gate off, leaves every pod's pod-level {@code cpu_ids} and
 * {@code memory} empty. The answers do not say the scope, so this is checked only where the caller
 * knows it ({@link AuditScope}).
 */
final class PodFieldsEmptyOutsidePodScope extends AuditRule {

  PodFieldsEmptyOutsidePodScope() {
    super("pod-fields-empty-outside-pod-scope",
        "pod-level cpu_ids and memory are empty in container scope (or with the gate off)");
  }

  @Override
  public RuleResult check(AuditInput input) {
    AuditScope scope = input.scope();
    switch (scope.podLevelFields()) {
      case UNKNOWN:
        return RuleResult.notChecked(id(), scope.source());
      case ALLOWED:
        return RuleResult.notChecked(id(), "pod scope (" + scope.source() + "): the fields are filled there");
      default:
        break;
    }
    List<String> violations = new ArrayList<>();
    for (PodResources pod : input.pods().pods()) {
      if (!pod.cpuIds().isEmpty() || !pod.memory().isEmpty()) {
        violations.add("pod " + AuditWording.pod(pod) + " reports pod-level cpu_ids \"" + pod.cpuIds() + "\" and "
            + (pod.memory().isEmpty() ? "no memory" : AuditWording.memory(pod.memory())) + ", though the node fills neither ("
            + scope.source() + ")");
      }
    }
    return RuleResult.checked(id(), violations);
  }
}
