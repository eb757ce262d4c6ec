package io.podtopo.app.report;

import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A PodResources endpoint for people: the socket and the allocatable resources, one row per pod
 * level, container and derived pod shared pool (CPU ids as ranges, memory as size and NUMA nodes,
 * and when the endpoint reports any devices, each container's with their NUMA nodes), and, with the
 * machine known, the {@link TopologyMap} of who owns each CPU and device.
 */
public final class InspectTable {

  private static final String[] HEADER = {"POD", "CONTAINER", "CPU_IDS", "MEMORY"};
  /** The row of a pod's own fields ({@code cpu_ids} 4 and {@code memory} 5). */
  static final String POD_ROW = "(pod)";
  /** The row of a pod's shared pool, derived. */
  static final String POOL_ROW = "(shared pool)";

  private InspectTable() {}

  /** The whole text. */
  public static String render(InspectedEndpoint endpoint) {
    StringBuilder out = new StringBuilder();
    out.append("endpoint:    ").append(endpoint.socket()).append('\n');
    out.append("allocatable: ").append(allocatable(endpoint.allocatable())).append("\n\n");
    List<PodResources> pods = endpoint.pods().pods();
    if (pods.isEmpty()) {
      out.append("no pods\n");
    } else {
      out.append(TextTable.render(rows(pods))).append('\n');
      long containers = pods.stream().mapToLong(pod -> pod.containers().size()).sum();
      out.append(count(pods.size(), "pod")).append(", ").append(count(containers, "container")).append("; ")
          .append(POD_ROW).append(": the pod-level cpu_ids and memory; ").append(POOL_ROW)
          .append(": the pod's minus its containers'\n");
    }
    endpoint.machine().ifPresent(machine ->
        out.append('\n').append(TopologyMap.plain().render(machine, InspectOwners.of(endpoint, machine),
            InspectOwners.devices(endpoint))));
    return out.toString();
  }

  /** The table: the header, then per pod its own row, its containers' and its shared pool's. */
  static List<String[]> rows(List<PodResources> pods) {
    boolean devices = pods.stream().anyMatch(pod -> pod.containers().stream().anyMatch(c -> !c.devices().isEmpty()));
    List<String[]> rows = new ArrayList<>();
    rows.add(row(devices, "DEVICES", HEADER));
    for (PodResources pod : pods) {
      String name = pod.namespace() + "/" + pod.name();
      rows.add(row(devices, "-", name, POD_ROW, cpus(pod.cpuIds()), ContainerRow.memoryText(pod.memory())));
      for (ContainerResources container : pod.containers()) {
        rows.add(row(devices, ContainerRow.devicesText(container.devices()), name, container.name(),
            cpus(container.cpuIds()), ContainerRow.memoryText(container.memory())));
      }
      if (!pod.cpuIds().isEmpty()) {
        rows.add(row(devices, "-", name, POOL_ROW, cpus(pod.sharedPoolCpus()),
            ContainerRow.memoryText(pod.sharedPoolMemory())));
      }
    }
    return rows;
  }

  /** The cells, and {@code devices} as the last one when the endpoint reports devices. */
  private static String[] row(boolean withDevices, String devices, String... cells) {
    if (!withDevices) {
      return cells;
    }
    String[] row = Arrays.copyOf(cells, cells.length + 1);
    row[cells.length] = devices;
    return row;
  }

  static String allocatable(AllocatableResources allocatable) {
    return "CPUs " + (allocatable.cpuIds().isEmpty() ? "(none)"
        : allocatable.cpuIds() + " (" + allocatable.cpuIds().size() + ")")
        + "; memory " + (allocatable.memory().isEmpty() ? "(none)" : ContainerRow.memoryText(allocatable.memory()))
        + (allocatable.devices().isEmpty() ? "" : "; devices " + ContainerRow.devicesText(allocatable.devices()));
  }

  private static String cpus(CpuSet cpus) {
    return cpus.isEmpty() ? "-" : cpus.toString();
  }

  private static String count(long count, String noun) {
    return count + " " + noun + (count == 1 ? "" : "s");
  }
}
