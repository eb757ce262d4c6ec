package io.podtopo.adapters.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Requests are rate-limited like the kubelet's pod-resources endpoint: a token bucket of 100 a
 * second with bursts of 10 by default (upstream {@code DefaultQPS}, {@code DefaultBurstTokens}),
 * and a refused call is {@code RESOURCE_EXHAUSTED} "rejected by rate limit".
 */
class RateLimitTest {

  @TempDir
  Path dir;

  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

  @Test
  void theKubeletDefaultAllowsABurstOf10ThenOneCallEvery10Milliseconds() {
    TokenBucket bucket = new TokenBucket(RateLimit.KUBELET_DEFAULT, nanos::get);

    assertThat(IntStream.range(0, 11).mapToObj(i -> bucket.tryTake())).containsExactly(
        true, true, true, true, true, true, true, true, true, true, false);
    nanos.addAndGet(9_000_000);
    assertThat(bucket.tryTake()).as("0.9 of a token after 9 ms").isFalse();
    nanos.addAndGet(1_000_000);
    assertThat(bucket.tryTake()).as("a whole token after 10 ms").isTrue();
    assertThat(bucket.tryTake()).isFalse();
  }

  @Test
  void aLongPauseRefillsTheBucketOnlyUpToTheBurst() {
    TokenBucket bucket = new TokenBucket(new RateLimit(100, 3), nanos::get);
    IntStream.range(0, 3).forEach(i -> bucket.tryTake());

    nanos.addAndGet(3_600_000_000_000L);

    assertThat(IntStream.range(0, 4).mapToObj(i -> bucket.tryTake())).containsExactly(true, true, true, false);
  }

  @Test
  void overTheSocketABurstPassesThenEveryMethodIsRefusedWithTheKubeletsStatus() throws Exception {
    try (PodResourcesServer server = PodResourcesServer.builder(KepNodes.podScope(), dir.resolve("kubelet.sock"))
            .rateLimit(new RateLimit(0.001, 3)).start();
        RawCalls calls = new RawCalls(server.socket())) {
      for (int i = 0; i < 3; i++) {
        assertThat(calls.call("List", new byte[0])).isNotEmpty();
      }

      for (String method : Spec91.METHODS) {
        assertThatThrownBy(() -> calls.call(method, new byte[0]))
            .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
              assertThat(e.getStatus().getDescription()).isEqualTo("rejected by rate limit");
            });
      }
    }
  }

  @Test
  void aRateLimitNeedsAPositiveRateAndABurstOfAtLeastOne() {
    assertThatThrownBy(() -> new RateLimit(0, 10)).hasMessageContaining("positive number of requests a second, not 0.0");
    assertThatThrownBy(() -> new RateLimit(Double.NaN, 10)).hasMessageContaining("not NaN");
    assertThatThrownBy(() -> new RateLimit(Double.POSITIVE_INFINITY, 10)).hasMessageContaining("not Infinity");
    assertThatThrownBy(() -> new RateLimit(100, 0)).hasMessageContaining("burst must be at least 1, not 0");
  }
}
