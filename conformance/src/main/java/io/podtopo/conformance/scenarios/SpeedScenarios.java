package io.podtopo.conformance.scenarios;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyManagerOptions;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The node scenarios {@link SpeedComparison} times: on a machine, the pod-level resource managers in
 * pod scope under {@code best-effort} (the policy that merges every mask of every provider), the CPU
 * Manager {@code static} with the first core reserved and, when asked, the Memory Manager
 * {@code Static} with 256 MiB reserved per NUMA node; {@code max-allowable-numa-nodes} raised to the
 * machine's NUMA nodes where they are more than the default 8. Two pod-level pods per NUMA node are
 * admitted one after the other, each a budget of 6 CPUs and 3 GiB: a 4-CPU, 2 GiB exclusive container,
 * a sidecar and a container in the pod's shared pool.
 */
public final class SpeedScenarios {

  private static final long MI = 1L << 20;

  private SpeedScenarios() {}

  /** The pod-scope admissions on {@code machine}, with the Memory Manager {@code Static} or not. */
  public static NodeScenario podScope(Machine machine, boolean memoryManager) {
    FeatureGates gates = FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCES, true)
        .with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true);
    NodeConfig.Builder config = new NodeConfig.Builder()
        .cpuManagerPolicy(CpuManagerPolicy.STATIC)
        .reservedSystemCpus(firstCore(machine))
        .topologyManagerPolicy(TopologyManagerPolicy.BEST_EFFORT)
        .topologyManagerScope(TopologyManagerScope.POD)
        .featureGates(gates)
        .behaviour(Behaviour.KUBELET);
    int numaNodes = machine.numaNodes().size();
    if (numaNodes > TopologyManagerOptions.DEFAULT_MAX_ALLOWABLE_NUMA_NODES) {
      config.putTopologyManagerPolicyOption(TopologyManagerOptions.MAX_ALLOWABLE_NUMA_NODES,
          Integer.toString(numaNodes));
    }
    if (memoryManager) {
      config.memoryManagerPolicy(MemoryManagerPolicy.STATIC);
      for (NumaNode node : machine.numaNodes()) {
        config.putReservedMemory(node.id(), new TreeMap<>(Map.of(Resources.MEMORY, 256 * MI)));
      }
    }
    PodRoute apiServer = PodRoute.apiServer(gates);
    List<ScenarioStep> steps = new ArrayList<>();
    for (int i = 0; i < 2 * numaNodes; i++) {
      steps.add(ScenarioStep.admit(apiServer.defaulted(pod("p" + i))));
    }
    return new NodeScenario(machine, config.build(), NodeScenario.KUBELET, steps);
  }

  private static Pod pod(String uid) {
    return new Pod.Builder().uid(uid).name(uid)
        .putPodRequest(Resources.CPU, Quantity.parse("6")).putPodLimit(Resources.CPU, Quantity.parse("6"))
        .putPodRequest(Resources.MEMORY, Quantity.parse("3Gi")).putPodLimit(Resources.MEMORY, Quantity.parse("3Gi"))
        .addInitContainers(new Container.Builder().name("proxy").restartable(true).build())
        .addContainers(new Container.Builder().name("main")
                .putRequest(Resources.CPU, Quantity.parse("4")).putLimit(Resources.CPU, Quantity.parse("4"))
                .putRequest(Resources.MEMORY, Quantity.parse("2Gi")).putLimit(Resources.MEMORY, Quantity.parse("2Gi"))
                .build(),
            new Container.Builder().name("log").build())
        .build();
  }

  /** Every thread of the machine's first core (the lowest CPU's). */
  private static CpuSet firstCore(Machine machine) {
    Cpu first = machine.cpus().stream().min((a, b) -> Integer.compare(a.id(), b.id())).orElseThrow();
    return CpuSet.of(machine.cpus().stream().filter(cpu -> cpu.socket() == first.socket() && cpu.core() == first.core())
        .mapToInt(Cpu::id).toArray());
  }
}
