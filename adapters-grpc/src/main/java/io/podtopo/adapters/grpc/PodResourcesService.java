package io.podtopo.adapters.grpc;

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
 * view, {@code GetAllocatableResources} reads {@link NodeResourceManager#allocatable} once.
 */
final class PodResourcesService {

  private PodResourcesService() {}

  /** The kubelet's description of a {@code Get} for a pod it does not know (upstream {@code server_v1.go}). */
  static String podNotFound(String name, String namespace) {
    return "pod " + name + " in namespace " + namespace + " not found";
  }

  /** The service's definition, for a gRPC server. */
  static ServerServiceDefinition definition(NodeResourceManager node, ListResponseCache lists) {
    return ServerServiceDefinition.builder(PodResourcesListerGrpc.SERVICE_NAME)
        .addMethod(
            PodResourcesListerGrpc.getListMethod().toBuilder(
                ProtoUtils.marshaller(ListPodResourcesRequest.getDefaultInstance()), PreEncoded.MARSHALLER).build(),
            ServerCalls.asyncUnaryCall((ListPodResourcesRequest request, StreamObserver<byte[]> response) ->
                answer(response, lists.current().bytes())))
        .addMethod(PodResourcesListerGrpc.getGetAllocatableResourcesMethod(),
            ServerCalls.asyncUnaryCall(
                (AllocatableResourcesRequest request, StreamObserver<AllocatableResourcesResponse> response) ->
                    answer(response, ToProto.allocatable(node.allocatable()))))
        .addMethod(PodResourcesListerGrpc.getGetMethod(),
            ServerCalls.asyncUnaryCall((GetPodResourcesRequest request, StreamObserver<GetPodResourcesResponse> response) ->
                get(lists, request, response)))
        .build();
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
