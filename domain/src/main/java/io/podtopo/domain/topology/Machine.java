package io.podtopo.domain.topology;

import io.podtopo.domain.text.GoQuote;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.immutables.value.Value;

/**
 * A machine as the node resource managers see it: online CPUs, NUMA nodes (possibly without CPUs,
 * possibly with sparse ids), the NUMA distance matrix and the devices its device plugins advertise.
 *
 * <p>Invariants checked on construction: at least one CPU and one NUMA node; CPU ids and NUMA ids
 * unique; every CPU's and every device's NUMA node exists; a device id appears once per resource;
 * the distance matrix is either absent or square over exactly the NUMA node ids. CPUs and nodes are
 * kept sorted by id and devices by {@link Device#ORDER}, so iteration is deterministic.
 *
 * <p>Distances: {@code distances().get(a)} is node {@code a}'s row, whose j-th entry is the
 * distance to the j-th node in ascending id order (the sysfs {@code nodeN/distance} layout).
 */
@Value.Immutable
public abstract class Machine {

  /** A human name: a catalog name, a shape, or the file it was read from. */
  public abstract String name();

  public abstract List<Cpu> cpus();

  public abstract List<NumaNode> numaNodes();

  /** Rows of the NUMA distance matrix by node id; empty when unknown. */
  @Value.NaturalOrder
  public abstract SortedMap<Integer, List<Integer>> distances();

  /** The devices of every device plugin resource, in {@link Device#ORDER}; none by default. */
  public abstract List<Device> devices();

  /** The device plugin resources the machine advertises, by name. */
  @Value.Lazy
  public SortedSet<String> deviceResources() {
    return Collections.unmodifiableSortedSet(devices().stream().map(Device::resource)
        .collect(Collectors.toCollection(TreeSet::new)));
  }

  /** The devices of one resource, in {@link Device#ORDER}; empty for a resource the machine lacks. */
  public List<Device> devicesOf(String resource) {
    return devices().stream().filter(device -> device.resource().equals(resource)).toList();
  }

  /** All online CPUs. */
  @Value.Lazy
  public CpuSet cpuSet() {
    CpuSet.Builder builder = new CpuSet.Builder();
    cpus().forEach(cpu -> builder.add(cpu.id()));
    return builder.build();
  }

  /** How many sockets hold its CPUs. */
  @Value.Lazy
  public int socketCount() {
    return (int) cpus().stream().mapToInt(Cpu::socket).distinct().count();
  }

  /** The memory of all its NUMA nodes, in bytes. */
  @Value.Lazy
  public long memoryBytes() {
    return numaNodes().stream().mapToLong(NumaNode::memoryBytes).sum();
  }

  /** NUMA node ids, ascending. */
  @Value.Lazy
  public List<Integer> numaNodeIds() {
    return numaNodes().stream().map(NumaNode::id).toList();
  }

  /** The CPUs of one NUMA node (empty for a CPU-less node). */
  public CpuSet cpusOfNode(int node) {
    CpuSet.Builder builder = new CpuSet.Builder();
    cpus().stream().filter(cpu -> cpu.numaNode() == node).forEach(cpu -> builder.add(cpu.id()));
    return builder.build();
  }

  /** The NUMA node with this id. @throws IllegalArgumentException when there is none */
  public NumaNode numaNode(int id) {
    return numaNodes().stream()
        .filter(node -> node.id() == id)
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no NUMA node " + id + " on " + name()));
  }

  /**
   * Whether the machine says nothing of its memory: 0 bytes and no hugepages on every NUMA node (a
   * sysfs tree without {@code node*}/{@code meminfo}, or a JSON that says 0).
   */
  public boolean hasNoMemoryInformation() {
    return numaNodes().stream()
        .allMatch(node -> node.memoryBytes() == 0 && node.hugepages().values().stream().allMatch(count -> count == 0));
  }

  /** Whether the machine has a distance matrix. */
  public boolean hasDistances() {
    return !distances().isEmpty();
  }

  /** Distance from node {@code from} to node {@code to}. @throws IllegalStateException without a matrix */
  public int distance(int from, int to) {
    List<Integer> row = distances().get(from);
    int column = numaNodeIds().indexOf(to);
    if (row == null || column < 0) {
      throw new IllegalStateException("no NUMA distance from " + from + " to " + to + " on " + name());
    }
    return row.get(column);
  }

