package io.podtopo.app.agent;

import static io.podtopo.app.agent.DecisionLog.fields;

import io.podtopo.adapters.grpc.PodResourcesServer;
import io.podtopo.adapters.prometheus.MetricsEndpoint;
import io.podtopo.adapters.prometheus.MetricsRegistry;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.in.NodeSnapshot;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The node agent: one node's resource managers kept in line with a folder of pod manifests
 * ({@link PodsFolderSync}), their allocations served over PodResources v1 and their metrics over
 * HTTP. Built by an {@code AgentComponent}; the {@code podtopo agent} command runs one.
 *
 * <pre>{@code
 * try (Agent agent = component.agent()) {
 *   agent.start();           // restores the state, re-applies its cpusets, opens the endpoints
 *   agent.run();             // until stop() is called, e.g. from a shutdown hook
 * }
 * }</pre>
 *
 * <p><b>Start.</b> {@link #start} reads the machine and the saved state (a state file that cannot
 * be trusted fails the start, leaving it in place), writes every container's cpuset again without
 * allocating anything, opens the PodResources socket and the metrics endpoint, and logs
 * {@code started}. <b>Run.</b> {@link #run} scans the folder at once and then every scan interval
 * until {@link #stop}. <b>Close.</b> Stops the endpoints (letting calls in flight finish) and logs
 * {@code stopped}; the state needs no saving, every change was saved when it was made.
 */
public final class Agent implements AutoCloseable {

  private final NodeResourceManager node;
  private final AgentOptions options;
  private final DecisionLog log;
  private final PodsFolder folder;
  private final PodsFolderSync sync;
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final CountDownLatch ran = new CountDownLatch(1);
  private final MetricsRegistry metrics;
  private Optional<PodResourcesServer> server = Optional.empty();
  private Optional<MetricsEndpoint> metricsEndpoint = Optional.empty();

  /** An agent of {@code node}; nothing is read or opened before {@link #start}. */
  public Agent(NodeResourceManager node, AgentOptions options, DecisionLog log, MetricsRegistry metrics) {
    this.node = node;
    this.metrics = metrics;
    this.options = options;
    this.log = log;
    this.folder = options.podsFolder();
    this.sync = new PodsFolderSync(node, log);
  }

  /**
   * Restores the node, re-applies its cpusets and opens the endpoints.
   *
   * @throws RuntimeException what the node's adapters throw when the machine, the settings or the
   *     state cannot be used, or an endpoint cannot be opened; nothing is left open and nothing logged
   */
  public void start() {
    NodeSnapshot restored = node.snapshot();
    int written = node.reconcile().size();
    server = options.socket().map(socket -> PodResourcesServer.builder(node, socket)
        .rateLimit(options.rateLimit()).start());
    try {
      metricsEndpoint = options.metricsAddress().map(metrics::serve);
    } catch (RuntimeException e) {
      server.ifPresent(PodResourcesServer::close);
      server = Optional.empty();
      throw e;
    }
    log.info("started", fields("pods", Integer.toString(restored.activePods().size()),
        "cpusets-written", Integer.toString(written), "pods-folder", folder.path().toString(),
        "socket", options.socket().map(Object::toString).orElse(null),
        "metrics", metricsEndpoint.map(endpoint -> endpoint.uri().toString()).orElse(null)));
  }

  /** Scans the folder now and then every scan interval, until {@link #stop}. */
  public void run() throws InterruptedException {
    try {
      do {
        scanOnce();
      } while (!stopped.await(options.scanInterval().toMillis(), TimeUnit.MILLISECONDS));
    } finally {
      ran.countDown();
    }
  }

  /** Brings the node in line with the folder once. */
  public void scanOnce() {
    try {
      sync.sync(folder.scan());
    } catch (RuntimeException e) {
      log.error("scan-failed", fields("pods-folder", folder.path().toString(),
          "message", String.valueOf(e.getMessage())));
    }
  }

  /** Makes {@link #run} return after its current scan. */
  public void stop() {
    stopped.countDown();
  }

  /** Waits up to {@code timeoutMillis} for {@link #run} to return after {@link #stop}; true when it did. */
  public boolean awaitRunEnded(long timeoutMillis) throws InterruptedException {
    return ran.await(timeoutMillis, TimeUnit.MILLISECONDS);
  }

  /** Where the metrics are served once {@link #start} opened them ({@code http://HOST:PORT/metrics}). */
  public Optional<URI> metricsUri() {
    return metricsEndpoint.map(MetricsEndpoint::uri);
  }

  @Override
  public void close() {
    stop();
    try {
      server.ifPresent(PodResourcesServer::close);
      metricsEndpoint.ifPresent(MetricsEndpoint::close);
    } finally {
      log.info("stopped", fields("pods", Integer.toString(node.snapshot().activePods().size())));
    }
  }
}
