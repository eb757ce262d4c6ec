package io.podtopo.benchmarks;

import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.adapters.grpc.PodResourcesClient;
import io.podtopo.adapters.grpc.PodResourcesServer;
import io.podtopo.adapters.grpc.RateLimit;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.service.NodeResourceManagerService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * PodResources {@code List} over a real Unix socket, through {@link PodResourcesClient} (the answer
 * decoded into domain values, as {@code inspect} and {@code audit} read it), against the node of 250
 * pods of {@link BenchmarkNodes#epycWith250Pods}.
 * {@code cached=true} serves the encoded answer of the snapshot; {@code false} reads and encodes the
 * view for every call. The rate limit is raised out of the way.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PodResourcesListBenchmark {

  @Param({"true", "false"})
  public boolean cached;

  private Path dir;
  private PodResourcesServer server;
  private PodResourcesClient client;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    NodeResourceManagerService node = BenchmarkNodes.epycWith250Pods();
    dir = Files.createTempDirectory("podtopo-bench");
    server = PodResourcesServer.builder(node, dir.resolve("pod-resources.sock"))
        .rateLimit(new RateLimit(1e12, Integer.MAX_VALUE))
        .cacheEncodedList(cached)
        .start();
    client = PodResourcesClient.connect(server.socket());
    if (list().pods().size() != 250) {
      throw new IllegalStateException("the benchmark node must hold 250 pods");
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    client.close();
    server.close();
    Files.deleteIfExists(dir);
  }

  @Benchmark
  public PodResourcesView list() {
    return client.list();
  }
}
