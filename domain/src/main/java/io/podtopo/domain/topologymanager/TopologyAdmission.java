package io.podtopo.domain.topologymanager;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Topology Manager's pod admission (upstream scopes {@code none}, {@code container} and
 * {@code pod}) as a pure function: hints are asked from the providers of the current state,
 * merged by the policy, and the chosen hint is handed to the caller's allocation steps, which
 * return the next state. The first rejection or allocation failure ends the admission.
 *
 * <ul>
 *   <li>policy none: no hints; every container (init then app) is allocated with
 *       {@code {nil, not preferred}}.</li>
 *   <li>container scope: per container, hints, merge, reject with {@code TopologyAffinityError} (for a
 *       pod with {@code spec.resources} set and both KEP-5526 gates on, the pod-level message "Pod Scope
 *       pod with pod-level resources failed admission with a container-level topology manager", found by
 *       {@code podtopo conformance differential}) or store the hint and allocate the container before
 *       the next container is merged.</li>
 *   <li>pod scope: pod hints merged once; rejected with {@code TopologyAffinityError}, or the hint
 *       stored for every container and each container allocated in turn.</li>
 *   <li>pod scope with pod-level resources (gates {@code PodLevelResources} and
 *       {@code PodLevelResourceManagers} on, {@code spec.resources} set): the same merge, the
 *       pod-level rejection message, the hint stored for every container and one
 *       {@code AllocatePod} step.</li>
 * </ul>
 */
public final class TopologyAdmission {

  private final TopologyPolicy policy;
  private final TopologyManagerScope scope;
  private final FeatureGates gates;

  private TopologyAdmission(TopologyPolicy policy, TopologyManagerScope scope, FeatureGates gates) {
    this.policy = policy;
    this.scope = scope;
    this.gates = gates;
  }

  public static TopologyAdmission of(TopologyPolicy policy, TopologyManagerScope scope, FeatureGates gates) {
    return new TopologyAdmission(policy, scope, gates);
  }

  /** Admits {@code pod} starting from {@code state}. */
  public <S> ScopeAdmission<S> admit(Pod pod, S state, TopologyAllocator<S> allocator) {
    if (policy.policy() == TopologyManagerPolicy.NONE) {
      return admitWithoutHints(pod, state, allocator);
    }
    if (scope == TopologyManagerScope.CONTAINER) {
      return admitPerContainer(pod, state, allocator);
    }
    if (pod.managedAtPodLevel(gates)) {
      return admitWithPodResources(pod, state, allocator);
    }
    return admitWithContainerResources(pod, state, allocator);
  }

  private <S> ScopeAdmission<S> admitWithoutHints(Pod pod, S state, TopologyAllocator<S> allocator) {
    S current = state;
    for (Container container : pod.initAndAppContainers()) {
      AllocationResult<S> result = allocator.allocateContainer(current, pod, container, TopologyHint.any(false));
      if (!result.succeeded()) {
        return new ScopeAdmission<>(current, Map.of(), result.failure().orElseThrow(), List.of());
      }
      current = result.state();
    }
    return new ScopeAdmission<>(current, Map.of(), null, List.of());
  }

  private <S> ScopeAdmission<S> admitPerContainer(Pod pod, S state, TopologyAllocator<S> allocator) {
    S current = state;
    Map<String, TopologyHint> affinities = new LinkedHashMap<>();
    List<MergeTrace> trace = new ArrayList<>();
    for (Container container : pod.initAndAppContainers()) {
      List<ProviderAnswer> answers = new ArrayList<>();
      for (HintProvider provider : allocator.hintProviders(current)) {
        answers.add(ProviderAnswer.of(provider.name(), provider.containerHints(pod, container)));
      }
      MergeDecision decision = mergeAndTrace(Optional.of(container.name()), answers, trace);
      if (!decision.admit()) {
        AdmissionFailure failure = pod.managedAtPodLevel(gates)
            ? AdmissionFailure.podLevelTopologyAffinity(AdmissionFailure.POD_LEVEL_CONTAINER_SCOPE_TEXT)
            : AdmissionFailure.topologyAffinity();
        return new ScopeAdmission<>(current, affinities, failure, trace);
      }
      affinities.put(container.name(), decision.hint());
      AllocationResult<S> result = allocator.allocateContainer(current, pod, container, decision.hint());
      if (!result.succeeded()) {
        return new ScopeAdmission<>(current, affinities, result.failure().orElseThrow(), trace);
      }
      current = result.state();
    }
    return new ScopeAdmission<>(current, affinities, null, trace);
  }

  private <S> ScopeAdmission<S> admitWithContainerResources(Pod pod, S state, TopologyAllocator<S> allocator) {
    List<MergeTrace> trace = new ArrayList<>();
    MergeDecision decision = mergePodHints(pod, state, allocator, trace);
    if (!decision.admit()) {
      return new ScopeAdmission<>(state, Map.of(), AdmissionFailure.topologyAffinity(), trace);
    }
    S current = state;
    Map<String, TopologyHint> affinities = new LinkedHashMap<>();
    for (Container container : pod.initAndAppContainers()) {
      affinities.put(container.name(), decision.hint());
      AllocationResult<S> result = allocator.allocateContainer(current, pod, container, decision.hint());
      if (!result.succeeded()) {
        return new ScopeAdmission<>(current, affinities, result.failure().orElseThrow(), trace);
      }
      current = result.state();
    }
    return new ScopeAdmission<>(current, affinities, null, trace);
  }

  private <S> ScopeAdmission<S> admitWithPodResources(Pod pod, S state, TopologyAllocator<S> allocator) {
    List<MergeTrace> trace = new ArrayList<>();
    MergeDecision decision = mergePodHints(pod, state, allocator, trace);
    if (!decision.admit()) {
      return new ScopeAdmission<>(state, Map.of(),
          AdmissionFailure.podLevelTopologyAffinity(AdmissionFailure.POD_LEVEL_POD_SCOPE_TEXT), trace);
    }
    Map<String, TopologyHint> affinities = new LinkedHashMap<>();
    pod.initAndAppContainers().forEach(container -> affinities.put(container.name(), decision.hint()));
    AllocationResult<S> result = allocator.allocatePod(state, pod, decision.hint());
    if (!result.succeeded()) {
      return new ScopeAdmission<>(result.residue().orElse(state), affinities, result.failure().orElseThrow(), trace);
    }
    return new ScopeAdmission<>(result.state(), affinities, null, trace);
  }

  private <S> MergeDecision mergePodHints(Pod pod, S state, TopologyAllocator<S> allocator, List<MergeTrace> trace) {
    List<ProviderAnswer> answers = new ArrayList<>();
    for (HintProvider provider : allocator.hintProviders(state)) {
      answers.add(ProviderAnswer.of(provider.name(), provider.podHints(pod)));
    }
    return mergeAndTrace(Optional.empty(), answers, trace);
  }

  private MergeDecision mergeAndTrace(Optional<String> container, List<ProviderAnswer> answers, List<MergeTrace> trace) {
    MergeDecision decision = policy.merge(answers.stream().map(ProviderAnswer::hints).toList());
    trace.add(new MergeTrace.Builder()
        .container(container)
        .answers(answers)
        .bestHint(decision.hint())
        .admit(decision.admit())
        .build());
    return decision;
  }
}
