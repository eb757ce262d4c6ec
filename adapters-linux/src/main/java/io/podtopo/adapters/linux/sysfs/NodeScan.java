package io.podtopo.adapters.linux.sysfs;

import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Reads the NUMA nodes of {@code sys/devices/system/node} (ABI:
 * {@code Documentation/ABI/stable/sysfs-devices-node}) and places every CPU in play on one.
 *
 * <ul>
 *   <li>Nodes: every {@code nodeN} folder (offline nodes have none), CPU-less ones included; ids
 *       may be sparse. Memory: {@code MemTotal} of {@code nodeN/meminfo} (0 without the file).
 *       Hugepages: {@code nodeN/hugepages/hugepages-<size>kB/nr_hugepages}, every size the kernel
 *       lists, empty pools included (as cadvisor reports them).
 *   <li>A CPU's node: the node whose {@code cpulist} (else hex {@code cpumap}) lists it. When no
 *       node or several nodes list it, the kernel's own link {@code cpu/cpuN/nodeM} decides (a node
 *       named only by such a link is added, without memory); without a link, the lowest listing
 *       node, or else the lowest node.
 *   <li>Distances: {@code nodeN/distance}, one entry per node in ascending id order; kept only
 *       when every node has a row of that length (a snapshot taken while a node went offline has
 *       not), and only for two nodes or more (one node's {@code 10} says nothing; hwloc keeps no
 *       matrix for it either).
 *   <li>Without {@code node/} (kernels without NUMA): one node 0 with every CPU, the memory of
 *       {@code proc/meminfo} and the pools of {@code sys/kernel/mm/hugepages}.
 * </ul>
 */
final class NodeScan {

  static final String NODE = "sys/devices/system/node";

  /** The nodes, their distances (empty when unknown) and the node of every CPU in play. */
  record Layout(List<SysfsTopology.Node> nodes, SortedMap<Integer, List<Integer>> distances,
      Map<Integer, Integer> nodeOfCpu) {}

  private final SysfsFiles files;

  NodeScan(SysfsFiles files) {
    this.files = files;
  }

  Layout read(CpuSet cpus) {
    int[] ids = files.numbered(NODE, "node");
    if (ids.length == 0) {
      Long memory = files.memTotal("proc/meminfo");
      SysfsTopology.Node only = new SysfsTopology.Node(0, cpus, memory == null ? 0 : memory,
          hugepages("sys/kernel/mm/hugepages"));
      Map<Integer, Integer> nodeOfCpu = new HashMap<>();
      cpus.forEachCpu(cpu -> nodeOfCpu.put(cpu, 0));
      return new Layout(List.of(only), new TreeMap<>(), nodeOfCpu);
    }
    Map<Integer, Integer> nodeOfCpu = place(cpus, ids);
    SortedMap<Integer, CpuSet.Builder> members = new TreeMap<>();
    for (int id : ids) {
      members.put(id, new CpuSet.Builder());
    }
    nodeOfCpu.forEach((cpu, node) -> members.computeIfAbsent(node, id -> new CpuSet.Builder()).add(cpu));
    List<SysfsTopology.Node> nodes = new ArrayList<>();
    SortedMap<Integer, List<Integer>> rows = new TreeMap<>();
    members.forEach((id, builder) -> {
      String folder = NODE + "/node" + id;
      Long memory = files.memTotal(folder + "/meminfo");
      nodes.add(new SysfsTopology.Node(id, builder.build(), memory == null ? 0 : memory,
          hugepages(folder + "/hugepages")));
      List<Integer> row = files.integers(folder + "/distance");
      if (row != null) {
        rows.put(id, row);
      }
    });
    boolean square = rows.size() == nodes.size()
        && rows.values().stream().allMatch(row -> row.size() == nodes.size());
    return new Layout(nodes, square && nodes.size() > 1 ? rows : new TreeMap<>(), nodeOfCpu);
  }

  /** The node of every CPU in play. */
  private Map<Integer, Integer> place(CpuSet cpus, int[] ids) {
    Map<Integer, Integer> nodeOfCpu = new HashMap<>();
    CpuSet.Builder disputed = new CpuSet.Builder();
    for (int id : ids) {
      String folder = NODE + "/node" + id;
      if (id > NumaNode.MAX_ID) {
        throw files.error(folder, "NUMA node id " + id + " is above " + NumaNode.MAX_ID);
      }
      CpuSet listed = files.cpus(folder, List.of("cpulist"), List.of("cpumap"));
      if (listed != null) {
        listed.intersection(cpus).forEachCpu(cpu -> {
          if (nodeOfCpu.putIfAbsent(cpu, id) != null) {
            disputed.add(cpu);
          }
        });
      }
    }
    CpuSet unsure = cpus.difference(CpuSet.of(nodeOfCpu.keySet())).union(disputed.build());
    unsure.forEachCpu(cpu -> {
      int[] linked = SysfsFiles.numbered(files.list(CpuScan.folder(cpu)), "node", "");
      if (linked.length == 1 && linked[0] <= NumaNode.MAX_ID) {
        nodeOfCpu.put(cpu, linked[0]);
      } else {
        nodeOfCpu.putIfAbsent(cpu, ids[0]);
      }
    });
    return nodeOfCpu;
  }

  /** The hugepage pools of a {@code hugepages} folder: page size in bytes to number of pages. */
  private SortedMap<Long, Long> hugepages(String folder) {
    SortedMap<Long, Long> pools = new TreeMap<>();
    for (int kb : SysfsFiles.numbered(files.list(folder), "hugepages-", "kB")) {
      String file = folder + "/hugepages-" + kb + "kB/nr_hugepages";
      Integer pages = files.integer(file);
      if (pages != null) {
        if (pages < 0) {
          throw files.error(file, "a negative number of pages: " + pages);
        }
        pools.put(kb * 1024L, (long) pages);
      }
    }
    return pools;
  }
}
