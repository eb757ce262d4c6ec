package io.podtopo.adapters.grpc;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Parser;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import io.podtopo.adapters.grpc.v1.AllocatableResourcesRequest;
import io.podtopo.adapters.grpc.v1.AllocatableResourcesResponse;
import io.podtopo.adapters.grpc.v1.GetPodResourcesRequest;
import io.podtopo.adapters.grpc.v1.GetPodResourcesResponse;
import io.podtopo.adapters.grpc.v1.ListPodResourcesRequest;
import io.podtopo.adapters.grpc.v1.PodResourcesListerGrpc;
import io.podtopo.domain.node.PodResources;
import io.podtopo.ports.in.NodeResourceManager;
import java.util.Optional;

/**
 * {@code v1.PodResourcesLister} over a {@link NodeResourceManager}. Every answer comes from one
 * snapshot of the node: {@code List} serves the encoded view of {@link ListResponseCache} (its
 * bytes go out as they are, through {@link PreEncoded}), {@code Get} picks the pod from that same
 * view, {@code GetAllocatableResources} reads {@link NodeResourceManager#allocatable} once. A request
 * that does not decode is answered {@code INTERNAL} as the kubelet (Go gRPC) answers it.
 */
final class PodResourcesService {

  private PodResourcesService() {}

  /** The kubelet's description of a {@code Get} for a pod it does not know (upstream {@code server_v1.go}). */
  static String podNotFound(String name, String namespace) {
    return "pod " + name + " in namespace " + namespace + " not found";
  }

  /**
   * The Go gRPC server's description of a request it cannot decode ({@code codes.Internal}): grpc-java
   * would answer {@code UNKNOWN} "Application error processing RPC", so requests arrive as bytes and
   * are decoded here, to answer as the kubelet does.
   */
  static String undecodable(InvalidProtocolBufferException e) {
    return "grpc: error unmarshalling request: " + e.getMessage();
  }

  /** The service's definition, for a gRPC server. */
  static ServerServiceDefinition definition(NodeResourceManager node, ListResponseCache lists) {
    return ServerServiceDefinition.builder(PodResourcesListerGrpc.SERVICE_NAME)
        .addMethod(
            PodResourcesListerGrpc.getListMethod().toBuilder(PreEncoded.MARSHALLER, PreEncoded.MARSHALLER).build(),
            ServerCalls.asyncUnaryCall((byte[] request, StreamObserver<byte[]> response) ->
                decoded(request, ListPodResourcesRequest.parser(), response)
                    .ifPresent(list -> answer(response, lists.current().bytes()))))
        .addMethod(
            PodResourcesListerGrpc.getGetAllocatableResourcesMethod().toBuilder(PreEncoded.MARSHALLER,
                ProtoUtils.marshaller(AllocatableResourcesResponse.getDefaultInstance())).build(),
            ServerCalls.asyncUnaryCall((byte[] request, StreamObserver<AllocatableResourcesResponse> response) ->
                decoded(request, AllocatableResourcesRequest.parser(), response)
                    .ifPresent(allocatable -> answer(response, ToProto.allocatable(node.allocatable())))))
        .addMethod(
            PodResourcesListerGrpc.getGetMethod().toBuilder(PreEncoded.MARSHALLER,
                ProtoUtils.marshaller(GetPodResourcesResponse.getDefaultInstance())).build(),
            ServerCalls.asyncUnaryCall((byte[] request, StreamObserver<GetPodResourcesResponse> response) ->
                decoded(request, GetPodResourcesRequest.parser(), response)
                    .ifPresent(get -> get(lists, get, response))))
        .build();
  }

  /** The request decoded, or empty after answering {@code INTERNAL} as Go's gRPC server does. */
  private static <R> Optional<R> decoded(byte[] request, Parser<R> parser, StreamObserver<?> response) {
    try {
      return Optional.of(parser.parseFrom(request));
    } catch (InvalidProtocolBufferException e) {
      response.onError(Status.INTERNAL.withDescription(undecodable(e)).asRuntimeException());
      return Optional.empty();
    }
  }

  private static void get(ListResponseCache lists, GetPodResourcesRequest request,
      StreamObserver<GetPodResourcesResponse> response) {
    Optional<PodResources> pod = lists.view().pod(request.getPodName(), request.getPodNamespace());
    if (pod.isPresent()) {
      answer(response, ToProto.get(pod.get()));
    } else {
      response.onError(Status.NOT_FOUND
          .withDescription(podNotFound(request.getPodName(), request.getPodNamespace()))
          .asRuntimeException());
    }
  }

  private static <T> void answer(StreamObserver<T> response, T message) {
    response.onNext(message);
    response.onCompleted();
  }
}
