package io.podtopo.domain.node;

import io.podtopo.domain.cpumanager.CpuPolicy;
import io.podtopo.domain.cpumanager.CpuTopology;
import io.podtopo.domain.cpumanager.NoneCpuPolicy;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.cpumanager.StaticPolicyException;
import io.podtopo.domain.cpumanager.StaticPolicyOptions;
import io.podtopo.domain.memorymanager.MemoryManagerException;
import io.podtopo.domain.memorymanager.MemoryPolicy;
import io.podtopo.domain.memorymanager.NoneMemoryPolicy;
import io.podtopo.domain.memorymanager.StaticMemoryPolicy;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.quirks.KubeletGivesNoAnswer;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topologymanager.InvalidTopologyManagerConfigException;
import io.podtopo.domain.topologymanager.NumaInfo;
import io.podtopo.domain.topologymanager.TopologyManagerOptions;
import io.podtopo.domain.topologymanager.TopologyPolicy;
import java.util.Map;
import java.util.SortedMap;

/**
 * Builds the three managers from a {@link NodeConfig} the way the kubelet starts them, turning each
 * manager's start-up error into an {@link InvalidNodeConfigException} naming the field at fault
 * ({@code docs/spec/node-admission.md} NA-1).
 */
final class ManagerFactory {

  private ManagerFactory() {}

  static TopologyPolicy topologyPolicy(NodeConfig config, Machine machine) {
    TopologyManagerOptions options;
    try {
      options = TopologyManagerOptions.parse(config.topologyManagerPolicyOptions(), config.featureGates());
    } catch (InvalidTopologyManagerConfigException e) {
      throw new InvalidNodeConfigException("topologyManagerPolicyOptions", e.getMessage());
    }
    if (options.preferClosestNumaNodes() && !machine.hasDistances()) {
      throw new InvalidNodeConfigException("topologyManagerPolicyOptions",
          "cannot discover NUMA topology: error getting NUMA distances from cadvisor");
    }
    NumaInfo numaInfo;
    try {
      numaInfo = NumaInfo.forMachine(machine, config.topologyManagerPolicy(), options);
    } catch (InvalidTopologyManagerConfigException e) {
      throw new InvalidNodeConfigException("topologyManagerPolicy", e.getMessage());
    }
    return TopologyPolicy.of(config.topologyManagerPolicy(), numaInfo, options)
        .withImplicitHintsAbove(config.implicitHintsAboveNumaNodes());
  }

  static CpuPolicy cpuPolicy(NodeConfig config, Machine machine) {
    CpuTopology topology = CpuTopology.of(machine);
    if (config.cpuManagerPolicy() == CpuManagerPolicy.NONE) {
      if (!config.cpuManagerPolicyOptions().isEmpty()) {
        throw new InvalidNodeConfigException("cpuManagerPolicyOptions",
            "None policy: cpu manager policy options not supported");
      }
      return NoneCpuPolicy.on(topology);
    }
    StaticPolicyOptions options;
    try {
      options = StaticPolicyOptions.parse(config.cpuManagerPolicyOptions(), config.featureGates());
      options.validateFor(topology, config.topologyManagerPolicy().kubeletName());
    } catch (StaticPolicyException e) {
      throw new InvalidNodeConfigException("cpuManagerPolicyOptions", e.getMessage());
    }
    CpuSet explicit = config.reservedSystemCpus().orElse(CpuSet.empty());
    String field = explicit.isEmpty() ? "kubeReserved/systemReserved cpu" : "reservedSystemCPUs";
    if (!explicit.isSubsetOf(machine.cpuSet())) {
      throw new InvalidNodeConfigException(field, "CPUs \"" + explicit.difference(machine.cpuSet())
          + "\" are not CPUs of the machine \"" + machine.cpuSet() + "\"");
    }
    int numReserved = explicit.isEmpty() ? config.reservedCpuCount() : explicit.size();
    if (numReserved <= 0) {
      throw new InvalidNodeConfigException(field,
          "the static policy requires systemreserved.cpu + kubereserved.cpu to be greater than zero");
    }
    try {
      return StaticPolicy.create(topology, numReserved, explicit, options, config.featureGates(),
          config.topologyManagerPolicy().kubeletName(), QuirkLog.of(config.behaviour()));
    } catch (StaticPolicyException e) {
      throw new InvalidNodeConfigException(field, e.getMessage());
    } catch (KubeletGivesNoAnswer e) {
      throw new InvalidNodeConfigException(field,
          e.quirk().noAnswerMessage("choosing the " + numReserved + " reserved CPUs at start-up"));
    }
  }

  static MemoryPolicy memoryPolicy(NodeConfig config, Machine machine) {
    if (config.memoryManagerPolicy() == MemoryManagerPolicy.NONE) {
      return NoneMemoryPolicy.instance();
    }
    for (Map.Entry<Integer, SortedMap<String, Long>> node : config.reservedMemory().entrySet()) {
      if (!machine.numaNodeIds().contains(node.getKey())) {
        throw new InvalidNodeConfigException("reservedMemory",
            "NUMA node " + node.getKey() + " does not exist on the machine " + machine.numaNodeIds());
      }
      for (Map.Entry<String, Long> reserved : node.getValue().entrySet()) {
        if (!Resources.isMemoryKind(reserved.getKey())) {
          throw new InvalidNodeConfigException("reservedMemory",
              "NUMA node " + node.getKey() + ": unsupported resource \"" + reserved.getKey() + "\"");
        }
        if (reserved.getValue() < 0) {
          throw new InvalidNodeConfigException("reservedMemory",
              "NUMA node " + node.getKey() + ": negative " + reserved.getKey() + " " + reserved.getValue());
        }
      }
    }
    try {
      return StaticMemoryPolicy.create(machine.numaNodes(), config.reservedMemory(), config.featureGates());
    } catch (MemoryManagerException e) {
      throw new InvalidNodeConfigException("reservedMemory", e.getMessage());
    }
  }
}
