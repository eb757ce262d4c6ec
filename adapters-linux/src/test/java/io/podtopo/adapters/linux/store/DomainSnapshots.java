package io.podtopo.adapters.linux.store;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Snapshots of real nodes, seeded: the domain's managers ({@link NodeResourceManagers}) on a 2-NUMA
 * machine with hugepages or a 4-NUMA machine with SMT, under pod or container scope, with either
 * manager off at times, admitting pod-level, container-level, Burstable and BestEffort pods (init
 * containers, sidecars, ephemeral containers, odd names and quantity spellings, GPUs on the 2-NUMA
 * machine) and removing containers and pods.
 */
final class DomainSnapshots {

  private static final long GI = 1L << 30;
  /** A device plugin resource of the two-NUMA machine, asked for by pinned {@code app} and {@code init} containers. */
  private static final String GPU = "example.com/gpu";
  private static final String[] NAMES = {"app", "sidecar", "log/ship", "ü-metrics", "q\"uote", "tilde~0"};

  private DomainSnapshots() {}

  /** The snapshot after each of {@code operations} operations on the node that {@code seed} picks. */
  static List<NodeSnapshot> sequence(long seed, int operations) {
    SplittableRandom random = new SplittableRandom(seed);
    boolean numa4 = random.nextBoolean();
    NodeResourceManagers managers = NodeResourceManagers.create(config(random, numa4 ? 4 : 2),
        numa4 ? fourNumaSmt() : twoNumaHugepages());
    NodeSnapshot node = NodeSnapshot.of(managers.initialState());
    List<NodeSnapshot> snapshots = new ArrayList<>();
    for (int i = 0; i < operations; i++) {
      int operation = random.nextInt(10);
      if (operation < 6 || node.activePods().isEmpty()) {
        Pod pod = pod(random, "uid-" + seed + "-" + i);
        Admission admission = managers.admit(node.state(), pod);
        if (admission.admitted()) {
          node = node.withAdmitted(managers.startContainers(admission.state(), pod), pod);
        }
      } else if (operation < 9) {
        Pod pod = node.activePods().get(random.nextInt(node.activePods().size()));
        List<Container> containers = Stream.concat(pod.initAndAppContainers().stream(),
            pod.ephemeralContainers().stream()).toList();
        String name = containers.get(random.nextInt(containers.size())).name();
        node = node.withContainerRemoved(managers.removeContainer(node.state(), pod.uid(), name), pod.uid(), name);
      } else {
        Pod pod = node.activePods().get(random.nextInt(node.activePods().size()));
        node = node.withPodRemoved(managers.removePod(node.state(), pod), pod.uid());
      }
      snapshots.add(node);
    }
    return snapshots;
  }

