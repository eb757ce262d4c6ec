/**
 * The kubelet's PodResources v1 gRPC API over a Unix domain socket (grpc-netty with epoll), with the
 * pod-level {@code cpu_ids} and {@code memory} of KEP-5526: {@link
 * io.podtopo.adapters.grpc.PodResourcesServer} serves a node's
 * {@link io.podtopo.ports.in.NodeResourceManager} as a kubelet does (socket handling, rate limit
 * {@link io.podtopo.adapters.grpc.RateLimit}, message limits, one snapshot per answer, the
 * {@code List} answer encoded once per snapshot), and {@link
 * io.podtopo.adapters.grpc.PodResourcesClient} reads any such endpoint into domain values.
 *
 * <p>The messages and stubs generated from {@code src/main/proto/.../api.proto} live in
 * {@code io.podtopo.adapters.grpc.v1}; nothing outside this module sees gRPC, protobuf or Netty.
 */
package io.podtopo.adapters.grpc;
