package io.podtopo.domain.node;

import io.podtopo.domain.admission.PodLevelResourcesValidationError;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.QosClass;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeSet;

/**
 * Checks of a pod-level pod that upstream leaves to API validation or does not make at all, run
 * before any hint is asked (decisions Q3 and Q4 of the PLRM spec, {@code docs/spec/node-admission.md}
 * rules NA-5 to NA-7). A failing pod is rejected with a {@link PodLevelResourcesValidationError}.
 *
 * <p>Active only where the pod-level resource managers would act: both KEP-5526 gates on,
 * {@code spec.resources} set, and the CPU or the Memory Manager under its static policy.
 * <ol>
 *   <li>Q3: a pod that KEP-2837's per-resource rule makes Guaranteed but whose {@code spec.resources}
 *       lacks cpu or memory (the other taken implicitly from its containers): the managers would
 *       have no budget for that resource.
 *   <li>Q3: a Guaranteed pod whose containers request a hugepage size the pod budget lacks.
 *   <li>Q4: a Guaranteed pod whose aggregated container requests (KEP-753: the larger of the
 *       largest standard init container plus the sidecars before it, and all app containers plus
 *       all sidecars) exceed the pod request, for any resource of the pod budget.
 * </ol>
 */
final class PodLevelResourcesValidation {

  private final FeatureGates gates;
  private final boolean anyStaticManager;

  PodLevelResourcesValidation(FeatureGates gates, boolean anyStaticManager) {
    this.gates = gates;
    this.anyStaticManager = anyStaticManager;
  }

  Optional<PodLevelResourcesValidationError> check(Pod pod) {
    if (!anyStaticManager || !pod.managedAtPodLevel(gates)) {
      return Optional.empty();
    }
    Optional<String> missing = missingQosResource(pod);
    if (missing.isPresent()) {
      return Optional.of(PodLevelResourcesValidationError.budgetLacks(missing.get()));
    }
    if (pod.qosClass(gates) != QosClass.GUARANTEED) {
      return Optional.empty();
    }
    for (String resource : containerResources(pod)) {
      if (Resources.isHugepages(resource) && !pod.podRequests().containsKey(resource)) {
        return Optional.of(PodLevelResourcesValidationError.containersOutsideBudget(resource));
      }
    }
    SortedMap<String, Quantity> aggregatedRequests = pod.aggregatedContainerRequests();
    for (Map.Entry<String, Quantity> budget : pod.podRequests().entrySet()) {
      if (!Resources.isManaged(budget.getKey())) {
        continue;
      }
      Quantity aggregated = aggregatedRequests.getOrDefault(budget.getKey(), Quantity.ZERO);
      if (aggregated.compareTo(budget.getValue()) > 0) {
        return Optional.of(PodLevelResourcesValidationError.aggregateExceeds(budget.getKey(), aggregated,
            budget.getValue()));
      }
    }
    return Optional.empty();
  }

  /**
   * The cpu or memory the pod stanza lacks while KEP-2837's rule makes the pod Guaranteed: every
   * resource set in the stanza has request == limit > 0, and every init and app container has
   * request == limit > 0 for each resource the stanza lacks.
   */
  private static Optional<String> missingQosResource(Pod pod) {
    Optional<String> missing = Optional.empty();
    for (String resource : new String[] {Resources.CPU, Resources.MEMORY}) {
      Optional<Quantity> request = nonZero(pod.podRequests().get(resource));
      Optional<Quantity> limit = nonZero(pod.podLimits().get(resource));
      if (request.isPresent() || limit.isPresent()) {
        if (!request.equals(limit)) {
          return Optional.empty();
        }
      } else if (pod.initAndAppContainers().isEmpty()
          || !pod.initAndAppContainers().stream().allMatch(c -> pinned(c, resource))) {
        return Optional.empty();
      } else if (missing.isEmpty()) {
        missing = Optional.of(resource);
      }
    }
    return missing;
  }

  private static boolean pinned(Container container, String resource) {
    Optional<Quantity> request = container.request(resource).flatMap(PodLevelResourcesValidation::nonZero);
    return request.isPresent() && request.equals(container.limit(resource));
  }

  private static Optional<Quantity> nonZero(Quantity quantity) {
    return Optional.ofNullable(quantity).filter(q -> !q.isZero());
  }

  private static TreeSet<String> containerResources(Pod pod) {
    TreeSet<String> names = new TreeSet<>();
    pod.initAndAppContainers().forEach(c -> c.requests().forEach((name, quantity) -> {
      if (!quantity.isZero()) {
        names.add(name);
      }
    }));
    return names;
  }
}
