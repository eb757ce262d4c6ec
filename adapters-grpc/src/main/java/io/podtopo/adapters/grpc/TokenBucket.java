package io.podtopo.adapters.grpc;

import java.util.function.LongSupplier;

/**
 * {@code golang.org/x/time/rate.Limiter.Allow} for one token at a time: full at creation, refilled
 * continuously at the rate's qps (fractions of a token count), never above the burst.
 */
final class TokenBucket {

  private final double qps;
  private final double burst;
  private final LongSupplier nanoClock;
  private double tokens;
  private long last;

  /** A bucket for {@code limit}, reading time from {@code nanoClock} ({@link System#nanoTime} outside tests). */
  TokenBucket(RateLimit limit, LongSupplier nanoClock) {
    this.qps = limit.qps();
    this.burst = limit.burst();
    this.nanoClock = nanoClock;
    this.tokens = burst;
    this.last = nanoClock.getAsLong();
  }

  /** Takes a token if one is there. */
  synchronized boolean tryTake() {
    long now = nanoClock.getAsLong();
    tokens = Math.min(burst, tokens + (now - last) * qps / 1e9);
    last = now;
    if (tokens < 1) {
      return false;
    }
    tokens -= 1;
    return true;
  }
}
