package io.podtopo.adapters.grpc;

import io.podtopo.adapters.grpc.v1.AllocatableResourcesResponse;
import io.podtopo.adapters.grpc.v1.ContainerDevices;
import io.podtopo.adapters.grpc.v1.ContainerMemory;
import io.podtopo.adapters.grpc.v1.ContainerResources;
import io.podtopo.adapters.grpc.v1.ListPodResourcesResponse;
import io.podtopo.adapters.grpc.v1.NUMANode;
import io.podtopo.adapters.grpc.v1.PodResources;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.NumaNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * v1 messages read from an endpoint as domain values, the inverse of {@link ToProto}. What the
 * domain cannot hold is refused, naming where it was found: a CPU id outside 0..{@value
 * CpuSet#MAX_CPU_ID}, a NUMA node id outside 0..{@value NumaNode#MAX_ID} or a memory size above
 * {@link Long#MAX_VALUE} bytes (a negative {@code long} read from the {@code uint64}), a device
 * the answer puts on two NUMA nodes (a podtopo device has one). Devices are read one per id with
 * the NUMA node of their {@code topology} (none without one), in the answer's order, a device
 * listed twice (once per NUMA node, as the kubelet lists it) once. Dynamic resources have no domain
 * counterpart and are not read.
 */
final class FromProto {

  private FromProto() {}

  /**
   * The {@code List} answer.
   *
   * @throws InvalidResponseException when a value cannot be held (see the class comment)
   */
  static PodResourcesView list(ListPodResourcesResponse response) {
    PodResourcesView.Builder view = new PodResourcesView.Builder();
    response.getPodResourcesList().forEach(pod -> view.addPod(pod(pod)));
    return view.build();
  }

  /**
   * One pod.
   *
   * @throws InvalidResponseException when a value cannot be held
   */
  static io.podtopo.domain.node.PodResources pod(PodResources pod) {
    String where = "pod " + pod.getNamespace() + "/" + pod.getName();
    io.podtopo.domain.node.PodResources.Builder domain = new io.podtopo.domain.node.PodResources.Builder()
        .name(pod.getName())
        .namespace(pod.getNamespace())
        .cpuIds(cpuIds(pod.getCpuIdsList(), where))
        .memory(memory(pod.getMemoryList(), where));
    for (ContainerResources container : pod.getContainersList()) {
      String in = where + " container " + container.getName();
      domain.addContainer(new io.podtopo.domain.node.ContainerResources.Builder()
          .name(container.getName())
          .cpuIds(cpuIds(container.getCpuIdsList(), in))
          .memory(memory(container.getMemoryList(), in))
          .devices(devices(container.getDevicesList(), in))
          .build());
    }
    return domain.build();
  }

  /**
   * The {@code GetAllocatableResources} answer.
   *
   * @throws InvalidResponseException when a value cannot be held
   */
  static AllocatableResources allocatable(AllocatableResourcesResponse response) {
    return new AllocatableResources.Builder()
        .cpuIds(cpuIds(response.getCpuIdsList(), "allocatable resources"))
        .memory(memory(response.getMemoryList(), "allocatable resources"))
        .devices(devices(response.getDevicesList(), "allocatable resources"))
        .build();
  }

  private static List<Device> devices(List<ContainerDevices> entries, String where) {
    Map<String, Device> byKey = new LinkedHashMap<>();
    for (ContainerDevices entry : entries) {
      String resource = entry.getResourceName();
      List<Integer> nodes = new ArrayList<>();
      for (NUMANode node : entry.getTopology().getNodesList()) {
        nodes.add((int) inRange(node.getID(), NumaNode.MAX_ID, "NUMA node id", where + " device of " + resource));
      }
      for (String id : entry.getDeviceIdsList()) {
        String in = where + " device " + id + " of " + resource;
        for (Integer node : nodes.isEmpty() ? java.util.Collections.<Integer>singletonList(null) : nodes) {
          Device device = Device.of(resource, id, node);
          Device before = byKey.putIfAbsent(resource + "\n" + id, device);
          if (before != null && !before.equals(device)) {
            throw new InvalidResponseException(in + ": on NUMA nodes " + before.numaNode().map(String::valueOf)
                .orElse("none") + " and " + (node == null ? "none" : node) + "; podtopo holds one NUMA node per device");
          }
        }
      }
    }
    return List.copyOf(byKey.values());
  }

  private static CpuSet cpuIds(List<Long> ids, String where) {
    CpuSet.Builder cpus = new CpuSet.Builder();
    for (long id : ids) {
      cpus.add((int) inRange(id, CpuSet.MAX_CPU_ID, "CPU id", where));
    }
    return cpus.build();
  }

  private static List<MemoryBlock> memory(List<ContainerMemory> blocks, String where) {
    List<MemoryBlock> domain = new ArrayList<>();
    for (ContainerMemory block : blocks) {
      String in = where + " memory " + block.getMemoryType();
      if (block.getSize() < 0) {
        throw new InvalidResponseException(in + ": size " + Long.toUnsignedString(block.getSize())
            + " is above " + Long.MAX_VALUE + " bytes");
      }
      List<Integer> nodes = new ArrayList<>();
      for (NUMANode node : block.getTopology().getNodesList()) {
        nodes.add((int) inRange(node.getID(), NumaNode.MAX_ID, "NUMA node id", in));
      }
      domain.add(MemoryBlock.of(nodes, block.getMemoryType(), block.getSize()));
    }
    return domain;
  }

  private static long inRange(long value, int max, String what, String where) {
    if (value < 0 || value > max) {
      throw new InvalidResponseException(where + ": " + what + " " + value + " is outside 0.." + max);
    }
    return value;
  }

  /** A response holding a value the domain cannot represent. */
  static final class InvalidResponseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InvalidResponseException(String message) {
      super(message);
    }
  }
}
