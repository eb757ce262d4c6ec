package io.podtopo.benchmarks;

import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
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
import io.podtopo.service.NodeResourceManagerService;
import java.util.Map;
import java.util.TreeMap;

/** The node configurations, nodes and containers the benchmarks share. */
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

  /**
   * The node of the PodResources and state benchmarks, as {@code AgentLoadTest} runs it: the 384-CPU
   * dual EPYC 9654 NPS4 machine in pod scope, restricted, 1 GiB reserved per NUMA node, holding 250
   * pods: 125 pod-level pods of 2 CPUs and 2Gi (an exclusive 1-CPU app and two shared containers)
   * and 125 BestEffort pods of two containers, {@code maxPods} raised to 300 as the agent's load tests
   * raise it (the kubelet's default 110 would refuse the 111th pod, NA-22). Decisions are saved in
   * memory, cpusets written nowhere.
   */
  static NodeResourceManagerService epycWith250Pods() {
    CatalogMachineSource machine = CatalogMachineSource.of("epyc-9654-2s-nps4");
    NodeConfig config = restricted(machine.machine(), CpuSet.of(0, 192), TopologyManagerScope.POD, 1L << 30)
        .maxPods(300).build();
    NodeResourceManagerService node = new NodeResourceManagerService(config, machine, new InMemoryAllocationStore(),
        new RecordingCpusetWriter(), new InMemoryMetricsRecorder());
    for (int i = 0; i < 125; i++) {
      admit(node, new Pod.Builder().uid("plr-" + i)
          .putPodRequest("cpu", Quantity.parse("2")).putPodLimit("cpu", Quantity.parse("2"))
          .putPodRequest("memory", Quantity.parse("2Gi")).putPodLimit("memory", Quantity.parse("2Gi"))
          .addContainer(exclusive("app", "1", "1Gi").build())
          .addContainer(Container.named("proxy"))
          .addContainer(Container.named("logs"))
          .build());
    }
    for (int i = 0; i < 125; i++) {
      admit(node, new Pod.Builder().uid("be-" + i).addContainer(Container.named("main"))
          .addContainer(Container.named("sidecar")).build());
    }
    return node;
  }

  private static void admit(NodeResourceManagerService node, Pod pod) {
    if (!node.admit(pod).admitted()) {
      throw new IllegalStateException("the benchmark pod " + pod.uid() + " must be admitted");
    }
  }
}
