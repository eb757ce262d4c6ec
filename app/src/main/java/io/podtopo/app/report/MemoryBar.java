package io.podtopo.app.report;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.memorymanager.MemoryMachineState;
import io.podtopo.domain.memorymanager.MemoryTable;
import io.podtopo.domain.memorymanager.NumaNodeState;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One memory type ({@code memory}, {@code hugepages-1Gi}, ...) on one NUMA node as the
 * {@link HtmlReport} draws it: reserved for the system, then each owner's bytes, then bytes in use
 * by no owner the report knows (a pre-existing pod, a finished init container's reused memory),
 * then the free bytes. A block that spans several NUMA nodes is counted in equal parts on each.
 *
 * @param node the NUMA node
 * @param type the memory type
 * @param systemReserved bytes reserved for the system ({@code reservedMemory}); 0 when unknown
 * @param owners bytes per owner (pod shared pools and containers), none zero
 * @param other bytes in use by no owner of {@code owners}
 * @param free bytes nobody uses
 */
public record MemoryBar(int node, String type, long systemReserved, Map<CpuOwner, Long> owners, long other,
    long free) {

  public MemoryBar {
    Objects.requireNonNull(type, "type");
    owners = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(owners));
  }

  /** Every byte of the bar. */
  public long total() {
    return systemReserved + owners.values().stream().mapToLong(Long::longValue).sum() + other + free;
  }

  /**
   * The bars of a Memory Manager's machine state: per node and type its system reserve and free
   * bytes, its reserved bytes split by {@code tally}.
   */
  static List<MemoryBar> of(MemoryMachineState state, Tally tally) {
    List<MemoryBar> bars = new ArrayList<>();
    for (Map.Entry<Integer, NumaNodeState> node : state.nodes().entrySet()) {
      for (Map.Entry<String, MemoryTable> type : node.getValue().memoryMap().entrySet()) {
        MemoryTable table = type.getValue();
        if (table.allocatable() == 0 && table.systemReserved() == 0) {
          continue;
        }
        Map<CpuOwner, Long> owners = tally.on(node.getKey(), type.getKey());
        long known = owners.values().stream().mapToLong(Long::longValue).sum();
        bars.add(new MemoryBar(node.getKey(), type.getKey(), table.systemReserved(), owners,
            Math.max(0, table.reserved() - known), table.free()));
      }
    }
    return bars;
  }

  /** The bars of a machine nobody uses: each node's memory and hugepage pools, all free. */
  static List<MemoryBar> of(Machine machine) {
    List<MemoryBar> bars = new ArrayList<>();
    for (int id : machine.numaNodeIds()) {
      NumaNode node = machine.numaNode(id);
      if (node.memoryBytes() > 0) {
        bars.add(new MemoryBar(id, "memory", 0, Map.of(), 0, node.memoryBytes()));
      }
      node.hugepages().forEach((size, count) -> {
        if (count > 0) {
          bars.add(new MemoryBar(id, Resources.hugepageResourceName(size), 0, Map.of(), 0,
              size * count));
        }
      });
    }
    return bars;
  }

  /**
   * The bars of what an endpoint reports: per node and type the allocatable bytes of
   * {@code allocatable}, split by {@code tally}; a node and type with owners but nothing allocatable
   * gets a bar of its owners alone.
   */
  static List<MemoryBar> of(List<MemoryBlock> allocatable, Tally tally) {
    Tally capacity = new Tally();
    capacity.add(CpuOwner.nodeShared(), allocatable);
    SortedMap<Integer, SortedMap<String, Long>> sizes = new TreeMap<>();
    capacity.bytes.forEach((node, types) -> types.forEach((type, owners) ->
        sizes.computeIfAbsent(node, n -> new TreeMap<>()).put(type, owners.get(CpuOwner.nodeShared()))));
    tally.bytes.forEach((node, types) -> types.keySet().forEach(type ->
        sizes.computeIfAbsent(node, n -> new TreeMap<>()).putIfAbsent(type, 0L)));
    List<MemoryBar> bars = new ArrayList<>();
    sizes.forEach((node, types) -> types.forEach((type, size) -> {
      Map<CpuOwner, Long> owners = tally.on(node, type);
      long used = owners.values().stream().mapToLong(Long::longValue).sum();
      bars.add(new MemoryBar(node, type, 0, owners, 0, Math.max(0, size - used)));
    }));
    return bars;
  }

  /** Bytes per NUMA node, memory type and owner, summed from blocks. */
  static final class Tally {
    private final SortedMap<Integer, SortedMap<String, Map<CpuOwner, Long>>> bytes = new TreeMap<>();

    /** Adds {@code blocks} to {@code owner}, each in equal parts on the nodes of its affinity. */
    void add(CpuOwner owner, List<MemoryBlock> blocks) {
      count(owner, blocks, 1);
    }

    /** Takes {@code blocks} from {@code owner} (a pod's pool, the slice of a container). */
    void subtract(CpuOwner owner, List<MemoryBlock> blocks) {
      count(owner, blocks, -1);
    }

    /** The owners of one node and type with more than 0 bytes, in the order they were added. */
    Map<CpuOwner, Long> on(int node, String type) {
      Map<CpuOwner, Long> owners = new LinkedHashMap<>();
      bytes.getOrDefault(node, new TreeMap<>()).getOrDefault(type, Map.of()).forEach((owner, size) -> {
        if (size > 0) {
          owners.put(owner, size);
        }
      });
      return owners;
    }

    private void count(CpuOwner owner, List<MemoryBlock> blocks, int sign) {
      for (MemoryBlock block : blocks) {
        List<Integer> nodes = block.numaAffinity();
        for (int i = 0; i < nodes.size(); i++) {
          long part = block.size() / nodes.size() + (i == 0 ? block.size() % nodes.size() : 0);
          bytes.computeIfAbsent(nodes.get(i), n -> new TreeMap<>())
              .computeIfAbsent(block.type(), t -> new LinkedHashMap<>())
              .merge(owner, sign * part, Long::sum);
        }
      }
    }
  }
}
