package io.podtopo.adapters.grpc;

import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Netty's native epoll transport, which carries gRPC over Unix domain sockets on Linux. */
final class EpollTransport {

  private EpollTransport() {}

  /**
   * Event loops on daemon threads named {@code name-N}.
   *
   * @throws IllegalStateException naming the cause when epoll is not available (not Linux, or the
   *     native library cannot be loaded)
   */
  static EventLoopGroup eventLoops(String name, int threads) {
    if (!Epoll.isAvailable()) {
      throw new IllegalStateException("the PodResources socket needs Linux epoll, which is not available here: "
          + Epoll.unavailabilityCause());
    }
    return new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory(name, true), EpollIoHandler.newFactory());
  }

  /**
   * {@code bytes} as a message size limit.
   *
   * @throws IllegalArgumentException when it is not positive
   */
  static int messageLimit(int bytes) {
    if (bytes < 1) {
      throw new IllegalArgumentException("the inbound message limit must be positive, not " + bytes);
    }
    return bytes;
  }

  /** A plaintext channel to the Unix domain socket {@code socket}, on {@code eventLoops}. */
  static ManagedChannel channel(Path socket, EventLoopGroup eventLoops, int maxInboundMessageBytes) {
    return NettyChannelBuilder.forAddress(new DomainSocketAddress(socket.toString()))
        .channelType(EpollDomainSocketChannel.class)
        .eventLoopGroup(eventLoops)
        .withOption(ChannelOption.SO_KEEPALIVE, null) // gRPC's TCP default; a Unix socket has none
        .overrideAuthority("localhost")
        .usePlaintext()
        .maxInboundMessageSize(maxInboundMessageBytes)
        .build();
  }

  /** Stops {@code group}, waiting at most {@code grace} for its threads. */
  static void shutDown(EventLoopGroup group, Duration grace) {
    group.shutdownGracefully(0, grace.toMillis(), TimeUnit.MILLISECONDS).awaitUninterruptibly(grace.toMillis());
  }
}
