package io.podtopo.conformance.properties;

import static io.podtopo.conformance.generators.PropertySeed.qt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;

import io.podtopo.conformance.generators.Machines;
import io.podtopo.domain.admission.NotEnoughCpusError;
import io.podtopo.domain.cpumanager.CpuAllocationResult;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.CpuTopology;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.cpumanager.StaticPolicyOptions;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Properties of the static policy's container path over generated machines (spec kubelet-algorithms
 * 2.3, 2.6): allocations have the requested size and come from {@code (default − reserved) ∪
 * reusable}; with {@code full-pcpus-only} they are whole cores; the result does not depend on the
 * order of the state's maps; allocate then remove restores the default set. Each property also
 * asserts that enough of its examples allocated something ({@link Exercised}).
 */
class StaticPolicyProperties {

  /**
   * One generated situation: a machine, its reserved CPUs (at most all but one), CPUs busy elsewhere,
   * two requests, a hint (bits over the NUMA nodes, 0 for none).
   */
  record Scenario(Machine machine, int reserved, int busyBits, int initCpus, int appCpus, int hintBits) {

    CpuTopology topology() {
      return CpuTopology.of(machine);
    }

    int reservedCount() {
      return Math.min(reserved, machine.cpus().size() - 1);
    }

    StaticPolicy policy(boolean fullPcpusOnly) {
      return StaticPolicy.create(topology(), reservedCount(), CpuSet.empty(),
          new StaticPolicyOptions.Builder().fullPhysicalCpusOnly(fullPcpusOnly).build(), FeatureGates.defaults(), "none", QuirkLog.of(Behaviour.KUBELET));
    }

    /** The started state with the busy CPUs (whole cores when {@code wholeCores}) assigned to another pod. */
    CpuManagerState state(StaticPolicy policy, boolean wholeCores) {
      CpuTopology topology = topology();
      CpuSet.Builder busy = new CpuSet.Builder();
      for (int id : topology.cpus().difference(policy.reservedPhysicalCpus()).toArray()) {
        if ((busyBits >>> (id % 32) & 1) != 0) {
          busy.addAll(wholeCores ? topology.siblingsOf(CpuSet.of(id)) : CpuSet.of(id));
        }
      }
      CpuSet taken = busy.build().difference(policy.reservedCpus());
      CpuManagerState started = policy.start(CpuManagerState.empty());
      if (taken.isEmpty()) {
        return started;
      }
      return CpuManagerState.of(started.defaultCpuSet().difference(taken), Map.of("other", Map.of("busy", taken)),
          Map.of());
    }

    TopologyHint hint() {
      List<Integer> nodes = topology().numaNodes().toList();
      NumaMask mask = NumaMask.empty();
      for (int i = 0; i < nodes.size(); i++) {
        if ((hintBits >>> i & 1) != 0) {
          mask = mask.or(NumaMask.of(nodes.get(i)));
        }
      }
      return mask.isEmpty() ? TopologyHint.any(false) : TopologyHint.of(mask, true);
    }
  }

  private static Gen<Scenario> scenarios() {
    return Machines.machines().zip(integers().between(0, 2), integers().all(), integers().between(1, 8),
        integers().between(1, 8), (machine, reserved, busy, init, app) -> new Scenario(machine, reserved, busy, init, app, 0))
        .zip(integers().between(0, 15), (scenario, hint) -> new Scenario(scenario.machine(), scenario.reserved(),
            scenario.busyBits(), scenario.initCpus(), scenario.appCpus(), hint));
  }

  private static Container guaranteed(String name, int cpus) {
    Quantity cpu = Quantity.of(cpus);
    Quantity memory = Quantity.parse("1Gi");
    return new Container.Builder().name(name).putRequest(Resources.CPU, cpu).putLimit(Resources.CPU, cpu)
        .putRequest(Resources.MEMORY, memory).putLimit(Resources.MEMORY, memory).build();
  }

  private static Pod podWithInit(Scenario scenario) {
    return new Pod.Builder().uid("pod").addInitContainer(guaranteed("init", scenario.initCpus()))
        .addContainer(guaranteed("app", scenario.appCpus())).build();
  }

