package io.podtopo.conformance.generators;

import io.podtopo.domain.cpumanager.StaticPolicyOptions;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyManagerOptions;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Whole nodes: the synthetic machines of {@link Machines} (at least 4 CPUs) given memory (8 or 16 GiB
 * per NUMA node, 2Mi hugepages on some nodes), half the time a NUMA distance matrix and, half of
 * them, devices ({@link Devices}); and kubelet
 * configurations for them, every one a configuration the kubelet starts with:
 * <ul>
 *   <li>CPU Manager {@code static} (7 in 8) with 1 or 2 reserved CPUs and any valid mix of
 *       {@code full-pcpus-only}, {@code strict-cpu-reservation}, {@code distribute-cpus-across-numa} or
 *       {@code distribute-cpus-across-cores} (the two are exclusive, and the latter excludes
 *       {@code full-pcpus-only}) and {@code align-by-socket} (never under {@code single-numa-node} nor on
 *       machines with more sockets than NUMA nodes); the alpha options turn their gate on; or
 *       {@code none} (no options);</li>
 *   <li>Memory Manager {@code Static} (7 in 8) with 256Mi reserved per node, or {@code None};</li>
 *   <li>every Topology Manager policy in both scopes, {@code prefer-closest-numa-nodes} half the time
 *       on machines with distances;</li>
 *   <li>the KEP-5526 gates mostly on, sometimes one of them off.</li>
 * </ul>
 */
public final class Nodes {

  static final long MI = 1L << 20;
  /**
   * The Topology Manager's default {@code max-allowable-numa-nodes}: wide machines have at most this
   * many NUMA nodes, CPU-less ones included (above it the kubelet's merge takes seconds an admission).
   */
  static final int DEFAULT_MAX_NUMA_NODES = 8;
  static final long GI = 1L << 30;

  private Nodes() {}

  /** Machines of 4 to 192 CPUs with memory on every NUMA node, half of them with NUMA distances, half with devices ({@link Devices}). */
  public static Gen<Machine> machines() {
    Gen<Machine> cpus = Machines.machines().assuming(machine -> machine.cpus().size() >= 4);
    return cpus.zip(Generate.booleans(), Generate.booleans(), Nodes::withMemory)
        .zip(Generate.booleans(), (machine, distances) -> distances ? withDistances(machine) : machine)
        .flatMap(Devices::sometimesOn)
        .describedAs(machine -> machine.name() + " (" + machine.cpus().size() + " CPUs, NUMA " + machine.numaNodeIds()
            + (machine.hasDistances() ? ", distances" : "")
            + (machine.devices().isEmpty() ? "" : ", devices " + machine.devices()) + ")");
  }

  /**
   * The machines of {@link Machines#manyNodes} of at least 4 CPUs, with memory on every NUMA node,
   * half of them with devices.
   */
  public static Gen<Machine> manyNodeMachines(int minNodes, int maxNodes) {
    return Machines.manyNodes(minNodes, maxNodes).assuming(machine -> machine.cpus().size() >= 4)
        .zip(Generate.booleans(), Generate.booleans(), Nodes::withMemory).flatMap(Devices::sometimesOn)
        .describedAs(machine -> machine.name() + " (" + machine.cpus().size() + " CPUs, NUMA " + machine.numaNodeIds() + ")");
  }

  /**
   * {@link #configs} for a machine of any number of NUMA nodes: {@code max-allowable-numa-nodes}
   * raised to the node count above 8, and {@code prefer-closest-numa-nodes} half the time.
   */
  public static Gen<NodeConfig> manyNodeConfigs(Machine machine) {
    int nodes = machine.numaNodeIds().size();
    return configs(machine).zip(Generate.booleans(), (config, closest) -> {
      NodeConfig.Builder builder = new NodeConfig.Builder().from(config);
      if (nodes > 8) {
        builder.putTopologyManagerPolicyOption("max-allowable-numa-nodes", Integer.toString(nodes));
      }
      if (closest && machine.hasDistances()) {
        builder.putTopologyManagerPolicyOption(TopologyManagerOptions.PREFER_CLOSEST_NUMA_NODES, "true");
      }
      return builder.build();
    });
  }

