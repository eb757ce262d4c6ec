package io.podtopo.domain.node;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.memorymanager.MemoryHints;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.StaticMemoryPolicy;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.HintProvider;
import io.podtopo.domain.topologymanager.ProviderHints;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The CPU and Memory Managers as hint providers of one state, in the kubelet's registration order.
 * A manager under its {@code none}/{@code None} policy is still registered and, like upstream's
 * none policies, answers "no preference" (a nil map).
 */
final class ManagerHintProviders {

  private ManagerHintProviders() {}

  static List<HintProvider> of(Optional<StaticPolicy> cpuPolicy, Optional<StaticMemoryPolicy> memoryPolicy,
      NodeState state) {
    return List.of(new Cpu(cpuPolicy, state.cpu()), new Memory(memoryPolicy, state.memory()));
  }

  /** The CPU Manager: {@code {"cpu": hints}}, or nil when it has no preference. */
  private static final class Cpu implements HintProvider {

    private final Optional<StaticPolicy> policy;
    private final CpuManagerState state;

    Cpu(Optional<StaticPolicy> policy, CpuManagerState state) {
      this.policy = policy;
      this.state = state;
    }

    @Override
    public String name() {
      return "cpu";
    }

    @Override
    public ProviderHints containerHints(Pod pod, Container container) {
      return policy.map(p -> cpuHints(p.topologyHints(state, pod, container))).orElse(ProviderHints.noPreference());
    }

    @Override
    public ProviderHints podHints(Pod pod) {
      return policy.map(p -> cpuHints(restoredBubbleHints(p, pod).or(() -> p.podTopologyHints(state, pod))))
          .orElse(ProviderHints.noPreference());
    }

    /**
     * The restart fix of upstream PR 141041 (PLRM spec §6.1, §8.3): a pod-level pod whose bubble
     * is in the state gets hints regenerated from the bubble alone. The per-container size check
     * of {@code GetPodTopologyHints} would otherwise find a shared container's pool "too big" and
     * answer {@code {"cpu": []}}, rejecting the restored pod under restricted and single-numa-node.
     * A bubble whose size is not the pod budget cannot be satisfied.
     */
    private Optional<List<TopologyHint>> restoredBubbleHints(StaticPolicy policy, Pod pod) {
      Optional<CpuSet> bubble = state.podCpus(pod.uid());
      if (bubble.isEmpty() || !policy.gates().podLevelResourceManagers() || !pod.isPodLevelResourcesSet()) {
        return Optional.empty();
      }
      int budget = policy.podGuaranteedCpus(pod);
      if (budget != bubble.get().size()) {
        return Optional.of(List.of());
      }
      return Optional.of(policy.generateHints(bubble.get(), CpuSet.empty(), budget));
    }

    private static ProviderHints cpuHints(Optional<List<TopologyHint>> hints) {
      return hints.map(list -> ProviderHints.of(Resources.CPU, ResourceHints.of(list)))
          .orElse(ProviderHints.noPreference());
    }
  }

  /** The Memory Manager: hints per memory type, or nil when it has no preference. */
  private static final class Memory implements HintProvider {

    private final Optional<StaticMemoryPolicy> policy;
    private final MemoryManagerState state;

    Memory(Optional<StaticMemoryPolicy> policy, MemoryManagerState state) {
      this.policy = policy;
      this.state = state;
    }

    @Override
    public String name() {
      return "memory";
    }

    @Override
    public ProviderHints containerHints(Pod pod, Container container) {
      return policy.map(p -> memoryHints(p.containerHints(state, pod, container))).orElse(ProviderHints.noPreference());
    }

    @Override
    public ProviderHints podHints(Pod pod) {
      return policy.map(p -> memoryHints(p.podHints(state, pod))).orElse(ProviderHints.noPreference());
    }

    private static ProviderHints memoryHints(MemoryHints hints) {
      if (hints.isNil()) {
        return ProviderHints.noPreference();
      }
      SortedMap<String, ResourceHints> byResource = new TreeMap<>();
      hints.byResource().forEach((resource, list) -> byResource.put(resource, ResourceHints.of(list)));
      return ProviderHints.of(byResource);
    }
  }
}
