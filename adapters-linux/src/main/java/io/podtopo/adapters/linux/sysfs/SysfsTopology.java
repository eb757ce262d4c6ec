package io.podtopo.adapters.linux.sysfs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A machine exactly as the Linux kernel describes it in sysfs, comparable with hwloc: the online
 * CPUs with their package, core and L3 cache, the NUMA nodes (CPU-less ones included) with their
 * memory and hugepage pools, the NUMA distances, and the devices of device plugin resources.
 *
 * <p>{@link #read(Path)} reads one from a sysfs root (a folder or an archive of one),
 * {@link #fromMachine(Machine)} describes any domain machine the same way, {@link #toMachine()}
 * gives the machine the kubelet sees, and {@link #toJson()} writes the schema of
 * {@code fixtures/sysfs/*.expected.json}.
 *
 * <p>Cores and L3 caches are named by labels, not kernel ids: for a topology read from sysfs, the
 * lowest CPU id of the group (as the fixture schema and upstream {@code getUniqueCoreID} do); for
 * one made from a {@link Machine}, the machine's own core and uncore-cache ids.
 *
 * @param name a human name: the archive or folder name, or the host name for {@code /}
 * @param cpus the online CPUs, ascending by id
 * @param numaNodes the NUMA nodes, ascending by id
 * @param distances the distance rows by node id, each in ascending node id order; empty when unknown
 * @param devices the devices device plugins would advertise (the PCI devices a mapping names, or
 *     those a JSON document or a machine lists), in {@link Device#ORDER}
 */
public record SysfsTopology(String name, List<Cpu> cpus, List<Node> numaNodes,
    SortedMap<Integer, List<Integer>> distances, List<Device> devices) {

  /** The root of a node's own sysfs tree. */
  public static final Path HOST_ROOT = Path.of("/");

  /**
   * One online CPU.
   *
   * @param id the kernel's CPU number
   * @param socket {@code physical_package_id} as the kernel wrote it: may be {@code -1} (unknown)
   *     or large ({@code 36}, {@code 8442} on some ARM servers)
   * @param core the core's label: the lowest CPU id among the core's online threads
   * @param numaNode the NUMA node holding the CPU
   * @param l3 the CPU's L3 cache, or null when it has none
   */
  public record Cpu(int id, int socket, int core, int numaNode, L3 l3) {}

  /**
   * An L3 (last-level) cache as one CPU sees it.
   *
   * @param group the label of the CPUs sharing it: the lowest online CPU id among them
   * @param id the kernel's cache {@code id}, or null when the kernel wrote none
   * @param uncore whether cadvisor reports it as this CPU's uncore cache, so that the kubelet's
   *     {@code topology.Discover} uses {@link #id} as the uncore cache id; cadvisor does not when
   *     the cache has no {@code id}, or when it holds exactly as many CPUs as the CPU's NUMA node
   *     (it files such a cache as the node's), and the kubelet then falls back to the socket
   */
  public record L3(int group, Integer id, boolean uncore) {}

  /**
   * One NUMA node.
   *
   * @param id the node id (ids may be sparse)
   * @param cpus its online CPUs (empty for a CPU-less node: HBM, CXL or GPU memory)
   * @param memoryBytes {@code MemTotal} of the node's {@code meminfo}, in bytes (0 when unknown)
   * @param hugepages hugepage pools: page size in bytes to number of pages (empty pools included)
   */
  public record Node(int id, CpuSet cpus, long memoryBytes, SortedMap<Long, Long> hugepages) {
    public Node {
      hugepages = Collections.unmodifiableSortedMap(new TreeMap<>(hugepages));
    }
  }

  public SysfsTopology {
    cpus = cpus.stream().sorted(Comparator.comparingInt(Cpu::id)).toList();
    numaNodes = numaNodes.stream().sorted(Comparator.comparingInt(Node::id)).toList();
    SortedMap<Integer, List<Integer>> rows = new TreeMap<>();
    distances.forEach((node, row) -> rows.put(node, List.copyOf(row)));
    distances = Collections.unmodifiableSortedMap(rows);
    devices = devices.stream().sorted(Device.ORDER).toList();
  }

  /** A topology without devices. */
  public SysfsTopology(String name, List<Cpu> cpus, List<Node> numaNodes, SortedMap<Integer, List<Integer>> distances) {
    this(name, cpus, numaNodes, distances, List.of());
  }

  /** The same topology with these devices instead. */
  public SysfsTopology withDevices(List<Device> others) {
    return new SysfsTopology(name, cpus, numaNodes, distances, others);
  }

  /**
   * Reads the sysfs tree at {@code root}: a folder that is a sysfs root (holds
   * {@code sys/devices/system/cpu}; {@link #HOST_ROOT} on a node), a folder holding exactly one
   * such root, a {@code sys} folder itself, or a {@code .tar.bz2}, {@code .tar.gz} or {@code .tgz}
   * archive of a root (read in memory; the root is the archive's top or its one top-level folder).
   *
   * <p>Devices are the PCI functions the bundled {@link DeviceMapping#defaults()} names.
   *
   * @throws SysfsException naming the file at fault when the tree cannot be used
   */
  public static SysfsTopology read(Path root) {
    return read(root, DeviceMapping.defaults());
  }

  /**
   * As {@link #read(Path)}, the devices being the PCI functions {@code mapping} names.
   *
   * @throws SysfsException naming the file at fault when the tree cannot be used
   */
  public static SysfsTopology read(Path root, DeviceMapping mapping) {
    return SysfsReader.read(SysfsTree.open(root), mapping);
  }

  /**
   * Any machine (catalog, shape, a JSON file) described in the same terms, so that every source can
   * be written in one schema: labels are the machine's own core and uncore-cache ids, sockets and
   * NUMA nodes as they are, and every CPU has an L3 (the machine's uncore cache).
   */
  public static SysfsTopology fromMachine(Machine machine) {
    return MachineConversion.fromMachine(machine);
  }

  /**
   * The machine as the kubelet sees it through cadvisor and {@code topology.Discover}: core id the
   * lowest CPU id of the core; uncore cache id the L3's kernel id where cadvisor reports the cache
   * (see {@link L3#uncore}), else the socket; socket {@code -1} (unknown package) as 0
   * (decision D-22); memory, hugepages and distances as read.
   */
  public Machine toMachine() {
    return MachineConversion.toMachine(this);
  }

  /**
   * This topology in the schema of {@code fixtures/sysfs/*.expected.json}: {@code name},
   * {@code cpus} ({@code id, socket, core, uncoreCache, numa}; {@code uncoreCache} the L3 label or
   * null), {@code numaNodes} ({@code id, cpus, memoryBytes}, and {@code hugepages} by page size in
   * bytes when the node has pools), {@code numaDistances} (rows by node id, or null), and, when there
   * are any, {@code devices} ({@code resource, id, numa}; {@code numa} null without topology).
   */
  public ObjectNode toJson() {
    return TopologyJson.write(this);
  }

  /**
   * The topology a document of {@link #toJson()}'s schema describes, so that saved JSON gives the
   * machine its tree gave: cadvisor's rule on L3 caches applies as for a tree, and an L3's label
   * stands for its kernel id (the schema has none; {@link #toMachine()} then numbers uncore caches
   * by their lowest CPU, which orders them as the kernel's ids do on every fixture machine).
   *
   * @throws IllegalArgumentException naming the field at fault
   */
  public static SysfsTopology fromJson(JsonNode json) {
    return TopologyJson.read(json);
  }
}
