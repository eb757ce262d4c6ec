package io.podtopo.archfixture.ports;

import io.grpc.archfixture.StubChannel;

/** Breaks the gRPC rule: a port using gRPC. */
public interface TalksGrpc {
  StubChannel channel();
}