  /**
   * The differential campaign's machines: those of {@link #machines} widened to every family the
   * kubelet meets: 4, 8 or 16 GiB per NUMA node; 2Mi hugepages (256 or 1024 pages) and 1Gi hugepages
   * (1 or 2 pages) each on some nodes, never more than a quarter of the node's memory each; now and
   * then one or two NUMA nodes of memory only, without CPUs (as CXL memory and HBM show up), numbered
   * after the others, up to {@value #DEFAULT_MAX_NUMA_NODES} NUMA nodes in all; half of them with a distance
   * matrix (by socket, or with per-pair distances from 11 to 40); half with devices ({@link Devices}).
   */
  public static Gen<Machine> wideMachines() {
    Gen<Machine> cpus = Machines.machines().assuming(machine -> machine.cpus().size() >= 4);
    Gen<Integer> cpuLessNodes = Generate.frequency(Pair.of(6, Generate.constant(0)), Pair.of(1, Generate.constant(1)),
        Pair.of(1, Generate.constant(2)));
    Gen<long[]> memoryShapes = source -> new long[] {
        Generate.pick(List.of(4L, 8L, 16L)).generate(source), Generate.range(0, 3).generate(source),
        Generate.range(0, 3).generate(source)};
    return source -> {
      Machine withCpus = cpus.generate(source);
      int room = Math.max(0, DEFAULT_MAX_NUMA_NODES - withCpus.numaNodeIds().size());
      Machine machine = withCpuLessNodes(withCpus, Math.min(room, cpuLessNodes.generate(source)));
      long[] shape = memoryShapes.generate(source);
      List<NumaNode> nodes = new ArrayList<>();
      for (NumaNode node : machine.numaNodes()) {
        NumaNode.Builder withMemory = new NumaNode.Builder().id(node.id()).memoryBytes(shape[0] * GI);
        // The pools fit in the node's memory, as they are carved out of it: at most a quarter each.
        if (shape[1] > 0 && Generate.range(0, 2).generate(source) > 0) {
          withMemory.putHugepage(2 * MI, shape[1] == 1 || shape[0] < 8 ? 256L : 1024L);
        }
        if (shape[2] > 0 && Generate.range(0, 2).generate(source) > 0) {
          withMemory.putHugepage(GI, shape[2] == 1 || shape[0] < 8 ? 1L : 2L);
        }
        nodes.add(withMemory.build());
      }
      Machine withMemory = new Machine.Builder().from(machine).numaNodes(nodes).build();
      int distances = Generate.range(0, 3).generate(source);
      Machine withDistances = distances == 0 ? withMemory
          : distances == 1 ? withDistances(withMemory) : withPairDistances(withMemory, source);
      return Devices.sometimesOn(withDistances).generate(source);
    };
  }

  /**
   * {@link #configs} for {@link #wideMachines}, widened: {@code max-allowable-numa-nodes} raised to
   * the node count above 8 (the kubelet refuses to start without it), reserved memory of 256Mi or
   * 512Mi on each node or on the first only, now and then with a 1Gi hugepage reserved too, and
   * now and then {@code reservedSystemCPUs} (the lowest CPUs) instead of a CPU count.
   */
  public static Gen<NodeConfig> wideConfigs(Machine machine) {
    int nodes = machine.numaNodeIds().size();
    Gen<Integer> reservations = Generate.range(0, 5);
    return configs(machine).zip(reservations, reservations, (config, memory, cpus) -> {
      NodeConfig.Builder builder = new NodeConfig.Builder().from(config);
      if (nodes > 8) {
        builder.putTopologyManagerPolicyOption("max-allowable-numa-nodes", Integer.toString(nodes));
      }
      if (!config.reservedMemory().isEmpty() && memory > 0) {
        builder.reservedMemory(reservedMemory(machine, memory));
      }
      if (config.reservedCpuCount() > 0 && cpus == 0) {
        CpuSet.Builder lowest = new CpuSet.Builder();
        machine.cpus().stream().limit(config.reservedCpuCount()).forEach(cpu -> lowest.add(cpu.id()));
        builder.reservedSystemCpus(lowest.build()).reservedCpuCount(0);
      }
      return builder.build();
    });
  }

  /** Reserved memory in one of four shapes (1 to 4), as {@link #wideConfigs} describes. */
  private static SortedMap<Integer, SortedMap<String, Long>> reservedMemory(Machine machine, int shape) {
    SortedMap<Integer, SortedMap<String, Long>> reserved = new TreeMap<>();
    for (NumaNode node : machine.numaNodes()) {
      if (shape == 4 && node.id() != machine.numaNodeIds().get(0)) {
        continue;
      }
      SortedMap<String, Long> memory = new TreeMap<>();
      memory.put("memory", (shape == 2 ? 512 : 256) * MI);
      if (shape == 3 && node.hugepages().getOrDefault(GI, 0L) > 0) {
        memory.put("hugepages-1Gi", GI);
      }
      reserved.put(node.id(), memory);
    }
    return reserved;
  }

