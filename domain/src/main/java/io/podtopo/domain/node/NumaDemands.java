package io.podtopo.domain.node;

import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.devicemanager.DeviceManager;
import io.podtopo.domain.memorymanager.MemoryManagerException;
import io.podtopo.domain.memorymanager.MemoryTable;
import io.podtopo.domain.memorymanager.StaticMemoryPolicy;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The NUMA demand model of an explanation: what a pod (or one of its containers) asks of each
 * resource the hint providers align, with what each NUMA node has free and could ever give
 * ({@link NumaDemand}), in the providers' order (CPU, memory and hugepages, devices). Read from the
 * node's state the way the providers read it (free CPUs are the default set minus the reserved ones,
 * free memory the Memory Manager's tables, free devices the healthy ones no container holds), not
 * from their hint lists, so no NUMA mask is enumerated.
 */
final class NumaDemands {

  private final NodeResourceManagers managers;

  NumaDemands(NodeResourceManagers managers) {
    this.managers = managers;
  }

  /** What {@code container} (or, when empty, the whole {@code pod}) asks of each aligned resource, on {@code state}. */
  List<NumaDemand> of(Pod pod, Optional<Container> container, NodeState state) {
    List<NumaDemand> demands = new ArrayList<>();
    if (managers.cpuPolicy() instanceof StaticPolicy policy) {
      cpuDemand(policy, pod, container, state, demands);
    }
    if (managers.memoryPolicy() instanceof StaticMemoryPolicy policy) {
      memoryDemands(policy, pod, container, state, demands);
    }
    deviceDemands(pod, container, state, demands);
    return demands;
  }

  private void cpuDemand(StaticPolicy policy, Pod pod, Optional<Container> container, NodeState state,
      List<NumaDemand> demands) {
    long request = container.map(c -> policy.guaranteedCpus(pod, c)).orElseGet(() -> policy.podGuaranteedCpus(pod));
    if (request <= 0) {
      return;
    }
    CpuSet available = policy.availableCpus(state.cpu());
    SortedMap<Integer, Long> free = new TreeMap<>();
    SortedMap<Integer, Long> capacity = new TreeMap<>();
    SortedMap<Integer, Long> sizes = new TreeMap<>();
    for (int node : managers.machine().numaNodeIds()) {
      CpuSet cpus = policy.topology().cpusInNumaNode(node);
      if (!cpus.isEmpty()) {
        free.put(node, (long) cpus.intersectionSize(available));
        capacity.put(node, (long) cpus.difference(policy.reservedCpus()).size());
        sizes.put(node, (long) cpus.size());
      }
    }
    demands.add(new NumaDemand(Resources.CPU, request, free, capacity, sizes));
  }

  private void memoryDemands(StaticMemoryPolicy policy, Pod pod, Optional<Container> container, NodeState state,
      List<NumaDemand> demands) {
    SortedMap<String, Long> requests;
    try {
      requests = container.map(c -> policy.containerRequests(pod, c)).orElseGet(() -> policy.podRequests(pod));
    } catch (MemoryManagerException e) {
      return;
    }
    requests.forEach((type, request) -> {
      if (request > 0) {
        SortedMap<Integer, Long> free = new TreeMap<>();
        SortedMap<Integer, Long> capacity = new TreeMap<>();
        for (int node : managers.machine().numaNodeIds()) {
          Optional<MemoryTable> table = state.memory().machineState().table(node, type);
          free.put(node, table.map(MemoryTable::free).orElse(0L));
          capacity.put(node, table.map(MemoryTable::allocatable).orElse(0L));
        }
        demands.add(new NumaDemand(type, request, free, capacity));
      }
    });
  }

  /**
   * Each device plugin resource with topology the pod (or the container) asks for: available and all
   * devices by node.
   */
  private void deviceDemands(Pod pod, Optional<Container> container, NodeState state, List<NumaDemand> demands) {
    DeviceManager devices = managers.deviceManager();
    SortedMap<String, Long> requests = container.map(c -> devices.containerRequests(state.devices(), c))
        .orElseGet(() -> devices.podRequests(state.devices(), pod));
    requests.forEach((resource, request) -> {
      if (request <= 0 || !devices.hasTopologyAlignment(resource)) {
        return;
      }
      SortedMap<Integer, Long> free = new TreeMap<>();
      SortedMap<Integer, Long> capacity = new TreeMap<>();
      managers.machine().numaNodeIds().forEach(node -> {
        free.put(node, 0L);
        capacity.put(node, 0L);
      });
      Set<String> available = devices.available(state.devices(), resource);
      for (Device device : managers.machine().devicesOf(resource)) {
        device.numaNode().filter(capacity::containsKey).ifPresent(node -> {
          capacity.merge(node, 1L, Long::sum);
          if (available.contains(device.id())) {
            free.merge(node, 1L, Long::sum);
          }
        });
      }
      demands.add(new NumaDemand(resource, request, free, capacity));
    });
  }
}
