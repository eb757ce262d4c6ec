package io.podtopo.adapters.grpc;

import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.netty.channel.unix.DomainSocketAddress;
import io.podtopo.adapters.grpc.v1.AllocatableResourcesRequest;
import io.podtopo.adapters.grpc.v1.AllocatableResourcesResponse;
import io.podtopo.adapters.grpc.v1.GetPodResourcesRequest;
import io.podtopo.adapters.grpc.v1.GetPodResourcesResponse;
import io.podtopo.adapters.grpc.v1.ListPodResourcesRequest;
import io.podtopo.adapters.grpc.v1.ListPodResourcesResponse;
import io.podtopo.adapters.grpc.v1.PodResourcesListerGrpc;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.PodResourcesView;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * An endpoint answering as a kubelet does where podtopo's server differs: {@code List} and
 * {@code GetAllocatableResources} send fixed answers (which may hold what podtopo cannot, or what no
 * correct node would say), and {@code Get} of any pod fails as the kubelet's {@code server_v1.go}
 * does, with a plain error (status {@code UNKNOWN}) "pod NAME in namespace NAMESPACE not found".
 */
public final class FakeKubelet implements AutoCloseable {

  private final EventLoopGroup eventLoops = EpollTransport.eventLoops("fake-kubelet", 1);
  private final Server server;

  FakeKubelet(Path socket, ListPodResourcesResponse list) throws IOException {
    this(socket, list, AllocatableResourcesResponse.getDefaultInstance());
  }

  private FakeKubelet(Path socket, ListPodResourcesResponse list, AllocatableResourcesResponse allocatable)
      throws IOException {
    server = NettyServerBuilder.forAddress(new DomainSocketAddress(socket.toString()))
        .channelType(EpollServerDomainSocketChannel.class)
        .bossEventLoopGroup(eventLoops)
        .workerEventLoopGroup(eventLoops)
        .withChildOption(ChannelOption.SO_KEEPALIVE, null)
        .addService(new PodResourcesListerGrpc.PodResourcesListerImplBase() {
          @Override
          public void list(ListPodResourcesRequest request, StreamObserver<ListPodResourcesResponse> response) {
            response.onNext(list);
            response.onCompleted();
          }

          @Override
          public void getAllocatableResources(AllocatableResourcesRequest request,
              StreamObserver<AllocatableResourcesResponse> response) {
            response.onNext(allocatable);
            response.onCompleted();
          }

          @Override
          public void get(GetPodResourcesRequest request, StreamObserver<GetPodResourcesResponse> response) {
            response.onError(Status.UNKNOWN
                .withDescription("pod " + request.getPodName() + " in namespace " + request.getPodNamespace() + " not found")
                .asRuntimeException());
          }
        })
        .build()
        .start();
  }

  /**
   * An endpoint on {@code socket} answering {@code List} with {@code pods} and
   * {@code GetAllocatableResources} with {@code allocatable}.
   */
  public static FakeKubelet answering(Path socket, PodResourcesView pods, AllocatableResources allocatable)
      throws IOException {
    return new FakeKubelet(socket, ToProto.list(pods), ToProto.allocatable(allocatable));
  }

  @Override
  public void close() throws InterruptedException {
    server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    EpollTransport.shutDown(eventLoops, Duration.ofSeconds(1));
  }
}
