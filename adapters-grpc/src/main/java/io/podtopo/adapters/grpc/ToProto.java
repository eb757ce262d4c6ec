package io.podtopo.adapters.grpc;

import io.podtopo.adapters.grpc.v1.AllocatableResourcesResponse;
import io.podtopo.adapters.grpc.v1.ContainerDevices;
import io.podtopo.adapters.grpc.v1.ContainerMemory;
import io.podtopo.adapters.grpc.v1.ContainerResources;
import io.podtopo.adapters.grpc.v1.GetPodResourcesResponse;
import io.podtopo.adapters.grpc.v1.ListPodResourcesResponse;
import io.podtopo.adapters.grpc.v1.NUMANode;
import io.podtopo.adapters.grpc.v1.PodResources;
import io.podtopo.adapters.grpc.v1.TopologyInfo;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import java.util.List;

/**
 * The domain's PodResources view as v1 messages (PLRM spec §9.2). A plain mapping: what the view
 * holds is sent, nothing is decided here. Empty sets and lists are absent on the wire (proto3), so
 * a pod without a pod-level allocation sends no field 4 or 5 and a container on a shared pool no
 * field 3 or 4. CPU ids are sent in ascending order; memory blocks in the view's order, each with
 * its NUMA nodes as {@code topology}. Devices as the kubelet's
 * {@code containerDevicesFromResourceDeviceInstances} sends them: one {@code ContainerDevices} per
 * device, its id alone in {@code device_ids} and its NUMA node as {@code topology} (no topology for
 * a device without one), in the view's order (by resource, then id). {@code dynamic_resources} is
 * always empty.
 */
final class ToProto {

  private ToProto() {}

  /** The {@code List} answer. */
  static ListPodResourcesResponse list(PodResourcesView view) {
    ListPodResourcesResponse.Builder response = ListPodResourcesResponse.newBuilder();
    view.pods().forEach(pod -> response.addPodResources(pod(pod)));
    return response.build();
  }

  /** The {@code Get} answer for one pod. */
  static GetPodResourcesResponse get(io.podtopo.domain.node.PodResources pod) {
    return GetPodResourcesResponse.newBuilder().setPodResources(pod(pod)).build();
  }

  /** The {@code GetAllocatableResources} answer. */
  static AllocatableResourcesResponse allocatable(AllocatableResources allocatable) {
    return AllocatableResourcesResponse.newBuilder()
        .addAllDevices(devices(allocatable.devices()))
        .addAllCpuIds(cpuIds(allocatable.cpuIds()))
        .addAllMemory(memory(allocatable.memory()))
        .build();
  }

  static PodResources pod(io.podtopo.domain.node.PodResources pod) {
    PodResources.Builder message = PodResources.newBuilder()
        .setName(pod.name())
        .setNamespace(pod.namespace())
        .addAllCpuIds(cpuIds(pod.cpuIds()))
        .addAllMemory(memory(pod.memory()));
    pod.containers().forEach(container -> message.addContainers(container(container)));
    return message.build();
  }

  private static ContainerResources container(io.podtopo.domain.node.ContainerResources container) {
    return ContainerResources.newBuilder()
        .setName(container.name())
        .addAllDevices(devices(container.devices()))
        .addAllCpuIds(cpuIds(container.cpuIds()))
        .addAllMemory(memory(container.memory()))
        .build();
  }

  private static List<ContainerDevices> devices(List<Device> devices) {
    return devices.stream().map(device -> {
      ContainerDevices.Builder message = ContainerDevices.newBuilder()
          .setResourceName(device.resource())
          .addDeviceIds(device.id());
      device.numaNode().ifPresent(node -> message.setTopology(
          TopologyInfo.newBuilder().addNodes(NUMANode.newBuilder().setID(node))));
      return message.build();
    }).toList();
  }

  private static List<Long> cpuIds(CpuSet cpus) {
    return cpus.stream().mapToObj(Long::valueOf).toList();
  }

  private static List<ContainerMemory> memory(List<MemoryBlock> blocks) {
    return blocks.stream().map(ToProto::memory).toList();
  }

  private static ContainerMemory memory(MemoryBlock block) {
    TopologyInfo.Builder topology = TopologyInfo.newBuilder();
    block.numaAffinity().forEach(node -> topology.addNodes(NUMANode.newBuilder().setID(node)));
    return ContainerMemory.newBuilder()
        .setMemoryType(block.type())
        .setSize(block.size())
        .setTopology(topology)
        .build();
  }
}
