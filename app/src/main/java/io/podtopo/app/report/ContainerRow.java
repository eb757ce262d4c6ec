package io.podtopo.app.report;

import io.podtopo.domain.text.ByteSizes;
import io.podtopo.app.simulate.PodOutcome;
import io.podtopo.app.simulate.SimulationRun;
import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.node.ContainerRole;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One container of a simulated pod as the reports show it: the CPUs it may run on (its own set, or
 * the node shared pool at the end of the run), whether they are exclusive, its isolation level and
 * memory blocks; all empty for a container of a rejected pod.
 *
 * @param name the container's name
 * @param role init, sidecar, app or ephemeral
 * @param cpus the CPUs it may run on; empty when its pod was rejected
 * @param exclusive whether the CPUs are the container's alone
 * @param isolation the CPU isolation level; empty when its pod was rejected
 * @param memory its memory blocks (exclusive or the pod shared pool's)
 * @param devices the devices it holds
 * @param removed whether it was removed after admission
 */
public record ContainerRow(String name, ContainerRole role, Optional<CpuSet> cpus, boolean exclusive,
    Optional<ResourceIsolationLevel> isolation, List<MemoryBlock> memory, List<Device> devices, boolean removed) {

  /** The rows of one pod, in pod order (init containers and sidecars, app, ephemeral containers). */
  public static List<ContainerRow> of(SimulationRun run, PodOutcome outcome) {
    List<ContainerRow> rows = new ArrayList<>();
    Optional<List<ContainerAssignment>> assigned = outcome.admission().assignment().map(a -> a.containers());
    if (assigned.isPresent()) {
      for (ContainerAssignment container : assigned.get()) {
        rows.add(new ContainerRow(container.name(), container.role(),
            Optional.of(container.cpus().orElse(run.nodeSharedPool())), container.exclusive(),
            Optional.of(container.isolation()), container.memory(), container.devices(),
            outcome.isRemoved(container.name())));
      }
      return rows;
    }
    Pod pod = outcome.pod();
    List<Container> all = new ArrayList<>(pod.initAndAppContainers());
    all.addAll(pod.ephemeralContainers());
    for (Container container : all) {
      rows.add(new ContainerRow(container.name(), run.managers().roleOf(pod, container), Optional.empty(), false,
          Optional.empty(), List.of(), List.of(), outcome.isRemoved(container.name())));
    }
    return rows;
  }

  /** {@code init}, {@code sidecar}, {@code app} or {@code ephemeral}. */
  public static String roleName(ContainerRole role) {
    return role.name().toLowerCase(Locale.ROOT);
  }

  /** {@code container}, {@code pod} or {@code host}. */
  public static String isolationName(ResourceIsolationLevel level) {
    return level.name().toLowerCase(Locale.ROOT);
  }

  /**
   * Whether the container runs on its pod's shared pool (KEP-5526): CPUs and memory it shares with
   * the pod's other non-exclusive containers.
   */
  public boolean onPodSharedPool() {
    return !exclusive && isolation.equals(Optional.of(ResourceIsolationLevel.POD));
  }

  /**
   * Devices by resource, each with its NUMA node: {@code nvidia.com/gpu gpu-0@0,gpu-1@0}, resources
   * separated by {@code ; } ({@code @-} for a device without one); {@code -} for none.
   */
  public static String devicesText(List<Device> devices) {
    if (devices.isEmpty()) {
      return "-";
    }
    Map<String, List<String>> byResource = new TreeMap<>();
    devices.forEach(device -> byResource.computeIfAbsent(device.resource(), resource -> new ArrayList<>())
        .add(device.id() + "@" + device.numaNode().map(String::valueOf).orElse("-")));
    return byResource.entrySet().stream().map(entry -> entry.getKey() + " " + String.join(",", entry.getValue()))
        .collect(Collectors.joining("; "));
  }

  /**
   * Blocks as {@code 1536Mi @0} when there is only memory, else each labelled:
   * {@code memory 1536Mi @0, hugepages-1Gi 2Gi @0}; {@code -} for none.
   */
  public static String memoryText(List<MemoryBlock> blocks) {
    if (blocks.isEmpty()) {
      return "-";
    }
    boolean onlyMemory = blocks.stream().allMatch(block -> block.type().equals("memory"));
    return blocks.stream()
        .map(block -> (onlyMemory ? "" : block.type() + " ") + ByteSizes.format(block.size())
            + " @" + block.numaAffinity().stream().map(String::valueOf).collect(Collectors.joining(",")))
        .collect(Collectors.joining(", "));
  }
}
