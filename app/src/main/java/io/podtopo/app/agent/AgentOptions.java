package io.podtopo.app.agent;

import io.podtopo.adapters.grpc.RateLimit;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * How an {@link Agent} talks to the world, besides the node it runs.
 *
 * @param podsFolder the folder of pod manifests it keeps the node in line with
 * @param scanInterval how often the folder is read again (and unapplied cpusets written)
 * @param socket where PodResources v1 is served; empty: not served
 * @param rateLimit the PodResources endpoint's token bucket
 * @param metricsAddress where Prometheus metrics are served over HTTP; empty: not served
 */
public record AgentOptions(PodsFolder podsFolder, Duration scanInterval, Optional<Path> socket, RateLimit rateLimit,
    Optional<InetSocketAddress> metricsAddress) {

  /** @throws IllegalArgumentException when the scan interval is not positive */
  public AgentOptions {
    if (scanInterval.isNegative() || scanInterval.isZero()) {
      throw new IllegalArgumentException("the scan interval must be positive, not " + scanInterval);
    }
  }
}
