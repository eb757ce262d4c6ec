package io.podtopo.adapters.grpc;

import io.grpc.Server;
import io.grpc.netty.NettyServerBuilder;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.netty.channel.unix.DomainSocketAddress;
import io.podtopo.ports.in.NodeResourceManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The kubelet's PodResources v1 API ({@code v1.PodResourcesLister}: {@code List},
 * {@code GetAllocatableResources}, {@code Get}) for one node, served over a Unix domain socket and
 * nothing else (no TCP port).
 *
 * <pre>{@code
 * try (PodResourcesServer server = PodResourcesServer.builder(node, Path.of("/var/lib/podtopo/pod-resources.sock"))
 *     .rateLimit(RateLimit.KUBELET_DEFAULT)
 *     .start()) {
 *   ...
 * }
 * }</pre>
 *
 * <p><b>The socket.</b> {@link Builder#start} removes a stale socket left at the path by a server
 * that is gone, creates missing parent folders (0750), and refuses with a
 * {@link SocketPathException} a path that exists and is not a socket (leaving it untouched) or a
 * socket another server is listening on. As the kubelet does, the socket is bound under a temporary
 * name beside the path, set to mode 0660 and then renamed onto the path, so it never appears with
 * another mode. {@link #close} removes it.
 *
 * <p><b>Answers.</b> As PLRM spec §9.2 describes, mapped from the node's
 * {@link NodeResourceManager#podResources} view without deciding anything: each answer comes from
 * one snapshot; the {@code List} answer is encoded once per snapshot and its bytes served to every
 * caller until the node changes. {@code Get} of a pod the node does not run fails with
 * {@code NOT_FOUND} and the kubelet's text "pod NAME in namespace NAMESPACE not found".
 *
 * <p><b>Limits.</b> Like the kubelet: every call takes a token of the {@link RateLimit} (default
 * {@link RateLimit#KUBELET_DEFAULT}, 100 a second, bursts of 10) or fails with
 * {@code RESOURCE_EXHAUSTED} "rejected by rate limit"; a request larger than the inbound limit
 * (default {@value #DEFAULT_MAX_INBOUND_MESSAGE_BYTES} bytes, gRPC's and so the kubelet's) fails
 * with {@code RESOURCE_EXHAUSTED}. {@link #close} lets calls in flight finish for at most the
 * shutdown grace (default 5 s), then cancels what is left and stops its threads: it returns within
 * a few times the grace whatever the calls do.
 */
public final class PodResourcesServer implements AutoCloseable {

  /** The server's default inbound message limit: gRPC's default, which the kubelet keeps. */
  public static final int DEFAULT_MAX_INBOUND_MESSAGE_BYTES = 4 * 1024 * 1024;

  private final Path socket;
  private final Object socketFileKey;
  private final Server server;
  private final Resources resources;
  private final Duration shutdownGrace;
  private boolean closed;

  private PodResourcesServer(Path socket, Object socketFileKey, Server server, Resources resources,
      Duration shutdownGrace) {
    this.socket = socket;
    this.socketFileKey = socketFileKey;
    this.server = server;
    this.resources = resources;
    this.shutdownGrace = shutdownGrace;
  }

  /**
   * The threads of a server: Netty's accepting and I/O event loops. The calls' handlers run on the
   * I/O event loops themselves (gRPC's direct executor): each only reads one snapshot of the node,
   * which never blocks ({@link NodeResourceManager}), so a hop to a handler pool would only add two
   * context switches a call (measured: 71 µs of server CPU a {@code List} call with a pool, 25 µs
   * without, on the agent load test).
   */
  private record Resources(EventLoopGroup boss, EventLoopGroup workers) {

    static Resources create() {
      return new Resources(EpollTransport.eventLoops("podresources-server-boss", 1),
          EpollTransport.eventLoops("podresources-server", Math.max(1, Runtime.getRuntime().availableProcessors())));
    }

    void shutDown(Duration grace) {
      EpollTransport.shutDown(workers, grace);
      EpollTransport.shutDown(boss, grace);
    }
  }

  /** A server for {@code node} on the Unix domain socket {@code socket}, with the kubelet's defaults. */
  public static Builder builder(NodeResourceManager node, Path socket) {
    return new Builder(node, socket);
  }

  /** The socket's path. */
  public Path socket() {
    return socket;
  }

  /**
   * Stops accepting calls, lets those in flight finish within the shutdown grace, cancels the rest
   * and removes the socket (unless another file has replaced it meanwhile). Closing twice does
   * nothing.
   *
   * @throws SocketPathException when the socket cannot be removed
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    server.shutdown();
    try {
      if (!server.awaitTermination(shutdownGrace.toMillis(), TimeUnit.MILLISECONDS)) {
        server.shutdownNow().awaitTermination(shutdownGrace.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      server.shutdownNow();
      Thread.currentThread().interrupt();
    } finally {
      resources.shutDown(shutdownGrace);
    }
    if (Objects.equals(fileKey(socket), socketFileKey)) {
      UnixSocketFile.delete(socket, "cannot remove the socket");
    }
  }

  private static Object fileKey(Path path) {
    try {
      return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
    } catch (IOException e) {
      return null;
    }
  }

  /** The options of a {@link PodResourcesServer}, each with the kubelet's default. */
  public static final class Builder {

    private final NodeResourceManager node;
    private final Path socket;
    private RateLimit rateLimit = RateLimit.KUBELET_DEFAULT;
    private int maxInboundMessageBytes = DEFAULT_MAX_INBOUND_MESSAGE_BYTES;
    private Duration shutdownGrace = Duration.ofSeconds(5);
    private boolean cacheEncodedList = true;

    private Builder(NodeResourceManager node, Path socket) {
      this.node = Objects.requireNonNull(node, "node");
      this.socket = Objects.requireNonNull(socket, "socket");
    }

    /** The token bucket every call draws from (default {@link RateLimit#KUBELET_DEFAULT}). */
    public Builder rateLimit(RateLimit limit) {
      this.rateLimit = Objects.requireNonNull(limit, "limit");
      return this;
    }

    /** The largest request accepted, in bytes (default {@value #DEFAULT_MAX_INBOUND_MESSAGE_BYTES}). */
    public Builder maxInboundMessageSize(int bytes) {
      this.maxInboundMessageBytes = EpollTransport.messageLimit(bytes);
      return this;
    }

    /** How long {@link PodResourcesServer#close} waits for calls in flight, and then for cancelled ones (default 5 s). */
    public Builder shutdownGrace(Duration grace) {
      if (grace.isNegative()) {
        throw new IllegalArgumentException("the shutdown grace cannot be negative: " + grace);
      }
      this.shutdownGrace = grace;
      return this;
    }

    /**
     * Whether the encoded {@code List} answer is kept until the node changes (default true); off,
     * every {@code List} reads and encodes the view anew. The answers are the same either way.
     */
    public Builder cacheEncodedList(boolean cache) {
      this.cacheEncodedList = cache;
      return this;
    }

    /**
     * Binds the socket and starts serving.
     *
     * @throws SocketPathException when the path is refused or the socket cannot be created
     * @throws IllegalStateException when epoll is not available on this machine
     */
    public PodResourcesServer start() {
      UnixSocketFile.makeFree(socket);
      Path bound = socket.resolveSibling(".podtopo-" + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".sock");
      UnixSocketFile.requireShortEnough(bound);
      Resources resources = Resources.create();
      Server server = NettyServerBuilder.forAddress(new DomainSocketAddress(bound.toString()))
          .channelType(EpollServerDomainSocketChannel.class)
          .bossEventLoopGroup(resources.boss())
          .workerEventLoopGroup(resources.workers())
          .directExecutor()
          .withChildOption(ChannelOption.SO_KEEPALIVE, null) // gRPC's TCP default; a Unix socket has none
          .maxInboundMessageSize(maxInboundMessageBytes)
          .intercept(new RateLimitInterceptor(new TokenBucket(rateLimit, System::nanoTime)))
          .addService(PodResourcesService.definition(node, new ListResponseCache(node, cacheEncodedList)))
          .build();
      try {
        server.start();
        Files.setPosixFilePermissions(bound, PosixFilePermissions.fromString("rw-rw----"));
        Files.move(bound, socket, StandardCopyOption.ATOMIC_MOVE);
        return new PodResourcesServer(socket, fileKey(socket), server, resources, shutdownGrace);
      } catch (IOException | RuntimeException e) {
        server.shutdownNow();
        resources.shutDown(shutdownGrace);
        UnixSocketFile.delete(bound, "cannot remove the temporary socket");
        throw e instanceof SocketPathException refused ? refused
            : new SocketPathException(socket, "cannot create the socket", e);
      }
    }
  }
}
