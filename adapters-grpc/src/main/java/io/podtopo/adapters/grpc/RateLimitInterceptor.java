package io.podtopo.adapters.grpc;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

/**
 * Refuses a call that finds the bucket empty, before it reaches the service, with the kubelet's
 * status: {@code RESOURCE_EXHAUSTED} "rejected by rate limit" (upstream {@code ErrorLimitExceeded}).
 */
final class RateLimitInterceptor implements ServerInterceptor {

  /** The kubelet's description of a call refused by the rate limit. */
  static final String REJECTED = "rejected by rate limit";

  private final TokenBucket bucket;

  RateLimitInterceptor(TokenBucket bucket) {
    this.bucket = bucket;
  }

  @Override
  public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
      ServerCallHandler<Q, R> next) {
    if (bucket.tryTake()) {
      return next.startCall(call, headers);
    }
    call.close(Status.RESOURCE_EXHAUSTED.withDescription(REJECTED), new Metadata());
    return new ServerCall.Listener<>() {};
  }
}
