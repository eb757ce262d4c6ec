package io.podtopo.app.agent;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.MemoryTable;
import io.podtopo.domain.memorymanager.NumaNodeState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.in.NodeSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A saved node state read as a ledger, after a kill: nothing leaked, nothing held twice.
 *
 * <ul>
 *   <li><b>CPUs.</b> Every CPU of the machine has exactly one holder: the default set (the node
 *       shared pool, holding the reserved CPUs too) or one active pod (its bubble when it has
 *       pod-level CPUs, else its containers' CPUs). A CPU of no holder leaked; one of two was given
 *       twice. (Spec §15.11 and §15.12 say the same of bubbles and entries; here it is counted per
 *       CPU, pods and pool alike.)</li>
 *   <li><b>Memory, per NUMA group and memory type</b> (a group: the nodes a multi-NUMA block
 *       spans, else one node): every table has {@code free + reserved == allocatable}, none below
 *       zero, and the group's reserved bytes equal the bytes of the blocks the active pods hold
 *       there (a pod's pod-level entry when it has one, else its containers' entries), each block
 *       on exactly the nodes of one group. More reserved than held leaked; less was given twice
 *       (or held outside the books). No block belongs to a pod that is not active.</li>
 * </ul>
 *
 * <p>A pod's memory is counted as the sum of its containers' blocks only without pod-level
 * resources; the pods of the process tests have no init containers then (an init container's
 * memory is reused by the app containers, which this sum would count twice).
 */
final class ResourceLedger {

  private ResourceLedger() {}

  /** What does not balance in {@code snapshot} on {@code machine}; empty when the books balance. */
  static List<String> problems(Machine machine, NodeSnapshot snapshot) {
    List<String> problems = new ArrayList<>();
    cpus(machine, snapshot, problems);
    memory(snapshot, problems);
    return problems;
  }

  private static void cpus(Machine machine, NodeSnapshot snapshot, List<String> problems) {
    CpuManagerState cpu = snapshot.state().cpu();
    SortedMap<Integer, List<String>> holders = new TreeMap<>();
    machine.cpuSet().forEachCpu(id -> holders.put(id, new ArrayList<>()));
    cpu.defaultCpuSet().forEachCpu(id -> holders.computeIfAbsent(id, unknown -> new ArrayList<>()).add("default set"));
    for (Pod pod : snapshot.activePods()) {
      CpuSet held = cpu.podCpus(pod.uid()).orElseGet(() ->
          cpu.containerEntries(pod.uid()).values().stream().reduce(CpuSet.empty(), CpuSet::union));
      held.forEachCpu(id -> holders.computeIfAbsent(id, unknown -> new ArrayList<>()).add("pod " + pod.name()));
    }
    SortedSet<String> active = new TreeSet<>();
    snapshot.activePods().forEach(pod -> active.add(pod.uid()));
    for (String uid : cpu.entries().keySet()) {
      if (!active.contains(uid)) {
        problems.add("CPU entries of pod " + uid + ", which is not active");
      }
    }
    for (String uid : cpu.podEntries().keySet()) {
      if (!active.contains(uid)) {
        problems.add("a CPU bubble of pod " + uid + ", which is not active");
      }
    }
    holders.forEach((id, by) -> {
      if (!machine.cpuSet().contains(id)) {
        problems.add("CPU " + id + " is not the machine's but held by " + by);
      } else if (by.isEmpty()) {
        problems.add("CPU " + id + " leaked: neither in the default set nor held by a pod");
      } else if (by.size() > 1) {
        problems.add("CPU " + id + " held twice: by " + by);
      }
    });
  }

  private static void memory(NodeSnapshot snapshot, List<String> problems) {
    MemoryManagerState memory = snapshot.state().memory();
    SortedMap<Integer, NumaNodeState> nodes = memory.machineState().nodes();
    // group (its nodes) -> type -> [reserved in the tables, held by the pods]
    Map<SortedSet<Integer>, SortedMap<String, long[]>> books = new TreeMap<>(ResourceLedger::compare);
    nodes.forEach((id, node) -> {
      SortedSet<Integer> group = new TreeSet<>(node.cells());
      if (!group.contains(id)) {
        problems.add("NUMA node " + id + " is outside its own group " + node.cells());
      }
      node.memoryMap().forEach((type, table) -> {
        balance(id, type, table, problems);
        books.computeIfAbsent(group, g -> new TreeMap<>()).computeIfAbsent(type, t -> new long[2])[0] +=
            table.reserved();
      });
    });
    SortedSet<String> active = new TreeSet<>();
    for (Pod pod : snapshot.activePods()) {
      active.add(pod.uid());
      List<MemoryBlock> held = memory.podBlocks(pod.uid()).orElseGet(() ->
          memory.containersOf(pod.uid()).values().stream().flatMap(List::stream).toList());
      for (MemoryBlock block : held) {
        SortedSet<Integer> group = new TreeSet<>(block.numaAffinity());
        SortedMap<String, long[]> types = books.get(group);
        if (types == null || !types.containsKey(block.type())) {
          problems.add("pod " + pod.name() + " holds " + block + " on NUMA nodes that are not one group of the tables");
          continue;
        }
        types.get(block.type())[1] += block.size();
      }
    }
    memory.containerEntries().keySet().stream().filter(uid -> !active.contains(uid))
        .forEach(uid -> problems.add("memory entries of containers of pod " + uid + ", which is not active"));
    memory.podEntries().keySet().stream().filter(uid -> !active.contains(uid))
        .forEach(uid -> problems.add("a memory entry of pod " + uid + ", which is not active"));
    books.forEach((group, types) -> types.forEach((type, sums) -> {
      if (sums[0] > sums[1]) {
        problems.add(type + " on NUMA nodes " + group + " leaked: " + sums[0] + " bytes reserved, the pods hold "
            + sums[1]);
      } else if (sums[0] < sums[1]) {
        problems.add(type + " on NUMA nodes " + group + " given twice: " + sums[0] + " bytes reserved, the pods hold "
            + sums[1]);
      }
    }));
  }

  private static void balance(int node, String type, MemoryTable table, List<String> problems) {
    if (table.free() < 0 || table.reserved() < 0 || table.free() + table.reserved() != table.allocatable()) {
      problems.add(type + " on NUMA node " + node + ": free " + table.free() + " + reserved " + table.reserved()
          + " is not allocatable " + table.allocatable() + " (or one is negative)");
    }
  }

  private static int compare(SortedSet<Integer> a, SortedSet<Integer> b) {
    return a.toString().compareTo(b.toString());
  }
}