  @Value.Check
  protected Machine normalize() {
    if (isSorted()) {
      validate();
      return this;
    }
    return new Builder()
        .name(name())
        .cpus(cpus().stream().sorted((a, b) -> Integer.compare(a.id(), b.id())).toList())
        .numaNodes(numaNodes().stream().sorted((a, b) -> Integer.compare(a.id(), b.id())).toList())
        .distances(distances())
        .devices(devices().stream().sorted(Device.ORDER).toList())
        .build();
  }

  private boolean isSorted() {
    for (int i = 1; i < cpus().size(); i++) {
      if (cpus().get(i - 1).id() > cpus().get(i).id()) {
        return false;
      }
    }
    for (int i = 1; i < numaNodes().size(); i++) {
      if (numaNodes().get(i - 1).id() > numaNodes().get(i).id()) {
        return false;
      }
    }
    for (int i = 1; i < devices().size(); i++) {
      if (Device.ORDER.compare(devices().get(i - 1), devices().get(i)) > 0) {
        return false;
      }
    }
    return true;
  }

  private void validate() {
    if (cpus().isEmpty()) {
      throw new InvalidMachineException(name() + ": a machine needs at least one CPU");
    }
    Set<Integer> nodeIds = new TreeSet<>();
    for (NumaNode node : numaNodes()) {
      if (!nodeIds.add(node.id())) {
        throw new InvalidMachineException(name() + ": NUMA node " + node.id() + " is listed twice");
      }
    }
    Set<Integer> cpuIds = new HashSet<>();
    for (Cpu cpu : cpus()) {
      if (!cpuIds.add(cpu.id())) {
        throw new InvalidMachineException(name() + ": CPU " + cpu.id() + " is listed twice");
      }
      if (!nodeIds.contains(cpu.numaNode())) {
        throw new InvalidMachineException(
            name() + ": CPU " + cpu.id() + " is on NUMA node " + cpu.numaNode() + ", which the machine does not have");
      }
    }
    validateDevices(nodeIds);
    if (!distances().isEmpty()) {
      if (!distances().keySet().equals(nodeIds)) {
        throw new InvalidMachineException(
            name() + ": NUMA distance rows " + distances().keySet() + " do not match the NUMA nodes " + nodeIds);
      }
      distances().forEach((node, row) -> {
        if (row.size() != nodeIds.size()) {
          throw new InvalidMachineException(name() + ": NUMA distance row of node " + node + " has "
              + row.size() + " entries, expected " + nodeIds.size() + " (the matrix must be square)");
        }
      });
    }
  }

  private void validateDevices(Set<Integer> nodeIds) {
    Set<String> seen = new HashSet<>();
    for (Device device : devices()) {
      String label = "device " + GoQuote.of(device.id()) + " of " + GoQuote.of(device.resource());
      if (!Device.isExtendedResourceName(device.resource())) {
        throw new InvalidMachineException(name() + ": " + label + ": " + GoQuote.of(device.resource())
            + " is not an extended resource name (a domain/name outside kubernetes.io, as device plugins register)");
      }
      if (!seen.add(device.resource() + "\n" + device.id())) {
        throw new InvalidMachineException(name() + ": " + label + " is listed twice");
      }
      device.numaNode().filter(node -> !nodeIds.contains(node)).ifPresent(node -> {
        throw new InvalidMachineException(name() + ": " + label + " is on NUMA node " + node
            + ", which the machine does not have " + nodeIds);
      });
    }
  }

  /**
   * A machine whose NUMA nodes are derived from its CPUs (no memory, no distances): the form of
   * the upstream CPU-manager test fixtures.
   */
  public static Machine ofCpus(String name, List<Cpu> cpus) {
    return new Builder()
        .name(name)
        .cpus(cpus)
        .numaNodes(cpus.stream().map(Cpu::numaNode).distinct().sorted().map(id -> NumaNode.of(id, 0)).toList())
        .build();
  }

  /** Builder: {@code new Machine.Builder().name("m")...build()}. */
  public static class Builder extends ImmutableMachine.Builder {}
}