  /** The machine with {@code count} more NUMA nodes, numbered after the last, holding no CPU. */
  private static Machine withCpuLessNodes(Machine machine, int count) {
    List<NumaNode> nodes = new ArrayList<>(machine.numaNodes());
    int last = machine.numaNodeIds().get(machine.numaNodeIds().size() - 1);
    for (int i = 1; i <= count; i++) {
      nodes.add(NumaNode.of(last + i, 0));
    }
    return new Machine.Builder().from(machine).numaNodes(nodes).build();
  }

  /** The machine with a symmetric distance matrix: 10 to itself, 11 to 40 between two nodes. */
  private static Machine withPairDistances(Machine machine, org.quicktheories.core.RandomnessSource source) {
    List<Integer> ids = machine.numaNodeIds();
    int[][] matrix = new int[ids.size()][ids.size()];
    for (int i = 0; i < ids.size(); i++) {
      matrix[i][i] = 10;
      for (int j = i + 1; j < ids.size(); j++) {
        matrix[i][j] = Generate.range(11, 40).generate(source);
        matrix[j][i] = matrix[i][j];
      }
    }
    SortedMap<Integer, List<Integer>> distances = new TreeMap<>();
    for (int i = 0; i < ids.size(); i++) {
      List<Integer> row = new ArrayList<>();
      for (int value : matrix[i]) {
        row.add(value);
      }
      distances.put(ids.get(i), row);
    }
    return new Machine.Builder().from(machine).distances(distances).build();
  }

  private static Machine withMemory(Machine machine, boolean large, boolean hugepages) {
    List<NumaNode> nodes = new ArrayList<>();
    for (NumaNode node : machine.numaNodes()) {
      NumaNode.Builder withMemory = new NumaNode.Builder().id(node.id()).memoryBytes((large ? 16 : 8) * GI);
      if (hugepages && node.id() % 2 == 0) {
        withMemory.putHugepage(2 * MI, 512L);
      }
      nodes.add(withMemory.build());
    }
    return new Machine.Builder().from(machine).numaNodes(nodes).build();
  }

  /**
   * The machine with a distance matrix: 10 to itself, 11 to a node on the same socket, 21 across sockets
   * (a node without CPUs is a socket of its own).
   */
  private static Machine withDistances(Machine machine) {
    SortedMap<Integer, Integer> socketOf = new TreeMap<>();
    machine.cpus().forEach(cpu -> socketOf.putIfAbsent(cpu.numaNode(), cpu.socket()));
    SortedMap<Integer, List<Integer>> distances = new TreeMap<>();
    for (int from : machine.numaNodeIds()) {
      List<Integer> row = new ArrayList<>();
      for (int to : machine.numaNodeIds()) {
        row.add(from == to ? 10 : socketOf.getOrDefault(from, -1 - from).equals(socketOf.getOrDefault(to, -1 - to)) ? 11 : 21);
      }
      distances.put(from, row);
    }
    return new Machine.Builder().from(machine).distances(distances).build();
  }

  /** How CPUs are spread: packed (the default), across NUMA nodes, or across cores. */
  private enum Spread { PACKED, ACROSS_NUMA, ACROSS_CORES }

