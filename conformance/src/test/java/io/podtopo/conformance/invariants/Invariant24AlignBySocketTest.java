package io.podtopo.conformance.invariants;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.ports.in.ScenarioStep;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Invariant 24's one exemption, pinned on the case the generators found: one socket of two NUMA nodes
 * (CPUs 0-1 and 2-3, CPU 0 reserved), {@code restricted} in pod scope, {@code align-by-socket} and
 * {@code distribute-cpus-across-numa}. A 1-CPU pod is aligned to node 0 but its CPU is taken from the
 * whole socket, balanced onto node 1; its memory stays on node 0. Re-admitted after a restart, no
 * preferred hint covers both and {@code restricted} rejects, as upstream does once its restart fixes
 * are in. Without {@code align-by-socket} the same rejection is a violation. The node runs in the
 * corrected behaviour, where the invariants are checked (ADR 0008): kubelet v1.37 derives the
 * restart hints otherwise (quirks {@code Q-cpu-restart-reallocates}, {@code Q-memory-restart-reapplies}).
 */
class Invariant24AlignBySocketTest {

  private static final long MI = 1L << 20;
  private static final Machine MACHINE = new Machine.Builder()
      .from(Machine.ofCpus("1s2n2c", List.of(Cpu.of(0, 0, 0, 0, 0), Cpu.of(1, 1, 0, 0, 0), Cpu.of(2, 2, 0, 1, 0),
          Cpu.of(3, 3, 0, 1, 0))))
      .numaNodes(List.of(NumaNode.of(0, 8L << 30), NumaNode.of(1, 8L << 30))).build();
  private static final NodeConfig CONFIG = new NodeConfig.Builder()
      .cpuManagerPolicy(CpuManagerPolicy.STATIC).reservedCpuCount(1)
      .putCpuManagerPolicyOption("align-by-socket", "true").putCpuManagerPolicyOption("distribute-cpus-across-numa", "true")
      .topologyManagerPolicy(TopologyManagerPolicy.RESTRICTED).topologyManagerScope(TopologyManagerScope.POD)
      .memoryManagerPolicy(MemoryManagerPolicy.STATIC)
      .putReservedMemory(0, new TreeMap<>(Map.of("memory", 256 * MI)))
      .putReservedMemory(1, new TreeMap<>(Map.of("memory", 256 * MI)))
      .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true)
          .with(FeatureGates.CPU_MANAGER_POLICY_ALPHA_OPTIONS, true))
      .behaviour(Behaviour.SPEC)
      .build();
  private static final Pod POD = new Pod.Builder().uid("p").name("p")
      .putPodRequest("cpu", Quantity.of(1)).putPodLimit("cpu", Quantity.of(1))
      .putPodRequest("memory", Quantity.of(384 * MI)).putPodLimit("memory", Quantity.of(384 * MI))
      .addContainer(new Container.Builder().name("app").putRequest("cpu", Quantity.of(1)).putLimit("cpu", Quantity.of(1))
          .putRequest("memory", Quantity.of(256 * MI)).putLimit("memory", Quantity.of(256 * MI)).build())
      .build();

  private final Invariant24RestartReadmissionIsIdempotent invariant = new Invariant24RestartReadmissionIsIdempotent();

  @Test
  void invariant24_alignBySocketPlacesTheCpuOffTheMemoryNodeAndTheRestartReadmissionIsRejectedInSpecMode() {
    NodeResourceManagers managers = NodeResourceManagers.create(CONFIG, MACHINE);
    Admission first = managers.admit(managers.initialState(), POD);
    assertThat(first.state().cpu().podCpus("p")).contains(CpuSet.of(2));
    assertThat(first.state().memory().podBlocks("p").orElseThrow().get(0).numaAffinity()).containsExactly(0);
    ObservedNode before = ObservedNode.of(managers, first.state(), List.of(POD));

    Admission again = managers.admit(first.state(), POD);

    assertThat(again.admitted()).isFalse();
    ObservedNode after = ObservedNode.of(managers, again.state(), List.of(POD));
    assertThat(invariant.checkTransition(before, ScenarioStep.admit(POD), Optional.of(again), after)).isEmpty();
    ObservedNode withoutTheOption = new ObservedNode(new NodeConfig.Builder().from(CONFIG)
        .putCpuManagerPolicyOption("align-by-socket", "false").build(), MACHINE, before.reservedCpus(), before.state(),
        before.activePods());
    assertThat(invariant.checkTransition(withoutTheOption, ScenarioStep.admit(POD), Optional.of(again), after))
        .extracting(Violation::invariant).containsExactly(24);
  }
}
