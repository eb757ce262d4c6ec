package io.podtopo.adapters.grpc;

import com.google.protobuf.InvalidProtocolBufferException;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import io.netty.channel.EventLoopGroup;
import io.podtopo.adapters.grpc.v1.AllocatableResourcesRequest;
import io.podtopo.adapters.grpc.v1.GetPodResourcesRequest;
import io.podtopo.adapters.grpc.v1.ListPodResourcesRequest;
import io.podtopo.adapters.grpc.v1.ListPodResourcesResponse;
import io.podtopo.adapters.grpc.v1.PodResourcesListerGrpc;
import io.podtopo.adapters.grpc.v1.PodResourcesListerGrpc.PodResourcesListerBlockingStub;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.ports.out.PodResourcesReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A blocking client of any PodResources v1 endpoint on a Unix domain socket: podtopo's
 * {@link PodResourcesServer} or a kubelet's ({@code /var/lib/kubelet/pod-resources/kubelet.sock}); the
 * {@link PodResourcesReader} of a real node.
 *
 * <pre>{@code
 * try (PodResourcesClient client = PodResourcesClient.connect(Path.of("/var/lib/kubelet/pod-resources/kubelet.sock"))) {
 *   PodResourcesView pods = client.list();
 * }
 * }</pre>
 *
 * <p><b>Domain values.</b> Answers are returned as the domain's {@link PodResourcesView},
 * {@link PodResources} and {@link AllocatableResources}, the values podtopo's own node computes, so
 * a caller compares an endpoint with a simulation or checks the spec's invariants without touching
 * gRPC or protobuf. {@code devices} are read one per device with its NUMA node;
 * {@code dynamic_resources} are not read. A CPU id, NUMA node id or memory size the domain cannot
 * hold, or a device on two NUMA nodes, fails the call.
 *
 * <p><b>Calls.</b> Each call has a deadline (default 10 s, the kubelet's own client timeout) and
 * accepts answers up to 16 MiB (the kubelet's client limit). The connection is made on the first
 * call and kept. A failed call throws a {@link PodResourcesClientException} that names the socket
 * and, when nothing answers, why: no file at the path, a file that is not a socket, or nothing
 * listening on it. Instances are thread-safe. The clients of one JVM share their event loops, one
 * thread per core, stopped when the last client closes.
 */
public final class PodResourcesClient implements PodResourcesReader, AutoCloseable {

  /** The default deadline of a call. */
  public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(10);
  /** The default largest answer accepted. */
  public static final int DEFAULT_MAX_INBOUND_MESSAGE_BYTES = 16 * 1024 * 1024;

  private static final MethodDescriptor<ListPodResourcesRequest, byte[]> LIST_ENCODED =
      PodResourcesListerGrpc.getListMethod().toBuilder(
          ProtoUtils.marshaller(ListPodResourcesRequest.getDefaultInstance()), PreEncoded.MARSHALLER).build();

  private final Path socket;
  private final Duration deadline;
  private final EventLoopGroup eventLoops;
  private final ManagedChannel channel;
  private final PodResourcesListerBlockingStub stub;

  private PodResourcesClient(Path socket, Duration deadline, int maxInboundMessageBytes) {
    this.socket = socket;
    this.deadline = deadline;
    this.eventLoops = SharedClientEventLoops.acquire();
    this.channel = EpollTransport.channel(socket, eventLoops, maxInboundMessageBytes);
    this.stub = PodResourcesListerGrpc.newBlockingStub(channel);
  }

  /** A client of the endpoint on {@code socket} with the default deadline and answer limit. */
  public static PodResourcesClient connect(Path socket) {
    return builder(socket).connect();
  }

  /** A client of the endpoint on {@code socket}, to configure. */
  public static Builder builder(Path socket) {
    return new Builder(socket);
  }

  /** The socket this client calls. */
  public Path socket() {
    return socket;
  }

  /**
   * {@code List}: every pod the endpoint reports, in its order.
   *
   * @throws PodResourcesClientException when the call fails
   */
  @Override
  public PodResourcesView list() {
    return call("List", stub -> FromProto.list(stub.list(ListPodResourcesRequest.getDefaultInstance())));
  }

  /**
   * {@code List} as the endpoint encoded its answer, not decoded: for a poller that only wants to know
   * whether anything changed. podtopo's server encodes one state always to the same bytes (pods in
   * admission order, CPU ids ascending), so equal bytes are an unchanged answer; {@link #decodeList}
   * reads them as {@link #list} would.
   *
   * @throws PodResourcesClientException when the call fails
   */
  public byte[] listEncoded() {
    return call("List", stub -> ClientCalls.blockingUnaryCall(stub.getChannel(), LIST_ENCODED, stub.getCallOptions(),
        ListPodResourcesRequest.getDefaultInstance()));
  }

  /**
   * A {@code List} answer's bytes ({@link #listEncoded}) as domain values, as {@link #list} gives them.
   *
   * @throws IllegalArgumentException when the bytes are not a {@code ListPodResourcesResponse} podtopo can hold
   */
  public static PodResourcesView decodeList(byte[] encoded) {
    try {
      return FromProto.list(ListPodResourcesResponse.parseFrom(encoded));
    } catch (InvalidProtocolBufferException | FromProto.InvalidResponseException e) {
      throw new IllegalArgumentException("not a List answer podtopo can hold: " + e.getMessage(), e);
    }
  }

  /**
   * {@code Get}: one pod, or empty when the endpoint does not know it ({@code NOT_FOUND}, or the
   * kubelet's own answer: status {@code UNKNOWN} with "pod NAME in namespace NAMESPACE not found").
   *
   * @throws PodResourcesClientException when the call fails otherwise
   */
  @Override
  public Optional<PodResources> get(String namespace, String name) {
    GetPodResourcesRequest request = GetPodResourcesRequest.newBuilder().setPodNamespace(namespace).setPodName(name).build();
    try {
      return Optional.of(call("Get", stub -> FromProto.pod(stub.get(request).getPodResources())));
    } catch (PodResourcesClientException e) {
      if (e.getCause() instanceof StatusRuntimeException failed && notFound(failed.getStatus(), name, namespace)) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /**
   * {@code GetAllocatableResources}: what the endpoint's managers may hand out.
   *
   * @throws PodResourcesClientException when the call fails
   */
  @Override
  public AllocatableResources allocatable() {
    return call("GetAllocatableResources",
        stub -> FromProto.allocatable(stub.getAllocatableResources(AllocatableResourcesRequest.getDefaultInstance())));
  }

  /** Closes the connection, waiting briefly for calls in flight. */
  @Override
  public void close() {
    channel.shutdown();
    try {
      if (!channel.awaitTermination(1, TimeUnit.SECONDS)) {
        channel.shutdownNow();
      }
    } catch (InterruptedException e) {
      channel.shutdownNow();
      Thread.currentThread().interrupt();
    } finally {
      SharedClientEventLoops.release(eventLoops);
    }
  }

  private static boolean notFound(Status status, String name, String namespace) {
    return status.getCode() == Status.Code.NOT_FOUND
        || status.getCode() == Status.Code.UNKNOWN
            && PodResourcesService.podNotFound(name, namespace).equals(status.getDescription());
  }

  private <T> T call(String method, Function<PodResourcesListerBlockingStub, T> rpc) {
    try {
      return rpc.apply(stub.withDeadlineAfter(deadline.toNanos(), TimeUnit.NANOSECONDS));
    } catch (StatusRuntimeException e) {
      throw new PodResourcesClientException(socket, method + " on " + socket + " failed: " + reason(e.getStatus()), e);
    } catch (FromProto.InvalidResponseException e) {
      throw new PodResourcesClientException(socket, method + " on " + socket + " answered what podtopo cannot hold: "
          + e.getMessage(), e);
    }
  }

  private String reason(Status status) {
    return switch (status.getCode()) {
      case UNAVAILABLE -> UnixSocketFile.whyUnreachable(socket)
          + (status.getDescription() == null ? "" : " (" + status.getDescription() + ")");
      case DEADLINE_EXCEEDED -> "no answer within " + deadline.toMillis() + " ms";
      default -> status.getCode() + (status.getDescription() == null ? "" : ": " + status.getDescription());
    };
  }

  /** The options of a {@link PodResourcesClient}. */
  public static final class Builder {

    private final Path socket;
    private Duration deadline = DEFAULT_DEADLINE;
    private int maxInboundMessageBytes = DEFAULT_MAX_INBOUND_MESSAGE_BYTES;

    private Builder(Path socket) {
      this.socket = Objects.requireNonNull(socket, "socket");
    }

    /** The deadline of each call (default {@link #DEFAULT_DEADLINE}). */
    public Builder deadline(Duration deadline) {
      if (deadline.isNegative() || deadline.isZero()) {
        throw new IllegalArgumentException("a call's deadline must be positive: " + deadline);
      }
      this.deadline = deadline;
      return this;
    }

    /** The largest answer accepted, in bytes (default {@value #DEFAULT_MAX_INBOUND_MESSAGE_BYTES}). */
    public Builder maxInboundMessageSize(int bytes) {
      this.maxInboundMessageBytes = EpollTransport.messageLimit(bytes);
      return this;
    }

    /**
     * The client; it connects on its first call.
     *
     * @throws IllegalStateException when epoll is not available on this machine
     */
    public PodResourcesClient connect() {
      return new PodResourcesClient(socket, deadline, maxInboundMessageBytes);
    }
  }
}
