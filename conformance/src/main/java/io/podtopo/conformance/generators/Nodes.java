package io.podtopo.conformance.generators;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
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
 * per NUMA node, 2Mi hugepages on some nodes) and, half of them, devices ({@link Devices}), and kubelet configurations for them: CPU Manager
 * {@code static} with any of {@code full-pcpus-only} (a quarter of the time),
 * {@code strict-cpu-reservation} and {@code distribute-cpus-across-numa} (half the time each), 1 or 2
 * reserved CPUs; Memory Manager {@code Static} with
 * 256Mi reserved per node; every Topology Manager policy in both scopes; the KEP-5526 gates mostly
 * on, sometimes one of them off.
 */
public final class Nodes {

  static final long MI = 1L << 20;
  static final long GI = 1L << 30;

  private Nodes() {}

  /** Machines of 4 to 192 CPUs with memory on every NUMA node, half of them with devices ({@link Devices}). */
  public static Gen<Machine> machines() {
    Gen<Machine> cpus = Machines.machines().assuming(machine -> machine.cpus().size() >= 4);
    return cpus.zip(Generate.booleans(), Generate.booleans(), Nodes::withMemory).flatMap(Devices::sometimesOn)
        .describedAs(machine -> machine.name() + " (" + machine.cpus().size() + " CPUs, NUMA " + machine.numaNodeIds()
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
        builder.putTopologyManagerPolicyOption("prefer-closest-numa-nodes", "true");
      }
      return builder.build();
    });
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

  /** Kubelet configurations for {@code machine}. */
  public static Gen<NodeConfig> configs(Machine machine) {
    Gen<FeatureGates> gates = Generate.frequency(
        Pair.of(6, Generate.constant(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true))),
        Pair.of(1, Generate.constant(FeatureGates.defaults())),
        Pair.of(1, Generate.constant(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true)
            .with(FeatureGates.POD_LEVEL_RESOURCES, false))));
    Gen<TopologyManagerPolicy> policies = Generate.frequency(
        Pair.of(3, Generate.constant(TopologyManagerPolicy.BEST_EFFORT)),
        Pair.of(3, Generate.constant(TopologyManagerPolicy.RESTRICTED)),
        Pair.of(3, Generate.constant(TopologyManagerPolicy.SINGLE_NUMA_NODE)),
        Pair.of(1, Generate.constant(TopologyManagerPolicy.NONE)));
    Gen<TopologyManagerScope> scopes = Generate.frequency(
        Pair.of(3, Generate.constant(TopologyManagerScope.POD)),
        Pair.of(2, Generate.constant(TopologyManagerScope.CONTAINER)));
    Gen<Integer> options = Generate.range(0, 15);
    Gen<Integer> reserved = Generate.range(1, 2);
    return gates.zip(policies, scopes, options, reserved, (gate, policy, scope, optionBits, reservedCpus) -> {
      NodeConfig.Builder config = new NodeConfig.Builder()
          .cpuManagerPolicy(CpuManagerPolicy.STATIC)
          .reservedCpuCount(reservedCpus)
          .topologyManagerPolicy(policy)
          .topologyManagerScope(scope)
          .memoryManagerPolicy(MemoryManagerPolicy.STATIC)
          .featureGates(gate);
      if ((optionBits & 9) == 9) {
        config.putCpuManagerPolicyOption("full-pcpus-only", "true");
      }
      if ((optionBits & 2) != 0) {
        config.putCpuManagerPolicyOption("strict-cpu-reservation", "true");
      }
      if ((optionBits & 4) != 0) {
        config.putCpuManagerPolicyOption("distribute-cpus-across-numa", "true");
      }
      for (NumaNode node : machine.numaNodes()) {
        SortedMap<String, Long> memory = new TreeMap<>();
        memory.put("memory", 256 * MI);
        config.putReservedMemory(node.id(), memory);
      }
      return config.build();
    });
  }
}
