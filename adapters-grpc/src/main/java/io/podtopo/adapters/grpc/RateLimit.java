package io.podtopo.adapters.grpc;

/**
 * The token bucket that limits requests to a {@link PodResourcesServer}, as the kubelet limits its
 * pod-resources endpoint (upstream {@code pkg/kubelet/apis/podresources/grpc/ratelimit.go}): the
 * bucket holds at most {@code burst} tokens, starts full and refills at {@code qps} tokens a
 * second; each call of any method takes one token, and a call finding none is refused with
 * {@code RESOURCE_EXHAUSTED} "rejected by rate limit".
 *
 * @param qps tokens added per second, positive
 * @param burst the bucket's size, at least 1
 */
public record RateLimit(double qps, int burst) {

  /** The kubelet's defaults: 100 requests a second, bursts of 10. */
  public static final RateLimit KUBELET_DEFAULT = new RateLimit(100, 10);

  /** @throws IllegalArgumentException when {@code qps} is not positive and finite or {@code burst} is below 1 */
  public RateLimit {
    if (!(qps > 0) || Double.isInfinite(qps)) {
      throw new IllegalArgumentException("the rate limit must be a positive number of requests a second, not " + qps);
    }
    if (burst < 1) {
      throw new IllegalArgumentException("the rate limit's burst must be at least 1, not " + burst);
    }
  }
}