  @Test
  void allocationsHaveTheRequestedSizeAndComeFromAvailableOrReusableCpus() {
    Exercised bothAllocated = new Exercised("the init and the app container allocated");
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(scenarios()).checkAssert(scenario -> {
      StaticPolicy policy = scenario.policy(false);
      CpuManagerState state = scenario.state(policy, false);
      Pod pod = podWithInit(scenario);
      CpuSet reusable = CpuSet.empty();
      int allocated = 0;
      for (Container container : pod.initAndAppContainers()) {
        CpuSet allocatable = policy.availableCpus(state).union(reusable);
        long requested = policy.guaranteedCpus(pod, container);
        CpuAllocationResult result = policy.allocate(state, pod, container, scenario.hint(), QuirkLog.of(Behaviour.KUBELET));
        if (requested > allocatable.size()) {
          assertThat(result.error()).containsInstanceOf(NotEnoughCpusError.class);
          assertThat(result.state()).isEqualTo(state);
          break;
        }
        assertThat(result.error()).isEmpty();
        CpuSet cpus = result.state().containerCpus(pod.uid(), container.name()).orElseThrow();
        assertThat(cpus.size()).isEqualTo(requested);
        assertThat(cpus.isSubsetOf(allocatable)).isTrue();
        assertThat(cpus.intersects(result.state().defaultCpuSet())).isFalse();
        state = result.state();
        reusable = state.reusableCpus(pod.uid());
        allocated++;
      }
      bothAllocated.example(allocated == 2);
    });
    bothAllocated.atLeast(0.25);
  }

  @Test
  void fullPcpusOnlyAllocatesWholeCores() {
    AtomicInteger allocated = new AtomicInteger();
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(scenarios()).checkAssert(scenario -> {
      StaticPolicy policy = scenario.policy(true);
      CpuTopology topology = scenario.topology();
      CpuManagerState state = scenario.state(policy, true);
      Container container = guaranteed("app", scenario.appCpus() * topology.cpusPerCore());
      Pod pod = new Pod.Builder().uid("pod").addContainer(container).build();
      CpuAllocationResult result = policy.allocate(state, pod, container, TopologyHint.any(false), QuirkLog.of(Behaviour.KUBELET));
      result.state().containerCpus(pod.uid(), container.name()).ifPresent(cpus -> {
        assertThat(topology.siblingsOf(cpus)).isEqualTo(cpus);
        allocated.incrementAndGet();
      });
      if (result.error().isPresent()) {
        assertThat(result.error().get().reason()).isEqualTo("SMTAlignmentError");
      }
    });
    assertThat(allocated.get()).as("generated scenarios that allocate").isPositive();
  }

  /**
   * The state's busy CPUs, one container each over three pods, with the pods and containers handed
   * over in ascending or in descending order.
   */
  private static CpuManagerState spreadOver3Pods(CpuManagerState state, boolean descending) {
    CpuSet busy = state.assignedCpus();
    List<Integer> ids = new java.util.ArrayList<>(java.util.Arrays.stream(busy.toArray()).boxed().toList());
    if (descending) {
      java.util.Collections.reverse(ids);
    }
    Map<String, Map<String, CpuSet>> entries = new java.util.LinkedHashMap<>();
    for (int id : ids) {
      entries.computeIfAbsent("pod" + id % 3, pod -> new java.util.LinkedHashMap<>()).put("c" + id, CpuSet.of(id));
    }
    return CpuManagerState.of(state.defaultCpuSet(), entries, Map.of());
  }

  /**
   * Deterministic whatever the order in which the state's maps are iterated: the same state, its
   * entries handed over in the opposite order, gives an equal allocation.
   */
  @Test
  void theAllocationDoesNotDependOnTheOrderOfTheStatesEntries() {
    Exercised besideBusyCpus = new Exercised("an allocation beside several busy CPUs");
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(scenarios()).checkAssert(scenario -> {
      Pod pod = podWithInit(scenario);
      Container app = pod.containers().get(0);
      StaticPolicy policy = scenario.policy(false);
      CpuManagerState state = scenario.state(policy, false);
      CpuAllocationResult ascending = policy.allocate(spreadOver3Pods(state, false), pod, app, scenario.hint(), QuirkLog.of(Behaviour.KUBELET));
      CpuAllocationResult descending = policy.allocate(spreadOver3Pods(state, true), pod, app, scenario.hint(), QuirkLog.of(Behaviour.KUBELET));
      assertThat(descending).isEqualTo(ascending);
      besideBusyCpus.example(ascending.error().isEmpty() && state.assignedCpus().size() > 1);
    });
    besideBusyCpus.atLeast(0.02);
  }

