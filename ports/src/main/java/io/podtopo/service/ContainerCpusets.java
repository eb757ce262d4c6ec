package io.podtopo.service;

import io.podtopo.domain.cpumanager.CpuPolicy;
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
 * The cpuset each running container must have in a snapshot (what the kubelet gives a container at
 * create and its reconcile loop keeps up to date).
 *
 * <p>CPUs: the container's entry (an exclusive slice or its pod's shared pool), else the node shared
 * pool (the default CPU set; every CPU of the machine under CPU policy {@code none}). Mems: the NUMA
 * nodes of the container's memory blocks, else every NUMA node of the machine.
 */
final class ContainerCpusets {

  private final CpuPolicy cpuPolicy;
  private final NumaMask allNodes;

  ContainerCpusets(NodeResourceManagers managers) {
    Machine machine = managers.machine();
    this.cpuPolicy = managers.cpuPolicy();
    this.allNodes = NumaMask.of(machine.numaNodeIds());
  }

  /** The cpuset every running container of {@code snapshot} must have, in pod and container order. */
  List<CpusetWrite> wanted(NodeSnapshot snapshot) {
    List<CpusetWrite> writes = new ArrayList<>();
    for (ContainerRef container : snapshot.runningContainers()) {
      writes.add(cpuset(snapshot.state(), container));
    }
    return List.copyOf(writes);
  }

  CpusetWrite cpuset(NodeState state, ContainerRef container) {
    String uid = container.podUid();
    String name = container.containerName();
    CpuSet cpus = state.cpu().containerCpus(uid, name).orElseGet(() -> cpuPolicy.nodeSharedPool(state.cpu()));
    Optional<List<MemoryBlock>> blocks = state.memory().containerBlocks(uid, name).filter(list -> !list.isEmpty());
    NumaMask mems = blocks.map(list -> list.stream().map(MemoryBlock::mask).reduce(NumaMask.empty(), NumaMask::or))
        .orElse(allNodes);
    return CpusetWrite.of(uid, name, cpus, mems);
  }
}
