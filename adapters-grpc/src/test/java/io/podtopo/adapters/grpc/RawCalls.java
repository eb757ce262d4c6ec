package io.podtopo.adapters.grpc;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.stub.ClientCalls;
import io.netty.channel.EventLoopGroup;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Calls of {@code v1.PodResourcesLister} by method name with request and answer as raw bytes: no
 * generated class encodes or decodes anything.
 */
final class RawCalls implements AutoCloseable {

  private static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
    @Override
    public InputStream stream(byte[] value) {
      return new ByteArrayInputStream(value);
    }

    @Override
    public byte[] parse(InputStream stream) {
      try {
        return stream.readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  };

  private final EventLoopGroup eventLoops = EpollTransport.eventLoops("raw-calls", 1);
  private final ManagedChannel channel;

  RawCalls(Path socket) {
    channel = EpollTransport.channel(socket, eventLoops, 64 << 20);
  }

  /** The answer's bytes of {@code /v1.PodResourcesLister/<method>} for the request's bytes. */
  byte[] call(String method, byte[] request) {
    MethodDescriptor<byte[], byte[]> descriptor = MethodDescriptor.newBuilder(BYTES, BYTES)
        .setType(MethodDescriptor.MethodType.UNARY)
        .setFullMethodName(Spec91.SERVICE + "/" + method)
        .build();
    return ClientCalls.blockingUnaryCall(channel, descriptor, CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS),
        request);
  }

  @Override
  public void close() throws InterruptedException {
    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    EpollTransport.shutDown(eventLoops, Duration.ofSeconds(1));
  }
}
