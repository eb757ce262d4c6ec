package io.podtopo.adapters.linux.sysfs;

import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import java.util.ArrayList;
import java.util.List;

/** Between a {@link SysfsTopology} and the domain {@link Machine}. */
final class MachineConversion {

  private MachineConversion() {}

  /**
   * The kubelet's view (cadvisor, then {@code topology.Discover} in
   * {@code pkg/kubelet/cm/cpumanager/topology/topology.go}): {@code CoreID} is
   * {@code getUniqueCoreID}, the lowest thread id, which is the core label; {@code UncoreCacheID}
   * is {@code getUncoreCacheID}: the id of the core's first uncore cache, or the socket when
   * cadvisor reports none. The domain wants non-negative sockets, so the kernel's {@code -1} is 0 (D-22).
   */
  static Machine toMachine(SysfsTopology topology) {
    List<Cpu> cpus = new ArrayList<>(topology.cpus().size());
    for (SysfsTopology.Cpu cpu : topology.cpus()) {
      int socket = Math.max(0, cpu.socket());
      int uncore = cpu.l3() != null && cpu.l3().uncore() ? cpu.l3().id() : socket;
      cpus.add(Cpu.of(cpu.id(), cpu.core(), socket, cpu.numaNode(), uncore));
    }
    List<NumaNode> nodes = new ArrayList<>(topology.numaNodes().size());
    for (SysfsTopology.Node node : topology.numaNodes()) {
      nodes.add(new NumaNode.Builder().id(node.id()).memoryBytes(node.memoryBytes())
          .hugepages(node.hugepages()).build());
    }
    return new Machine.Builder().name(topology.name()).cpus(cpus).numaNodes(nodes)
        .distances(topology.distances()).devices(topology.devices()).build();
  }

  static SysfsTopology fromMachine(Machine machine) {
    List<SysfsTopology.Cpu> cpus = new ArrayList<>(machine.cpus().size());
    for (Cpu cpu : machine.cpus()) {
      SysfsTopology.L3 l3 = new SysfsTopology.L3(cpu.uncoreCache(), cpu.uncoreCache(), true);
      cpus.add(new SysfsTopology.Cpu(cpu.id(), cpu.socket(), cpu.core(), cpu.numaNode(), l3));
    }
    List<SysfsTopology.Node> nodes = new ArrayList<>(machine.numaNodes().size());
    for (NumaNode node : machine.numaNodes()) {
      nodes.add(new SysfsTopology.Node(node.id(), machine.cpusOfNode(node.id()), node.memoryBytes(),
          node.hugepages()));
    }
    return new SysfsTopology(machine.name(), cpus, nodes, machine.distances(), machine.devices());
  }
}
