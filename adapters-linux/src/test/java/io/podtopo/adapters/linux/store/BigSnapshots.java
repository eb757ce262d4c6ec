package io.podtopo.adapters.linux.store;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.memorymanager.MemoryMachineState;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.MemoryTable;
import io.podtopo.domain.memorymanager.NumaNodeState;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import io.podtopo.ports.in.ContainerRef;
import io.podtopo.ports.in.NodeSnapshot;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Large snapshots numbered 0, 1, 2, ... for the crash tests: 200 to 299 pods of a 256-CPU, 4-NUMA
 * node (a state file of 0.4 to 0.6 MB), every one different from the next. Built directly, without
 * the managers, so a writer process starts fast; the store only needs them to be distinct and
 * complete, not to be admissions.
 */
final class BigSnapshots {

  private static final long GI = 1L << 30;
  private static final Quantity ONE = Quantity.of(1);
  private static final Quantity ONE_GI = Quantity.parse("1Gi");

  private BigSnapshots() {}

  /** Snapshot {@code n}: its pod count, first pod's name and default CPU set all depend on {@code n}. */
  static NodeSnapshot snapshot(int n) {
    int pods = 200 + (n * 37) % 100;
    NodeSnapshot.Builder snapshot = new NodeSnapshot.Builder();
    SortedMap<String, SortedMap<String, CpuSet>> cpuEntries = new TreeMap<>();
    SortedMap<String, CpuSet> bubbles = new TreeMap<>();
    SortedMap<String, SortedMap<String, List<MemoryBlock>>> memoryEntries = new TreeMap<>();
    SortedMap<String, List<MemoryBlock>> podMemory = new TreeMap<>();
    SortedMap<String, SortedMap<String, TopologyHint>> hints = new TreeMap<>();
    for (int i = 0; i < pods; i++) {
      String uid = String.format(java.util.Locale.ROOT, "6f1c%04d-9a2e-4b7d-8c3f-%012d", i, n);
      int cpu = i % 256;
      int numa = cpu / 64;
      snapshot.addActivePod(pod(uid, i == 0 ? "generation-" + n : "web-" + i));
      cpuEntries.put(uid, new TreeMap<>(Map.of("app", CpuSet.of(cpu), "log-shipper", CpuSet.of((cpu + 1) % 256))));
      List<MemoryBlock> blocks = List.of(MemoryBlock.of(NumaMask.of(numa), "memory", GI));
      memoryEntries.put(uid, new TreeMap<>(Map.of("app", blocks, "log-shipper", blocks)));
      if (i % 3 == 0) {
        bubbles.put(uid, CpuSet.of(cpu, (cpu + 1) % 256));
        podMemory.put(uid, List.of(MemoryBlock.of(NumaMask.of(numa), "memory", 2 * GI)));
      }
      hints.put(uid, new TreeMap<>(Map.of("app", TopologyHint.of(NumaMask.of(numa), true),
          "log-shipper", TopologyHint.of(NumaMask.of(numa), i % 2 == 0))));
      if (i % 10 == 0) {
        snapshot.addRemovedContainer(ContainerRef.of(uid, "log-shipper"));
      }
    }
    MemoryMachineState.Builder machine = new MemoryMachineState.Builder();
    for (int node = 0; node < 4; node++) {
      machine.putNode(node, new NumaNodeState.Builder().numberOfAssignments(pods / 2).addCell(node)
          .putMemoryMap("memory", MemoryTable.of(256 * GI, GI, 255 * GI, pods * GI / 4, 255 * GI - pods * GI / 4))
          .build());
    }
    NodeState state = new NodeState.Builder()
        .cpu(CpuManagerState.of(CpuSet.range(0, 8 + n % 200), cpuEntries, bubbles))
        .memory(new MemoryManagerState.Builder().machineState(machine.build()).containerEntries(memoryEntries)
            .podEntries(podMemory).build())
        .topologyHints(hints)
        .build();
    return snapshot.state(state).build();
  }

  private static Pod pod(String uid, String name) {
    return new Pod.Builder().uid(uid).name(name).namespace("default")
        .putPodRequest("cpu", Quantity.of(2)).putPodLimit("cpu", Quantity.of(2))
        .addContainer(container("app"))
        .addContainer(container("log-shipper"))
        .build();
  }

  private static Container container(String name) {
    return new Container.Builder().name(name).putRequest("cpu", ONE).putLimit("cpu", ONE)
        .putRequest("memory", ONE_GI).putLimit("memory", ONE_GI).build();
  }
}
