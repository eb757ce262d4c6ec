package io.podtopo.adapters.linux.store;

import io.podtopo.domain.collect.TrackedSortedMap;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Large snapshots numbered 0, 1, 2, ... for the crash tests: 200 to 299 pods of a 256-CPU, 4-NUMA
 * node (a state file of 0.4 to 0.6 MB), every one different from the next. Built directly, without
 * the managers and sharing what pods have in common, so a writer process starts fast; the store only
 * needs them to be distinct and complete, not to be admissions.
 */
final class BigSnapshots {

  private static final long GI = 1L << 30;
  private static final int CPUS = 256;
  private static final Container APP = container("app");
  private static final Container LOG_SHIPPER = container("log-shipper");
  private static final List<List<MemoryBlock>> BLOCKS = blocks(GI);
  private static final List<List<MemoryBlock>> POD_BLOCKS = blocks(2 * GI);
  private static final List<TopologyHint> HINTS = hints(true);
  private static final List<TopologyHint> WEAK_HINTS = hints(false);

  private BigSnapshots() {}

  /** Snapshot {@code n}: its pod count, pod uids, first pod's name and default CPU set depend on {@code n}. */
  static NodeSnapshot snapshot(int n) {
    int pods = 200 + (n * 37) % 100;
    NodeSnapshot.Builder snapshot = new NodeSnapshot.Builder();
    SortedMap<String, SortedMap<String, CpuSet>> cpuEntries = new TreeMap<>();
    SortedMap<String, CpuSet> bubbles = new TreeMap<>();
    SortedMap<String, SortedMap<String, List<MemoryBlock>>> memoryEntries = new TreeMap<>();
    SortedMap<String, List<MemoryBlock>> podMemory = new TreeMap<>();
    SortedMap<String, SortedMap<String, TopologyHint>> hints = new TreeMap<>();
    String generation = "-9a2e-4b7d-8c3f-" + n;
    for (int i = 0; i < pods; i++) {
      String uid = (10_000 + i) + generation;
      int cpu = i % CPUS;
      int numa = cpu * 4 / CPUS;
      snapshot.addActivePod(new Pod.Builder().uid(uid).name(i == 0 ? "generation-" + n : "web-" + i)
          .putPodRequest("cpu", Quantity.of(2)).putPodLimit("cpu", Quantity.of(2))
          .addContainer(APP).addContainer(LOG_SHIPPER).build());
      cpuEntries.put(uid, new TreeMap<>(Map.of("app", CpuSet.of(cpu), "log-shipper", CpuSet.of((cpu + 1) % CPUS))));
      memoryEntries.put(uid, new TreeMap<>(Map.of("app", BLOCKS.get(numa), "log-shipper", BLOCKS.get(numa))));
      if (i % 3 == 0) {
        bubbles.put(uid, CpuSet.of(cpu, (cpu + 1) % CPUS));
        podMemory.put(uid, POD_BLOCKS.get(numa));
      }
      hints.put(uid, new TreeMap<>(Map.of("app", HINTS.get(numa), "log-shipper",
          (i % 2 == 0 ? HINTS : WEAK_HINTS).get(numa))));
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
        .memory(new MemoryManagerState.Builder().machineState(machine.build())
            .containerEntries(TrackedSortedMap.copyOf(memoryEntries)).podEntries(TrackedSortedMap.copyOf(podMemory))
            .build())
        .topologyHints(TrackedSortedMap.copyOf(hints))
        .build();
    return snapshot.state(state).build();
  }

  /** One block list per NUMA node. */
  private static List<List<MemoryBlock>> blocks(long size) {
    List<List<MemoryBlock>> blocks = new ArrayList<>();
    for (int numa = 0; numa < 4; numa++) {
      blocks.add(List.of(MemoryBlock.of(NumaMask.of(numa), "memory", size)));
    }
    return blocks;
  }

  /** One hint per NUMA node. */
  private static List<TopologyHint> hints(boolean preferred) {
    List<TopologyHint> hints = new ArrayList<>();
    for (int numa = 0; numa < 4; numa++) {
      hints.add(TopologyHint.of(NumaMask.of(numa), preferred));
    }
    return hints;
  }

  private static Container container(String name) {
    Quantity one = Quantity.of(1);
    Quantity oneGi = Quantity.of(GI);
    return new Container.Builder().name(name).putRequest("cpu", one).putLimit("cpu", one)
        .putRequest("memory", oneGi).putLimit("memory", oneGi).build();
  }
}
