package io.podtopo.service;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.ports.in.ContainerRef;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.out.CpusetWrite;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The cpuset each running container must have in a snapshot, and the writes that take a node from one
 * snapshot to the next (the kubelet's container create plus its reconcile loop).
 *
 * <p>CPUs: the container's entry (an exclusive slice or its pod's shared pool), else the node shared
 * pool (the default CPU set; every CPU of the machine under CPU policy {@code none}). Mems: the NUMA
 * nodes of the container's memory blocks, else every NUMA node of the machine.
 */
final class ContainerCpusets {

  private final boolean staticCpuPolicy;
  private final CpuSet allCpus;
  private final NumaMask allNodes;

  ContainerCpusets(NodeResourceManagers managers) {
    Machine machine = managers.machine();
    this.staticCpuPolicy = managers.cpuPolicy().isPresent();
    this.allCpus = machine.cpuSet();
    this.allNodes = NumaMask.of(machine.numaNodeIds());
  }

  /**
   * The writes from {@code before} to {@code after}, in {@code after}'s pod and container order: every
   * running container that did not run before or whose cpus or mems changed.
   */
  List<CpusetWrite> changes(NodeSnapshot before, NodeSnapshot after) {
    List<ContainerRef> ranBefore = before.runningContainers();
    List<CpusetWrite> writes = new ArrayList<>();
    for (ContainerRef container : after.runningContainers()) {
      CpusetWrite wanted = cpuset(after.state(), container);
      if (!ranBefore.contains(container) || !cpuset(before.state(), container).equals(wanted)) {
        writes.add(wanted);
      }
    }
    return List.copyOf(writes);
  }

  CpusetWrite cpuset(NodeState state, ContainerRef container) {
    String uid = container.podUid();
    String name = container.containerName();
    CpuSet cpus = state.cpu().containerCpus(uid, name)
        .orElse(staticCpuPolicy ? state.cpu().defaultCpuSet() : allCpus);
    Optional<List<MemoryBlock>> blocks = state.memory().containerBlocks(uid, name).filter(list -> !list.isEmpty());
    NumaMask mems = blocks.map(list -> list.stream().map(MemoryBlock::mask).reduce(NumaMask.empty(), NumaMask::or))
        .orElse(allNodes);
    return CpusetWrite.of(uid, name, cpus, mems);
  }
}
