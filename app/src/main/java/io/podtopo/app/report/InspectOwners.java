package io.podtopo.app.report;

import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The owner of every CPU of the machine as a PodResources endpoint reports it, for the
 * {@link TopologyMap}: CPUs outside the allocatable ones are reserved (when the endpoint lists any),
 * a container's {@code cpu_ids} are exclusive to it, a pod's {@code cpu_ids} beyond its containers'
 * are its shared pool, and the allocatable CPUs nobody reports are the node shared pool. With the
 * answer about one pod, only that pod's CPUs and the reserved ones are marked.
 */
final class InspectOwners {

  private InspectOwners() {}

  /** CPU id to owner. */
  static Map<Integer, CpuOwner> of(InspectedEndpoint endpoint, Machine machine) {
    Map<Integer, CpuOwner> owners = new HashMap<>();
    CpuSet allocatable = endpoint.allocatable().cpuIds();
    if (!allocatable.isEmpty()) {
      mark(owners, machine.cpuSet().difference(allocatable), CpuOwner.reserved());
    }
    if (!endpoint.onePod()) {
      mark(owners, allocatable, CpuOwner.nodeShared());
    }
    for (PodResources pod : endpoint.pods().pods()) {
      String name = pod.namespace() + "/" + pod.name();
      mark(owners, pod.sharedPoolCpus(), CpuOwner.podShared(name));
      for (ContainerResources container : pod.containers()) {
        mark(owners, container.cpuIds(), CpuOwner.exclusive(name + " " + container.name()));
      }
    }
    return owners;
  }

  /**
   * The memory of every NUMA node by owner: a container's {@code memory} is its own, a pod's beyond
   * its containers' is its shared pool; the allocatable memory nobody reports is free.
   */
  static List<MemoryBar> memory(InspectedEndpoint endpoint) {
    MemoryBar.Tally tally = new MemoryBar.Tally();
    for (PodResources pod : endpoint.pods().pods()) {
      String name = pod.namespace() + "/" + pod.name();
      tally.add(CpuOwner.podShared(name), pod.sharedPoolMemory());
      for (ContainerResources container : pod.containers()) {
        tally.add(CpuOwner.exclusive(name + " " + container.name()), container.memory());
      }
    }
    return MemoryBar.of(endpoint.allocatable().memory(), tally);
  }

  /** Who holds each device the endpoint reports ({@code resource id} to {@code pod container}), for the map. */
  static Map<String, String> devices(InspectedEndpoint endpoint) {
    Map<String, String> holders = new HashMap<>();
    for (PodResources pod : endpoint.pods().pods()) {
      for (ContainerResources container : pod.containers()) {
        container.devices().forEach(device -> holders.put(SimulationOwners.deviceKey(device.resource(), device.id()),
            pod.namespace() + "/" + pod.name() + " " + container.name()));
      }
    }
    return holders;
  }

  private static void mark(Map<Integer, CpuOwner> owners, CpuSet cpus, CpuOwner owner) {
    cpus.forEachCpu(cpu -> owners.put(cpu, owner));
  }
}
