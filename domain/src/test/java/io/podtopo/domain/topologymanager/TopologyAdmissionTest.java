package io.podtopo.domain.topologymanager;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.NumaMask;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The scopes of §1.6 over small fake providers whose hints depend on an immutable state. */
class TopologyAdmissionTest {

  private static final NumaInfo TWO_NODES = NumaInfo.of(List.of(0, 1));
  private static final FeatureGates PLRM_ON = FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true);

  /** Free CPUs per NUMA node and the log of allocation calls. */
  private record State(int free0, int free1, List<String> calls) {
    int free(int node) {
      return node == 0 ? free0 : free1;
    }

    State take(NumaMask nodes, int count, String call) {
      int from0 = nodes.isSet(0) ? Math.min(count, free0) : 0;
      int from1 = nodes.isSet(1) ? Math.min(count - from0, free1) : 0;
      List<String> log = new ArrayList<>(calls);
      log.add(call);
      return new State(free0 - from0, free1 - from1, List.copyOf(log));
    }
  }

  /** A CPU-like provider: single nodes with room are preferred, both nodes together are not. */
  private record CpuProvider(State state) implements HintProvider {
    @Override
    public String name() {
      return "cpu";
    }

    @Override
    public ProviderHints containerHints(Pod pod, Container container) {
      return hintsFor(cpus(container));
    }

    @Override
    public ProviderHints podHints(Pod pod) {
      return hintsFor(pod.initAndAppContainers().stream().mapToInt(TopologyAdmissionTest::cpus).sum());
    }

    private ProviderHints hintsFor(int request) {
      if (request == 0) {
        return ProviderHints.noPreference();
      }
      List<TopologyHint> hints = new ArrayList<>();
      for (NumaMask mask : NumaMask.allCombinations(List.of(0, 1))) {
        int free = mask.nodes().stream().mapToInt(state::free).sum();
        if (free >= request) {
          hints.add(TopologyHint.of(mask, mask.count() == 1));
        }
      }
      return ProviderHints.of("cpu", ResourceHints.of(hints));
    }
  }

  /** Allocates from the hint's nodes (all nodes for a nil hint); fails for a container named "broken". */
  private static class Allocator implements TopologyAllocator<State> {
    @Override
    public List<HintProvider> hintProviders(State state) {
      return List.of(new CpuProvider(state));
    }

    @Override
    public AllocationResult<State> allocateContainer(State state, Pod pod, Container container, TopologyHint hint) {
      if (container.name().equals("broken")) {
        return AllocationResult.failed(AdmissionFailure.unexpected("not enough cpus available to satisfy request"));
      }
      NumaMask nodes = hint.affinity().orElse(NumaMask.of(0, 1));
      return AllocationResult.allocated(state.take(nodes, cpus(container), container.name() + "@" + hint));
    }

    @Override
    public AllocationResult<State> allocatePod(State state, Pod pod, TopologyHint hint) {
      int budget = (int) pod.podRequests().get("cpu").value();
      return AllocationResult.allocated(state.take(hint.affinity().orElse(NumaMask.of(0, 1)), budget, "pod@" + hint));
    }
  }

  private static int cpus(Container container) {
    return container.request("cpu").map(Quantity::value).orElse(0L).intValue();
  }

  private static Container container(String name, int cpus) {
    return new Container.Builder().name(name).putRequest("cpu", Quantity.of(cpus)).putLimit("cpu", Quantity.of(cpus)).build();
  }

  private static TopologyAdmission admission(TopologyManagerPolicy policy, TopologyManagerScope scope, FeatureGates gates) {
    return TopologyAdmission.of(TopologyPolicy.of(policy, TWO_NODES, TopologyManagerOptions.defaults()), scope, gates);
  }

  private static TopologyHint hint(boolean preferred, int... nodes) {
    return TopologyHint.of(NumaMask.of(nodes), preferred);
  }

  @Test
  void containerScopeMergesEachContainerAgainstTheStateLeftByThePreviousOne_spec1_6() {
    Pod pod = new Pod.Builder().uid("p").addInitContainer(container("init", 3)).addContainer(container("a", 3))
        .addContainer(container("b", 1)).build();
    ScopeAdmission<State> result = admission(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.CONTAINER,
        FeatureGates.defaults()).admit(pod, new State(4, 4, List.of()), new Allocator());
    assertThat(result.admitted()).isTrue();
    // init fills node 0 down to 1 free CPU, so a only fits node 1; b fits either and takes the narrower node 0
    assertThat(result.affinities()).containsExactly(
        Map.entry("init", hint(true, 0)), Map.entry("a", hint(true, 1)), Map.entry("b", hint(true, 0)));
    assertThat(result.trace()).extracting(MergeTrace::container)
        .containsExactly(Optional.of("init"), Optional.of("a"), Optional.of("b"));
    assertThat(result.state()).isEqualTo(new State(0, 1, List.of(
        "init@" + hint(true, 0), "a@" + hint(true, 1), "b@" + hint(true, 0))));
  }

  @Test
  void containerScopeRejectsWithTopologyAffinityErrorAndKeepsEarlierAllocations_spec1_7() {
    Pod pod = new Pod.Builder().uid("p").addContainer(container("a", 2)).addContainer(container("b", 3)).build();
    ScopeAdmission<State> result = admission(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.CONTAINER,
        FeatureGates.defaults()).admit(pod, new State(2, 2, List.of()), new Allocator());
    assertThat(result.admitted()).isFalse();
    assertThat(result.failure()).contains(
        AdmissionFailure.of("TopologyAffinityError", "Resources cannot be allocated with Topology locality"));
    assertThat(result.affinities()).containsOnlyKeys("a");
    assertThat(result.state()).isEqualTo(new State(0, 2, List.of("a@" + hint(true, 0))));
    assertThat(result.trace()).hasSize(2);
    assertThat(result.trace().get(1).bestHint()).isEqualTo(hint(false, 0, 1));
  }

  /**
   * A pod with pod-level resources refused by the container scope's merge gets upstream's pod-level
   * message when {@code PodLevelResourceManagers} is on (kubelet v1.37.2 {@code containerScope.Admit};
   * found by {@code podtopo conformance differential}), the plain one when it is off.
   */
  @Test
  void containerScopeRefusesAPodWithPodLevelResourcesWithThePodLevelMessage() {
    Pod pod = new Pod.Builder().uid("p").putPodRequest("cpu", Quantity.of(5)).putPodLimit("cpu", Quantity.of(6))
        .addContainer(container("a", 2)).addContainer(container("b", 3)).build();
    FeatureGates on = FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true);

    ScopeAdmission<State> refused = admission(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.CONTAINER, on)
        .admit(pod, new State(2, 2, List.of()), new Allocator());
    ScopeAdmission<State> gateOff = admission(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.CONTAINER,
        FeatureGates.defaults()).admit(pod, new State(2, 2, List.of()), new Allocator());

    assertThat(refused.failure()).contains(AdmissionFailure.of("TopologyAffinityError",
        "Pod Scope pod with pod-level resources failed admission with a container-level topology manager"));
    assertThat(gateOff.failure()).contains(
        AdmissionFailure.of("TopologyAffinityError", "Resources cannot be allocated with Topology locality"));
  }

  @Test
  void bestEffortAdmitsTheNonPreferredMerge() {
    Pod pod = new Pod.Builder().uid("p").addContainer(container("a", 3)).build();
    ScopeAdmission<State> result = admission(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.CONTAINER,
        FeatureGates.defaults()).admit(pod, new State(2, 2, List.of()), new Allocator());
    assertThat(result.admitted()).isTrue();
    assertThat(result.affinities()).containsEntry("a", hint(false, 0, 1));
    assertThat(result.state().free0() + result.state().free1()).isEqualTo(1);
  }

  @Test
  void podScopeMergesOnceAndAllocatesEveryContainerWithTheSameHint_spec1_6() {
    Pod pod = new Pod.Builder().uid("p").addInitContainer(container("init", 1)).addContainer(container("a", 1))
        .addContainer(container("b", 1)).build();
    ScopeAdmission<State> result = admission(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD,
        FeatureGates.defaults()).admit(pod, new State(2, 3, List.of()), new Allocator());
    assertThat(result.admitted()).isTrue();
    assertThat(result.trace()).singleElement().satisfies(trace -> {
      assertThat(trace.container()).isEmpty();
      assertThat(trace.bestHint()).isEqualTo(hint(true, 1));
      assertThat(trace.answers()).extracting(ProviderAnswer::provider).containsExactly("cpu");
    });
    assertThat(result.affinities().values()).containsOnly(hint(true, 1));
    assertThat(result.state().calls()).containsExactly(
        "init@" + hint(true, 1), "a@" + hint(true, 1), "b@" + hint(true, 1));
  }

  @Test
  void podScopeRejectionOfALegacyPodUsesTheLegacyMessage_spec1_7() {
    Pod pod = new Pod.Builder().uid("p").addContainer(container("a", 3)).build();
    ScopeAdmission<State> result = admission(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD,
        FeatureGates.defaults()).admit(pod, new State(2, 2, List.of()), new Allocator());
    assertThat(result.failure().map(AdmissionFailure::message)).contains("Resources cannot be allocated with Topology locality");
    assertThat(result.state().calls()).isEmpty();
  }

  private static Pod podLevelPod(int budget, Container... containers) {
    return new Pod.Builder().uid("p").putPodRequest("cpu", Quantity.of(budget)).putPodLimit("cpu", Quantity.of(budget))
        .addContainers(containers).build();
  }

  @Test
  void podScopeWithPodLevelResourcesCallsAllocatePodOnce_plrm5_2() {
    Pod pod = podLevelPod(2, container("a", 1), container("b", 1));
    ScopeAdmission<State> result = admission(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD, PLRM_ON)
        .admit(pod, new State(2, 2, List.of()), new Allocator());
    assertThat(result.admitted()).isTrue();
    assertThat(result.affinities()).containsOnlyKeys("a", "b").containsValue(hint(true, 0));
    assertThat(result.state().calls()).containsExactly("pod@" + hint(true, 0));
  }

  @Test
  void podScopeWithPodLevelResourcesRejectsWithThePodLevelMessage_plrm5_2() {
    Pod pod = podLevelPod(3, container("a", 2), container("b", 1));
    ScopeAdmission<State> result = admission(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD, PLRM_ON)
        .admit(pod, new State(2, 2, List.of()), new Allocator());
    assertThat(result.failure()).contains(AdmissionFailure.of("TopologyAffinityError",
        "Pod Scope pod with pod-level resources failed admission under pod-scope topology manager"));
  }

  @Test
  void podLevelPodWithTheGateOffTakesTheLegacyPodScopePath_spec1_6() {
    Pod pod = podLevelPod(2, container("a", 1), container("b", 1));
    ScopeAdmission<State> result = admission(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD,
        FeatureGates.defaults()).admit(pod, new State(2, 2, List.of()), new Allocator());
    assertThat(result.state().calls()).containsExactly("a@" + hint(true, 0), "b@" + hint(true, 0));
  }

  @Test
  void theFirstAllocationErrorAbortsAdmission_spec1_6() {
    Pod pod = new Pod.Builder().uid("p").addContainer(container("a", 1)).addContainer(container("broken", 1))
        .addContainer(container("c", 1)).build();
    ScopeAdmission<State> result = admission(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.POD,
        FeatureGates.defaults()).admit(pod, new State(4, 4, List.of()), new Allocator());
    assertThat(result.failure()).contains(AdmissionFailure.of("UnexpectedAdmissionError",
        "Allocate failed due to not enough cpus available to satisfy request, which is unexpected"));
    assertThat(result.state().calls()).containsExactly("a@" + hint(true, 0));
  }

  @Test
  void noneAllocatesEveryContainerWithTheZeroHintAndAsksNoHints_spec1_6() {
    TopologyAllocator<State> allocator = new Allocator() {
      @Override
      public List<HintProvider> hintProviders(State state) {
        throw new AssertionError("the none policy asks no provider for hints");
      }
    };
    Pod pod = podLevelPod(2, container("a", 1), container("b", 1));
    ScopeAdmission<State> result = admission(TopologyManagerPolicy.NONE, TopologyManagerScope.POD, PLRM_ON)
        .admit(pod, new State(2, 2, List.of()), allocator);
    assertThat(result.admitted()).isTrue();
    assertThat(result.trace()).isEmpty();
    assertThat(result.affinities()).isEmpty();
    assertThat(result.state().calls()).containsExactly("a@" + TopologyHint.any(false), "b@" + TopologyHint.any(false));
  }

  /** Constant providers of the §1.6 worked example. */
  private record Constant(String name, ProviderHints hints) implements HintProvider {
    @Override
    public ProviderHints containerHints(Pod pod, Container container) {
      return hints;
    }

    @Override
    public ProviderHints podHints(Pod pod) {
      return hints;
    }
  }

  @Test
  void workedExampleThroughTheContainerScopeRecordsEveryProviderAnswer_spec1_6() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(true, 0), hint(false, 0, 1));
    ProviderHints memory = ProviderHints.of("memory", hint(true, 0), hint(true, 1), hint(false, 0, 1));
    List<HintProvider> providers = List.of(new Constant("cpu", cpu), new Constant("memory", memory),
        new Constant("devices", ProviderHints.noPreference()));
    TopologyAllocator<State> allocator = new Allocator() {
      @Override
      public List<HintProvider> hintProviders(State state) {
        return providers;
      }
    };
    Pod pod = new Pod.Builder().uid("p").addContainer(container("a", 1)).build();
    ScopeAdmission<State> result = admission(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.CONTAINER,
        FeatureGates.defaults()).admit(pod, new State(4, 4, List.of()), allocator);
    assertThat(result.admitted()).isTrue();
    MergeTrace trace = result.trace().get(0);
    assertThat(trace.answers()).containsExactly(ProviderAnswer.of("cpu", cpu), ProviderAnswer.of("memory", memory),
        ProviderAnswer.of("devices", ProviderHints.noPreference()));
    assertThat(trace.bestHint()).isEqualTo(hint(true, 0));
    assertThat(trace.admit()).isTrue();
  }
}
