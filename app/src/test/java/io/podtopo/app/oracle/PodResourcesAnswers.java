package io.podtopo.app.oracle;

import com.google.protobuf.Message;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.unix.DomainSocketAddress;
import io.podtopo.adapters.grpc.v1.AllocatableResourcesRequest;
import io.podtopo.adapters.grpc.v1.AllocatableResourcesResponse;
import io.podtopo.adapters.grpc.v1.ContainerDevices;
import io.podtopo.adapters.grpc.v1.ContainerMemory;
import io.podtopo.adapters.grpc.v1.ContainerResources;
import io.podtopo.adapters.grpc.v1.GetPodResourcesRequest;
import io.podtopo.adapters.grpc.v1.ListPodResourcesRequest;
import io.podtopo.adapters.grpc.v1.PodResources;
import io.podtopo.adapters.grpc.v1.PodResourcesListerGrpc;
import io.podtopo.adapters.grpc.v1.PodResourcesListerGrpc.PodResourcesListerBlockingStub;
import io.podtopo.adapters.grpc.v1.TopologyInfo;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * What one PodResources v1 endpoint answers, read with the generated stubs (no conversion that could
 * hide a difference) and put in canonical order, so that two endpoints holding the same allocation
 * compare equal: pods by namespace and name, containers by name, CPU ids ascending, memory blocks
 * and device entries (their ids and NUMA nodes sorted) in the order of their text form. Nothing
 * else is changed: a field one endpoint fills and the other does not stays a difference.
 *
 * @param list the {@code List} answer's pods
 * @param gets each listed pod's {@code Get} answer, by {@code namespace/name}
 * @param allocatable the {@code GetAllocatableResources} answer
 */
record PodResourcesAnswers(List<PodResources> list, Map<String, PodResources> gets,
    AllocatableResourcesResponse allocatable) {

  private static final Comparator<Message> BY_TEXT = Comparator.comparing(Message::toString);

  /**
   * Asks the endpoint on {@code socket}; {@code podName} gives the name a pod is compared under (its
   * {@code Get} asks for the name the endpoint reported).
   */
  static PodResourcesAnswers read(Path socket, UnaryOperator<String> podName) {
    return call(socket, stub -> {
      List<PodResources> listed = stub.list(ListPodResourcesRequest.getDefaultInstance()).getPodResourcesList();
      Map<String, PodResources> gets = new TreeMap<>();
      for (PodResources pod : listed) {
        PodResources got = stub.get(GetPodResourcesRequest.newBuilder().setPodNamespace(pod.getNamespace())
            .setPodName(pod.getName()).build()).getPodResources();
        gets.put(pod.getNamespace() + "/" + podName.apply(pod.getName()), canonical(got, podName));
      }
      return new PodResourcesAnswers(
          listed.stream().map(pod -> canonical(pod, podName))
              .sorted(Comparator.comparing(PodResources::getNamespace).thenComparing(PodResources::getName)).toList(),
          gets, canonical(stub.getAllocatableResources(AllocatableResourcesRequest.getDefaultInstance())));
    });
  }

  /** The endpoint's {@code Get} of a pod as {@code CODE: DESCRIPTION} of its gRPC status, {@code OK} when it answers. */
  static String getStatus(Path socket, String namespace, String name) {
    return call(socket, stub -> {
      try {
        stub.get(GetPodResourcesRequest.newBuilder().setPodNamespace(namespace).setPodName(name).build());
        return "OK";
      } catch (StatusRuntimeException e) {
        return e.getStatus().getCode() + ": " + e.getStatus().getDescription();
      }
    });
  }

  /** {@code calls} on a stub of a channel to {@code socket}, each call within 10 s; the channel then closed. */
  private static <T> T call(Path socket, Function<PodResourcesListerBlockingStub, T> calls) {
    EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
    ManagedChannel channel = NettyChannelBuilder.forAddress(new DomainSocketAddress(socket.toString()))
        .channelType(EpollDomainSocketChannel.class).eventLoopGroup(loop).overrideAuthority("localhost")
        .usePlaintext().build();
    try {
      return calls.apply(PodResourcesListerGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS));
    } finally {
      channel.shutdownNow();
      loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
  }

  private static PodResources canonical(PodResources pod, UnaryOperator<String> podName) {
    return pod.toBuilder().setName(podName.apply(pod.getName()))
        .clearCpuIds().addAllCpuIds(pod.getCpuIdsList().stream().sorted().toList())
        .clearMemory().addAllMemory(memory(pod.getMemoryList()))
        .clearContainers().addAllContainers(pod.getContainersList().stream().map(PodResourcesAnswers::canonical)
            .sorted(Comparator.comparing(ContainerResources::getName)).toList())
        .build();
  }

  private static ContainerResources canonical(ContainerResources container) {
    return container.toBuilder()
        .clearCpuIds().addAllCpuIds(container.getCpuIdsList().stream().sorted().toList())
        .clearMemory().addAllMemory(memory(container.getMemoryList()))
        .clearDevices().addAllDevices(devices(container.getDevicesList()))
        .build();
  }

  private static AllocatableResourcesResponse canonical(AllocatableResourcesResponse allocatable) {
    return allocatable.toBuilder()
        .clearCpuIds().addAllCpuIds(allocatable.getCpuIdsList().stream().sorted().toList())
        .clearMemory().addAllMemory(memory(allocatable.getMemoryList()))
        .clearDevices().addAllDevices(devices(allocatable.getDevicesList()))
        .build();
  }

  private static List<ContainerMemory> memory(List<ContainerMemory> blocks) {
    return blocks.stream().map(block -> block.hasTopology()
            ? block.toBuilder().setTopology(topology(block.getTopology())).build() : block)
        .sorted(BY_TEXT).toList();
  }

  private static List<ContainerDevices> devices(List<ContainerDevices> devices) {
    return devices.stream().map(entry -> {
      ContainerDevices.Builder sorted = entry.toBuilder()
          .clearDeviceIds().addAllDeviceIds(entry.getDeviceIdsList().stream().sorted().toList());
      return (entry.hasTopology() ? sorted.setTopology(topology(entry.getTopology())) : sorted).build();
    }).sorted(BY_TEXT).toList();
  }

  private static TopologyInfo topology(TopologyInfo topology) {
    return topology.toBuilder().clearNodes()
        .addAllNodes(topology.getNodesList().stream().sorted(Comparator.comparingLong(node -> node.getID())).toList())
        .build();
  }
}