  /** Kubelet configurations for {@code machine}. */
  public static Gen<NodeConfig> configs(Machine machine) {
    Gen<FeatureGates> gates = Generate.frequency(
        Pair.of(6, Generate.constant(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true))),
        Pair.of(1, Generate.constant(FeatureGates.defaults())),
        // PodLevelResources off: a kubelet starts only with every gate that depends on it off too.
        Pair.of(1, Generate.constant(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCES, false)
            .with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, false)
            .with(FeatureGates.POD_LEVEL_RESOURCES_FIX_DEFAULTING, false)
            .with(FeatureGates.POD_LEVEL_RESOURCES_FIX_KUBELET_QOS_CLASS, false)
            .with(FeatureGates.IN_PLACE_POD_LEVEL_RESOURCES_VERTICAL_SCALING, false))));
    Gen<TopologyManagerPolicy> policies = Generate.frequency(
        Pair.of(3, Generate.constant(TopologyManagerPolicy.BEST_EFFORT)),
        Pair.of(3, Generate.constant(TopologyManagerPolicy.RESTRICTED)),
        Pair.of(3, Generate.constant(TopologyManagerPolicy.SINGLE_NUMA_NODE)),
        Pair.of(1, Generate.constant(TopologyManagerPolicy.NONE)));
    Gen<TopologyManagerScope> scopes = Generate.frequency(
        Pair.of(3, Generate.constant(TopologyManagerScope.POD)),
        Pair.of(2, Generate.constant(TopologyManagerScope.CONTAINER)));
    Gen<CpuManagerPolicy> cpuPolicies = Generate.frequency(
        Pair.of(7, Generate.constant(CpuManagerPolicy.STATIC)), Pair.of(1, Generate.constant(CpuManagerPolicy.NONE)));
    Gen<MemoryManagerPolicy> memoryPolicies = Generate.frequency(
        Pair.of(7, Generate.constant(MemoryManagerPolicy.STATIC)), Pair.of(1, Generate.constant(MemoryManagerPolicy.NONE)));
    Gen<Spread> spreads = Generate.frequency(Pair.of(2, Generate.constant(Spread.PACKED)),
        Pair.of(2, Generate.constant(Spread.ACROSS_NUMA)), Pair.of(1, Generate.constant(Spread.ACROSS_CORES)));
    // The CPU Manager counts the NUMA nodes of its CPU topology: nodes without CPUs do not count.
    boolean socketAlignable = sockets(machine) <= machine.cpus().stream().mapToInt(Cpu::numaNode).distinct().count();
    return source -> {
      TopologyManagerPolicy policy = policies.generate(source);
      NodeConfig.Builder config = new NodeConfig.Builder()
          .topologyManagerPolicy(policy)
          .topologyManagerScope(scopes.generate(source));
      FeatureGates gate = gates.generate(source);
      if (cpuPolicies.generate(source) == CpuManagerPolicy.STATIC) {
        config.cpuManagerPolicy(CpuManagerPolicy.STATIC).reservedCpuCount(Generate.range(1, 2).generate(source));
        Spread spread = spreads.generate(source);
        boolean fullPcpusOnly = Generate.range(1, 4).generate(source) == 1;
        if (fullPcpusOnly && spread != Spread.ACROSS_CORES) {
          config.putCpuManagerPolicyOption(StaticPolicyOptions.FULL_PCPUS_ONLY, "true");
        }
        if (Generate.booleans().generate(source)) {
          config.putCpuManagerPolicyOption(StaticPolicyOptions.STRICT_CPU_RESERVATION, "true");
        }
        if (spread == Spread.ACROSS_NUMA) {
          config.putCpuManagerPolicyOption(StaticPolicyOptions.DISTRIBUTE_CPUS_ACROSS_NUMA, "true");
        } else if (spread == Spread.ACROSS_CORES) {
          config.putCpuManagerPolicyOption(StaticPolicyOptions.DISTRIBUTE_CPUS_ACROSS_CORES, "true");
          gate = gate.with(FeatureGates.CPU_MANAGER_POLICY_ALPHA_OPTIONS, true);
        }
        boolean bySocket = Generate.range(1, 4).generate(source) == 1;
        if (bySocket && socketAlignable && policy != TopologyManagerPolicy.SINGLE_NUMA_NODE) {
          config.putCpuManagerPolicyOption(StaticPolicyOptions.ALIGN_BY_SOCKET, "true");
          gate = gate.with(FeatureGates.CPU_MANAGER_POLICY_ALPHA_OPTIONS, true);
        }
      }
      if (memoryPolicies.generate(source) == MemoryManagerPolicy.STATIC) {
        config.memoryManagerPolicy(MemoryManagerPolicy.STATIC);
        for (NumaNode node : machine.numaNodes()) {
          SortedMap<String, Long> memory = new TreeMap<>();
          memory.put("memory", 256 * MI);
          config.putReservedMemory(node.id(), memory);
        }
      }
      if (Generate.booleans().generate(source) && machine.hasDistances()) {
        config.putTopologyManagerPolicyOption(TopologyManagerOptions.PREFER_CLOSEST_NUMA_NODES, "true");
      }
      return config.featureGates(gate).build();
    };
  }

  /**
   * {@link #configs} where pod-level pods get bubbles: pod scope, a Topology Manager policy other than
   * {@code none}, both KEP-5526 gates on and the CPU Manager {@code static} (options and the Memory
   * Manager as {@link #configs} makes them).
   */
  public static Gen<NodeConfig> podScopeConfigs(Machine machine) {
    return configs(machine).map(config -> {
      NodeConfig.Builder podScope = new NodeConfig.Builder().from(config)
          .topologyManagerScope(TopologyManagerScope.POD)
          .featureGates(config.featureGates().with(FeatureGates.POD_LEVEL_RESOURCES, true)
              .with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true));
      if (config.topologyManagerPolicy() == TopologyManagerPolicy.NONE) {
        podScope.topologyManagerPolicy(TopologyManagerPolicy.BEST_EFFORT);
      }
      if (config.cpuManagerPolicy() == CpuManagerPolicy.NONE) {
        podScope.cpuManagerPolicy(CpuManagerPolicy.STATIC).reservedCpuCount(1);
      }
      return podScope.build();
    });
  }

  private static int sockets(Machine machine) {
    return (int) machine.cpus().stream().mapToInt(Cpu::socket).distinct().count();
  }
}
