package io.grpc.archfixture;

/**
 * A stand-in for a gRPC class (gRPC is not on app's classpath) so that the architecture self-test
 * can show the gRPC rule failing. The rule matches by package, so any class in {@code io.grpc..} will do.
 */
public interface StubChannel {}
