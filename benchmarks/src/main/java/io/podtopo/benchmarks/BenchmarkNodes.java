package io.podtopo.benchmarks;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.Map;
import java.util.TreeMap;

/** The node configuration and containers the admission benchmarks share. */
final class BenchmarkNodes {

  private BenchmarkNodes() {}

  /**
   * CPU Manager static with {@code reserved}, Memory Manager Static with {@code reservedMemory}
   * bytes on every NUMA node, the restricted Topology Manager in {@code scope}, KEP-5526 on.
   */
  static NodeConfig.Builder restricted(Machine machine, CpuSet reserved, TopologyManagerScope scope,
      long reservedMemory) {
    NodeConfig.Builder config = new NodeConfig.Builder()
        .cpuManagerPolicy(CpuManagerPolicy.STATIC)
        .reservedSystemCpus(reserved)
        .memoryManagerPolicy(MemoryManagerPolicy.STATIC)
        .topologyManagerPolicy(TopologyManagerPolicy.RESTRICTED)
        .topologyManagerScope(scope)
        .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true));
    for (int node : machine.numaNodeIds()) {
      config.putReservedMemory(node, new TreeMap<>(Map.of("memory", reservedMemory)));
    }
    return config;
  }

  /**
   * A pod-level pod {@code bench} with a budget of {@code cpu} and {@code memory} and an exclusive
   * sidecar {@code proxy} of 1 CPU and 1 GiB.
   */
  static Pod.Builder podLevelPodWithSidecar(String cpu, String memory) {
    return new Pod.Builder().uid("bench").name("bench")
        .putPodRequest("cpu", Quantity.parse(cpu)).putPodLimit("cpu", Quantity.parse(cpu))
        .putPodRequest("memory", Quantity.parse(memory)).putPodLimit("memory", Quantity.parse(memory))
        .addInitContainer(exclusive("proxy", "1", "1Gi").restartable(true).build());
  }

  /** A container whose cpu and memory requests equal its limits. */
  static Container.Builder exclusive(String name, String cpu, String memory) {
    return new Container.Builder().name(name)
        .putRequest("cpu", Quantity.parse(cpu)).putLimit("cpu", Quantity.parse(cpu))
        .putRequest("memory", Quantity.parse(memory)).putLimit("memory", Quantity.parse(memory));
  }
}
