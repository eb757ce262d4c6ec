package io.podtopo.domain.node;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.TestPods;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Machines, configurations and pods for the node tests. */
final class NodeFixtures {

  static final long GI = 1L << 30;
  static final FeatureGates PLRM_ON = FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true);
  static final FeatureGates PLRM_OFF = FeatureGates.defaults();

  private NodeFixtures() {}

  /**
   * Two sockets without SMT, one NUMA node each: CPUs 0-7 on node 0, 8-15 on node 1; 16 GiB of
   * memory and four 1 GiB hugepages per node. CPU ids are easy to read in the KEP examples.
   */
  static Machine twoSocketsNoSmt() {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < 16; id++) {
      int node = id / 8;
      cpus.add(Cpu.of(id, id, node, node, node));
    }
    return new Machine.Builder().name("two-sockets-no-smt").cpus(cpus)
        .addNumaNode(new NumaNode.Builder().id(0).memoryBytes(16 * GI).putHugepage(GI, 4L).build())
        .addNumaNode(new NumaNode.Builder().id(1).memoryBytes(16 * GI).putHugepage(GI, 4L).build())
        .build();
  }

  /**
   * Two sockets with 2-way SMT, one NUMA node each: cores 0-5 on node 0 (CPUs 0-5 and siblings
   * 12-17), cores 6-11 on node 1 (CPUs 6-11 and 18-23); 16 GiB per node.
   */
  static Machine twoSocketsSmt() {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < 24; id++) {
      int core = id % 12;
      int node = core / 6;
      cpus.add(Cpu.of(id, core, node, node, node));
    }
    return new Machine.Builder().name("two-sockets-smt").cpus(cpus)
        .addNumaNode(NumaNode.of(0, 16 * GI))
        .addNumaNode(NumaNode.of(1, 16 * GI))
        .build();
  }

  /** One socket and NUMA node of {@code count} CPUs without SMT and 16 GiB: a small node. */
  static Machine oneNodeNoSmt(int count) {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < count; id++) {
      cpus.add(Cpu.of(id, id, 0, 0, 0));
    }
    return new Machine.Builder().name(count + "-cpus").cpus(cpus).addNumaNode(NumaNode.of(0, 16 * GI)).build();
  }

  /** {@link #twoSocketsNoSmt()} as a GPU server: GPU-0 on NUMA node 0, GPU-1 on node 1. */
  static Machine twoSocketsOneGpuEach() {
    return new Machine.Builder().from(twoSocketsNoSmt()).name("two-sockets-one-gpu-each")
        .addDevices(Device.of(GPU, "GPU-0", 0), Device.of(GPU, "GPU-1", 1))
        .build();
  }

  static final String GPU = "nvidia.com/gpu";

  /** Static CPU (CPU 0 reserved) and Static memory (1 GiB reserved per node) managers under this topology policy. */
  static NodeConfig.Builder config(TopologyManagerPolicy policy, TopologyManagerScope scope, FeatureGates gates) {
    Map<Integer, Map<String, Long>> reserved = new TreeMap<>();
    NodeConfig.Builder config = new NodeConfig.Builder()
        .cpuManagerPolicy(CpuManagerPolicy.STATIC)
        .reservedSystemCpus(CpuSet.of(0))
        .memoryManagerPolicy(MemoryManagerPolicy.STATIC)
        .topologyManagerPolicy(policy)
        .topologyManagerScope(scope)
        .featureGates(gates);
    for (int node = 0; node < 2; node++) {
      config.putReservedMemory(node, new TreeMap<>(Map.of("memory", GI)));
    }
    return config;
  }

  static NodeResourceManagers managers(TopologyManagerPolicy policy, TopologyManagerScope scope) {
    return NodeResourceManagers.create(config(policy, scope, PLRM_ON).build(), twoSocketsNoSmt());
  }

  /** {@link #managers(TopologyManagerPolicy, TopologyManagerScope)} reproducing {@code behaviour} at every quirk. */
  static NodeResourceManagers managers(TopologyManagerPolicy policy, TopologyManagerScope scope, Behaviour behaviour) {
    return NodeResourceManagers.create(config(policy, scope, PLRM_ON).behaviour(behaviour).build(), twoSocketsNoSmt());
  }

  /** An equivalent-Guaranteed container: cpu and memory (and extra resources) request = limit. */
  static Container gu(String name, String cpu, String memory, String... extra) {
    return TestPods.pinned(name, cpu, memory, extra);
  }

  /** A container without resources. */
  static Container shared(String name) {
    return Container.named(name);
  }

  static Container sidecar(Container container) {
    return TestPods.sidecar(container);
  }

  /** A pod-level pod with cpu and memory (and extra resources) request = limit. */
  static Pod.Builder podLevel(String uid, String cpu, String memory, String... extra) {
    return TestPods.podLevel(uid, cpu, memory, extra);
  }

  /** The assignment of one container of an admission. */
  static ContainerAssignment container(Admission admission, String name) {
    return admission.assignment().orElseThrow().containers().stream()
        .filter(c -> c.name().equals(name)).findFirst().orElseThrow();
  }

  static CpuSet cpus(Admission admission, String name) {
    return container(admission, name).cpus().orElseThrow();
  }

  /**
   * A rejection as kubelet v1.37 leaves it (NA-3 with quirk {@code Q-stale-topology-hints}): the state
   * is {@code before} but for the hints the Topology Manager stored for the refused pod {@code uid}
   * (one per container in {@code containers}), which stay; the quirk is named.
   */
  static void assertRefusedKeepingOnlyItsStoredHints(Admission admission, NodeState before, String uid,
      String... containers) {
    org.assertj.core.api.Assertions.assertThat(admission.admitted()).isFalse();
    NodeState state = admission.state();
    org.assertj.core.api.Assertions.assertThat(state)
        .isEqualTo(new NodeState.Builder().from(before).topologyHints(state.topologyHints()).build());
    java.util.Map<String, ?> others = new TreeMap<>(state.topologyHints());
    others.remove(uid);
    org.assertj.core.api.Assertions.assertThat(others).as("the other pods' hints").isEqualTo(before.topologyHints()
        .entrySet().stream().filter(e -> !e.getKey().equals(uid))
        .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    org.assertj.core.api.Assertions.assertThat(state.topologyHints().get(uid)).as("the refused pod's hints")
        .containsOnlyKeys(containers);
    org.assertj.core.api.Assertions.assertThat(admission.quirks())
        .contains(io.podtopo.domain.quirks.KubeletQuirk.STALE_TOPOLOGY_HINTS);
  }

  /** The explanation of {@code pod}'s rejection from {@code state}, which must reject it. */
  static RejectionCause explainRejection(NodeResourceManagers managers, NodeState state, Pod pod) {
    Admission admission = managers.admit(state, pod);
    org.assertj.core.api.Assertions.assertThat(admission.admitted()).as("the pod is rejected").isFalse();
    return new RejectionExplainer(managers).explain(pod, admission).orElseThrow();
  }

  /** The state after admitting {@code pod} on {@code state}, which must admit it. */
  static NodeState admittedState(NodeResourceManagers managers, NodeState state, Pod pod) {
    Admission admission = managers.admit(state, pod);
    org.assertj.core.api.Assertions.assertThat(admission.admitted()).as(pod.name()).isTrue();
    return admission.state();
  }
}

