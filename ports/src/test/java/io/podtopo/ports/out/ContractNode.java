package io.podtopo.ports.out;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.service.NodeResourceManagerService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The node the port contracts use: a small machine, the kubelet configuration of a pod-level
 * resource-managers node, pods of every kind, and the node service over them, whose snapshots and
 * PodResources answers the contracts compare an adapter's with.
 */
public final class ContractNode {

  private static final long GI = 1L << 30;
  private static final String GPU = "example.com/gpu";

  /**
   * CPUs 0-3 on NUMA node 0 and 4-7 on node 1, no SMT; 16 GiB and two 1Gi hugepages per node; GPU
   * g0 on node 0, g1 on node 1.
   */
  public static final Machine MACHINE = machine();

  private ContractNode() {}

  private static Machine machine() {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < 8; id++) {
      cpus.add(Cpu.of(id, id, id / 4, id / 4, id / 4));
    }
    Machine.Builder machine = new Machine.Builder().name("contract-2n4c").cpus(cpus)
        .addDevices(Device.of(GPU, "g0", 0), Device.of(GPU, "g1", 1));
    for (int node = 0; node < 2; node++) {
      machine.addNumaNode(new NumaNode.Builder().id(node).memoryBytes(16 * GI).putHugepage(GI, 2L).build());
    }
    return machine.build();
  }

  /** Static CPU (CPU 0 reserved) and memory (1Gi reserved per node) policies, restricted, pod-level managers on. */
  public static NodeConfig config(TopologyManagerScope scope) {
    NodeConfig.Builder config = new NodeConfig.Builder()
        .cpuManagerPolicy(CpuManagerPolicy.STATIC)
        .reservedSystemCpus(CpuSet.of(0))
        .memoryManagerPolicy(MemoryManagerPolicy.STATIC)
        .topologyManagerPolicy(TopologyManagerPolicy.RESTRICTED)
        .topologyManagerScope(scope)
        .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true));
    for (int node = 0; node < 2; node++) {
      config.putReservedMemory(node, new TreeMap<>(Map.of("memory", GI)));
    }
    return config.build();
  }

  /**
   * The pods, in admission order: {@code default/web}, pod-level (2 CPUs, 2Gi: an exclusive
   * {@code app} of 1 CPU with a GPU, a shared {@code log}); {@code default/db}, a Guaranteed
   * container of 2 CPUs, 2Gi and a 1Gi hugepage; {@code team-b/web}, BestEffort, the same name as
   * the first in another namespace.
   */
  public static List<Pod> pods() {
    Pod web = new Pod.Builder().uid("uid-web").name("web").namespace("default")
        .putPodRequest("cpu", Quantity.parse("2")).putPodLimit("cpu", Quantity.parse("2"))
        .putPodRequest("memory", Quantity.parse("2Gi")).putPodLimit("memory", Quantity.parse("2Gi"))
        .addContainer(guaranteed("app", "1", "1Gi").putRequest(GPU, Quantity.parse("1"))
            .putLimit(GPU, Quantity.parse("1")).build())
        .addContainer(Container.named("log"))
        .build();
    Pod db = new Pod.Builder().uid("uid-db").name("db").namespace("default")
        .addContainer(guaranteed("main", "2", "2Gi").putRequest("hugepages-1Gi", Quantity.parse("1Gi"))
            .putLimit("hugepages-1Gi", Quantity.parse("1Gi")).build())
        .build();
    Pod other = new Pod.Builder().uid("uid-web-b").name("web").namespace("team-b")
        .addContainer(Container.named("main"))
        .build();
    return List.of(web, db, other);
  }

  private static Container.Builder guaranteed(String name, String cpus, String memory) {
    return new Container.Builder().name(name)
        .putRequest("cpu", Quantity.parse(cpus)).putLimit("cpu", Quantity.parse(cpus))
        .putRequest("memory", Quantity.parse(memory)).putLimit("memory", Quantity.parse(memory));
  }

  /** A node service in {@code scope} with every one of {@link #pods} admitted, over ports that keep nothing. */
  public static NodeResourceManagerService node(TopologyManagerScope scope) {
    NodeResourceManagerService node = new NodeResourceManagerService(config(scope), () -> MACHINE, new NoStore(),
        new NoCgroups(), new NoMetrics());
    for (Pod pod : pods()) {
      if (!node.admit(pod).admitted()) {
        throw new IllegalStateException("the contract node refused " + pod.namespace() + "/" + pod.name());
      }
    }
    return node;
  }

  /**
   * The snapshots of one node's life in pod scope, each different from the one before: with every
   * pod admitted, after {@code web}'s {@code log} container was removed, after {@code db} was
   * removed, after the last pods were removed (no pod, but the state of a node that had them).
   */
  public static List<NodeSnapshot> snapshots() {
    NodeResourceManagerService node = node(TopologyManagerScope.POD);
    return List.of(node.snapshot(), node.removeContainer("uid-web", "log"), node.removePod("uid-db"),
        node.removePod("uid-web"), node.removePod("uid-web-b"));
  }

  /** Saves nothing: the contract node starts empty. */
  private static final class NoStore implements AllocationStore {
    @Override
    public Optional<NodeSnapshot> load() {
      return Optional.empty();
    }

    @Override
    public void save(NodeSnapshot snapshot) {}
  }

  /** Writes no cgroup. */
  private static final class NoCgroups implements CpusetWriter {
    @Override
    public void apply(List<CpusetWrite> batch) {}

    @Override
    public void removePod(String podUid) {}
  }

  /** Counts nothing. */
  private static final class NoMetrics implements MetricsRecorder {
    @Override
    public void recordAdmission(AdmissionResult result, Optional<String> reason, Duration duration) {}

    @Override
    public void recordAllocations(ResourceName resource, ResourceManagerMetrics increments) {}
  }
}