  private static NodeConfig config(SplittableRandom random, int numaNodes) {
    boolean cpuStatic = random.nextInt(5) > 0;
    boolean memoryStatic = !cpuStatic || random.nextInt(5) > 0;
    TopologyManagerPolicy[] policies = {TopologyManagerPolicy.RESTRICTED, TopologyManagerPolicy.BEST_EFFORT,
        TopologyManagerPolicy.SINGLE_NUMA_NODE};
    NodeConfig.Builder config = new NodeConfig.Builder()
        .topologyManagerPolicy(policies[random.nextInt(policies.length)])
        .topologyManagerScope(random.nextInt(3) > 0 ? TopologyManagerScope.POD : TopologyManagerScope.CONTAINER)
        .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, random.nextInt(4) > 0));
    if (cpuStatic) {
      config.cpuManagerPolicy(CpuManagerPolicy.STATIC).reservedSystemCpus(CpuSet.of(0));
    }
    if (memoryStatic) {
      config.memoryManagerPolicy(MemoryManagerPolicy.STATIC);
      for (int node = 0; node < numaNodes; node++) {
        config.putReservedMemory(node, new TreeMap<>(Map.of("memory", GI)));
      }
    }
    return config.build();
  }

  /**
   * CPUs 0-7 on NUMA node 0, 8-15 on node 1, no SMT; 16 GiB, four 1Gi and 512 2Mi hugepages per node;
   * GPUs g0 on node 0, g1 on node 1 and g2 without a NUMA node.
   */
  private static Machine twoNumaHugepages() {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < 16; id++) {
      cpus.add(Cpu.of(id, id, id / 8, id / 8, id / 8));
    }
    Machine.Builder machine = new Machine.Builder().name("two-numa-hugepages").cpus(cpus)
        .addDevices(Device.of(GPU, "g0", 0), Device.of(GPU, "g1", 1), Device.of(GPU, "g2", null));
    for (int node = 0; node < 2; node++) {
      machine.addNumaNode(new NumaNode.Builder().id(node).memoryBytes(16 * GI).putHugepage(GI, 4L)
          .putHugepage(2L << 20, 512L).build());
    }
    return machine.build();
  }

  /** 16 cores of 2 threads (CPU c and c+16), 4 per NUMA node, two nodes per socket; 8 GiB per node. */
  private static Machine fourNumaSmt() {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < 32; id++) {
      int core = id % 16;
      cpus.add(Cpu.of(id, core, core / 8, core / 4, core / 4));
    }
    Machine.Builder machine = new Machine.Builder().name("four-numa-smt").cpus(cpus);
    for (int node = 0; node < 4; node++) {
      machine.addNumaNode(NumaNode.of(node, 8 * GI));
    }
    return machine.build();
  }

  /** What a container asks for. */
  private enum Ask { PINNED, BURSTABLE, NOTHING }

  /**
   * A pod-level pod (kind 0), a container-level Guaranteed pod (1), a Burstable (2) or a BestEffort
   * pod (3), or a container-level pod wider than one NUMA node (4).
   */
  private static Pod pod(SplittableRandom random, String uid) {
    Pod.Builder pod = new Pod.Builder().uid(uid).name(random.nextBoolean() ? uid : "web-" + uid)
        .namespace(random.nextBoolean() ? "default" : "team-ä");
    int kind = random.nextInt(5);
    if (kind == 4) {
      return pod.addContainer(new Container.Builder().name("wide")
          .putRequest("cpu", Quantity.parse("12")).putLimit("cpu", Quantity.parse("12"))
          .putRequest("memory", Quantity.parse("18Gi")).putLimit("memory", Quantity.parse("18Gi")).build()).build();
    }
    if (kind == 0) {
      int cpus = 2 + random.nextInt(4);
      pin(random, pod::putPodRequest, pod::putPodLimit, cpus, cpus);
      if (random.nextInt(3) == 0) {
        pod.putPodRequest("hugepages-1Gi", Quantity.parse("1Gi")).putPodLimit("hugepages-1Gi", Quantity.parse("1Gi"));
      }
    }
    Ask ask = kind == 1 ? Ask.PINNED : kind == 2 ? Ask.BURSTABLE : Ask.NOTHING;
    if (random.nextInt(3) == 0) {
      pod.addInitContainer(container(random, "init", kind == 0 && random.nextBoolean() ? Ask.PINNED : ask));
    }
    if (random.nextInt(4) == 0) {
      pod.addInitContainer(new Container.Builder().from(container(random, "sidecar-init", ask)).restartable(true)
          .build());
    }
    int containers = 1 + random.nextInt(3);
    for (int i = 0; i < containers; i++) {
      pod.addContainer(container(random, NAMES[i] + (i == 0 ? "" : "-" + i), kind == 0 && i == 0 ? Ask.PINNED : ask));
    }
    if (random.nextInt(4) == 0) {
      pod.addEphemeralContainer(Container.named("debugger"));
    }
    return pod.build();
  }

  private static Container container(SplittableRandom random, String name, Ask ask) {
    Container.Builder container = new Container.Builder().name(name);
    if (ask == Ask.PINNED) {
      pin(random, container::putRequest, container::putLimit, 1, 1);
      if (name.equals(NAMES[0]) || name.equals("init")) {
        container.putRequest(GPU, Quantity.parse("1")).putLimit(GPU, Quantity.parse("1"));
      }
      if (random.nextInt(3) == 0) {
        container.putRequest("hugepages-2Mi", Quantity.parse("64Mi")).putLimit("hugepages-2Mi", Quantity.parse("64Mi"));
      }
    } else if (ask == Ask.BURSTABLE) {
      container.putRequest("cpu", Quantity.parse("250m")).putRequest("memory", Quantity.parse("64Mi"));
    }
    return container.build();
  }

  private interface Put {
    void put(String resource, Quantity quantity);
  }

  /** cpu and memory request = limit, in one of several spellings. */
  private static void pin(SplittableRandom random, Put request, Put limit, int cpus, int gib) {
    String[] cpu = {Integer.toString(cpus), cpus * 1000 + "m"};
    String[] memory = {gib + "Gi", Long.toString(gib * GI), gib * 1024 + "Mi"};
    Quantity cpuQuantity = Quantity.parse(cpu[random.nextInt(cpu.length)]);
    Quantity memoryQuantity = Quantity.parse(memory[random.nextInt(memory.length)]);
    request.put("cpu", cpuQuantity);
    limit.put("cpu", cpuQuantity);
    request.put("memory", memoryQuantity);
    limit.put("memory", memoryQuantity);
  }
}
