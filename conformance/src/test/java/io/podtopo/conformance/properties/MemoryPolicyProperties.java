package io.podtopo.conformance.properties;

import static io.podtopo.conformance.generators.PropertySeed.qt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.conformance.generators.MemoryGenerators;
import io.podtopo.conformance.generators.MemoryGenerators.MemoryMachine;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.memorymanager.MemoryAllocationResult;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.StaticMemoryPolicy;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * Properties of the Memory Manager Static policy over generated machines (1-8 NUMA nodes, memory and
 * 2Mi/1Gi hugepages) and sequences of Guaranteed pods (container-level and pod-level) admitted and
 * then removed container by container in a random order, in the corrected behaviour (ADR 0008):
 * kubelet v1.37 crashes on machines where a node lacks a requested page size (quirk
 * Q-memory-missing-table, D-11) and lets a single-NUMA hint break a group (Q-memory-single-node-in-group,
 * D-13), after which {@code start} refuses the state.
 */
class MemoryPolicyProperties {

  private static final FeatureGates GATES =
      FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true);

  private record Admission(Pod pod, TopologyHint hint) {}

  private record Scenario(MemoryMachine machine, List<Admission> admissions, List<Integer> removalOrder) {}

  private static Gen<Scenario> scenarios() {
    Gen<Admission> admissions = MemoryGenerators.guaranteedPods().zip(MemoryGenerators.hints(8), Admission::new);
    return MemoryGenerators.machines().zip(
        SourceDSL.lists().of(admissions).ofSizeBetween(1, 8),
        SourceDSL.lists().of(Generate.range(0, 1000)).ofSize(40),
        Scenario::new);
  }

  /**
   * With arbitrary hints, free + reserved is allocatable at every step, removing everything restores
   * the machine state, and every state is one {@code start} accepts: the corrected behaviour refuses
   * a single-NUMA hint on a node of a multi-NUMA group (decision D-13).
   */
  @Test
  void d13_freePlusReservedIsAllocatableAtEveryStepAndRemovingEverythingRestoresTheMachineStateInSpecMode() {
    Exercised admitted = new Exercised("a scenario with two or more pods admitted at once");
    qt().withExamples(Examples.scaled(300)).forAll(scenarios()).checkAssert(scenario -> admitted.example(run(scenario, false) >= 2));
    admitted.atLeast(0.3);
  }

  /** With the policy's own hints (the Topology Manager hint has no affinity), the same. */
  @Test
  void withItsOwnHintsThePolicyOnlyProducesStatesThatStartAccepts() {
    Exercised admitted = new Exercised("a scenario with two or more pods admitted at once");
    qt().withExamples(Examples.scaled(200)).forAll(scenarios()).checkAssert(scenario -> admitted.example(run(scenario, true) >= 2));
    admitted.atLeast(0.3);
  }

  /** Runs the scenario, checking every state; returns how many pods were admitted. */
  private static int run(Scenario scenario, boolean ownHints) {
    StaticMemoryPolicy policy = StaticMemoryPolicy.create(scenario.machine().nodes(),
        scenario.machine().reservedMemory(), GATES);
    MemoryManagerState initial = policy.start(MemoryManagerState.empty());
    NumaMask machineNodes = NumaMask.of(scenario.machine().nodes().stream().map(n -> n.id()).toList());
    MemoryManagerState state = initial;
    List<String[]> containers = new ArrayList<>();
    int admitted = 0;
    for (int i = 0; i < scenario.admissions().size(); i++) {
      Pod pod = new Pod.Builder().from(scenario.admissions().get(i).pod()).uid("pod-" + i).build();
      TopologyHint hint = ownHints ? TopologyHint.any(false)
          : onMachine(scenario.admissions().get(i).hint(), machineNodes);
      Optional<MemoryManagerState> next = admit(policy, state, pod, hint);
      if (next.isPresent()) {
        state = next.get();
        pod.initAndAppContainers().forEach(c -> containers.add(new String[] {pod.uid(), c.name()}));
        admitted++;
      }
      assertConsistent(policy, state);
    }
    List<String[]> order = new ArrayList<>(containers);
    order.sort(Comparator.comparingInt(c -> scenario.removalOrder().get(containers.indexOf(c) % 40)));
    for (String[] container : order) {
      state = policy.removeContainer(state, container[0], container[1]);
      assertConsistent(policy, state);
    }
    assertThat(state.containerEntries()).isEmpty();
    assertThat(state.podEntries()).isEmpty();
    assertThat(state.machineState()).isEqualTo(initial.machineState());
    return admitted;
  }

  /** The state once the pod is allocated; empty when the policy refuses it. */
  private static Optional<MemoryManagerState> admit(StaticMemoryPolicy policy, MemoryManagerState state, Pod pod,
      TopologyHint hint) {
    QuirkLog spec = QuirkLog.of(Behaviour.SPEC);
    if (pod.isPodLevelResourcesSet()) {
      MemoryAllocationResult result = policy.allocatePod(state, pod, hint, spec);
      return result.error().isPresent() ? Optional.empty() : Optional.of(result.state());
    }
    MemoryManagerState next = state;
    for (Container container : pod.initAndAppContainers()) {
      MemoryAllocationResult result = policy.allocate(next, pod, container, hint, spec);
      if (result.error().isPresent()) {
        return Optional.empty();
      }
      next = result.state();
    }
    return Optional.of(next);
  }

  /** The hint as the Topology Manager would give it: only nodes of the machine. */
  private static TopologyHint onMachine(TopologyHint hint, NumaMask machineNodes) {
    return hint.affinity()
        .map(mask -> mask.and(machineNodes))
        .filter(mask -> !mask.isEmpty())
        .map(mask -> TopologyHint.of(mask, hint.preferred()))
        .orElse(TopologyHint.any(hint.preferred()));
  }

  private static void assertConsistent(StaticMemoryPolicy policy, MemoryManagerState state) {
    state.machineState().nodes().forEach((id, node) -> node.memoryMap().forEach((type, table) -> {
      assertThat(table.free() + table.reserved()).as("free + reserved of %s on node %s", type, id)
          .isEqualTo(table.allocatable());
      assertThat(table.free()).as("free %s on node %s", type, id).isNotNegative();
      assertThat(table.reserved()).as("reserved %s on node %s", type, id).isNotNegative();
    }));
    assertThat(policy.start(state)).as("start accepts the state the policy produced").isEqualTo(state);
  }
}