  @Test
  void allocateThenRemoveRestoresTheDefaultSet() {
    Exercised allocations = new Exercised("an allocation that took CPUs from the default set");
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(scenarios(), booleans().all()).checkAssert((scenario, fullPcpusOnly) -> {
      StaticPolicy policy = scenario.policy(fullPcpusOnly);
      CpuManagerState before = scenario.state(policy, fullPcpusOnly);
      Pod pod = podWithInit(scenario);
      Container app = pod.containers().get(0);
      CpuManagerState allocated = policy.allocate(before, pod, app, scenario.hint(), QuirkLog.of(Behaviour.KUBELET)).state();
      allocations.example(!allocated.defaultCpuSet().equals(before.defaultCpuSet()));
      assertThat(policy.removeContainer(allocated, pod.uid(), app.name()).defaultCpuSet())
          .isEqualTo(before.defaultCpuSet());
    });
    allocations.atLeast(0.25);
  }

  @Test
  void podBubblesComeFromAvailableCpusHoldEveryContainerAndReturnWithTheLastContainer() {
    FeatureGates gates = FeatureGates.of(Map.of(
        FeatureGates.POD_LEVEL_RESOURCES, true, FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true));
    Exercised bubbles = new Exercised("a bubble allocated");
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(scenarios()).checkAssert(scenario -> {
      CpuTopology topology = scenario.topology();
      StaticPolicy policy = StaticPolicy.create(topology, scenario.reservedCount(), CpuSet.empty(), StaticPolicyOptions.defaults(), gates, "none", QuirkLog.of(Behaviour.KUBELET));
      CpuManagerState before = scenario.state(policy, false);
      int budget = scenario.initCpus() + scenario.appCpus() + 1;
      Quantity cpu = Quantity.of(budget);
      Quantity memory = Quantity.parse("4Gi");
      Pod pod = new Pod.Builder().uid("pod")
          .putPodRequest(Resources.CPU, cpu).putPodLimit(Resources.CPU, cpu)
          .putPodRequest(Resources.MEMORY, memory).putPodLimit(Resources.MEMORY, memory)
          .addInitContainer(guaranteed("init", scenario.initCpus()))
          .addContainers(guaranteed("app", scenario.appCpus()), new Container.Builder().name("shared").build())
          .build();
      CpuAllocationResult result = policy.allocatePod(before, pod, scenario.hint(), QuirkLog.of(Behaviour.KUBELET));
      bubbles.example(result.error().isEmpty());
      if (result.error().isPresent()) {
        assertThat(budget).isGreaterThan(policy.availableCpus(before).size());
        assertThat(result.state()).isEqualTo(before);
        return;
      }
      CpuManagerState state = result.state();
      CpuSet bubble = state.podCpus("pod").orElseThrow();
      assertThat(bubble.size()).isEqualTo(budget);
      assertThat(bubble.isSubsetOf(policy.availableCpus(before))).isTrue();
      assertThat(state.defaultCpuSet()).isEqualTo(before.defaultCpuSet().difference(bubble));
      CpuSet app = state.containerCpus("pod", "app").orElseThrow();
      CpuSet shared = state.containerCpus("pod", "shared").orElseThrow();
      assertThat(app.size()).isEqualTo(scenario.appCpus());
      assertThat(shared.size()).isEqualTo(budget - scenario.appCpus());
      assertThat(app.intersects(shared)).isFalse();
      assertThat(state.containerCpus("pod", "init").orElseThrow().isSubsetOf(bubble)).isTrue();
      for (Container container : pod.initAndAppContainers()) {
        state = policy.removeContainer(state, "pod", container.name());
      }
      assertThat(state.defaultCpuSet()).isEqualTo(before.defaultCpuSet());
      assertThat(state.podCpus("pod")).isEmpty();
    });
    bubbles.atLeast(0.25);
  }
}
