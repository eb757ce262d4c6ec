package io.podtopo.service;

import io.podtopo.adapters.fake.MachineShape;
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

/** A small two-node machine, a pod-scope configuration with pod-level resource managers, and pods. */
final class ServiceFixtures {

  /** 2 sockets, one NUMA node each, 4 cores without SMT per node: CPUs 0-3 on node 0, 4-7 on node 1. */
  static final Machine MACHINE = MachineShape.parse("2s2n4c,mem=16Gi").toMachine();

  private ServiceFixtures() {}

  /** Static CPU policy (CPU 0 reserved), Static memory policy (1Gi reserved per node), single-numa-node, pod scope. */
  static NodeConfig podScope() {
    NodeConfig.Builder config = new NodeConfig.Builder()
        .cpuManagerPolicy(CpuManagerPolicy.STATIC)
        .reservedSystemCpus(CpuSet.of(0))
        .memoryManagerPolicy(MemoryManagerPolicy.STATIC)
        .topologyManagerPolicy(TopologyManagerPolicy.SINGLE_NUMA_NODE)
        .topologyManagerScope(TopologyManagerScope.POD)
        .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true));
    for (int node = 0; node < 2; node++) {
      config.putReservedMemory(node, new TreeMap<>(Map.of("memory", 1L << 30)));
    }
    return config.build();
  }

  /** A pod-level pod of {@code cpus} CPUs and 2Gi: an exclusive {@code app} of 1 CPU and a shared {@code log}. */
  static Pod hybrid(String uid, String cpus) {
    return new Pod.Builder().uid(uid).name(uid)
        .putPodRequest("cpu", Quantity.parse(cpus)).putPodLimit("cpu", Quantity.parse(cpus))
        .putPodRequest("memory", Quantity.parse("2Gi")).putPodLimit("memory", Quantity.parse("2Gi"))
        .addContainer(guaranteed("app", "1", "1Gi"))
        .addContainer(Container.named("log"))
        .build();
  }

  /** A Guaranteed pod without pod-level resources: one container of {@code cpus} exclusive CPUs. */
  static Pod guaranteed(String uid, String cpus) {
    return new Pod.Builder().uid(uid).name(uid).addContainer(guaranteed("app", cpus, "1Gi")).build();
  }

  /** A BestEffort pod: one container without resources, on the node shared pool. */
  static Pod bestEffort(String uid) {
    return new Pod.Builder().uid(uid).name(uid).addContainer(Container.named("main")).build();
  }

  static Container guaranteed(String name, String cpus, String memory) {
    return new Container.Builder().name(name)
        .putRequest("cpu", Quantity.parse(cpus)).putLimit("cpu", Quantity.parse(cpus))
        .putRequest("memory", Quantity.parse(memory)).putLimit("memory", Quantity.parse(memory))
        .build();
  }
}
