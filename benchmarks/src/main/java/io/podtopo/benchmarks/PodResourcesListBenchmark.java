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
 * decoded into domain values, as {@code inspect} and {@code audit} read it), against a node of 250
 * pods on the 384-CPU dual EPYC 9654 NPS4 machine in pod scope: 125 pod-level pods of 2 CPUs and
 * 2Gi (an exclusive 1-CPU app and two shared containers) and 125 BestEffort pods of two containers.
 * {@code cached=true} serves the encoded answer of the snapshot; {@code false} reads and encodes the
 * view for every call. The rate limit is raised out of the way.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PodResourcesListBenchmark {

  private static final int POD_LEVEL_PODS = 125;
  private static final int BEST_EFFORT_PODS = 125;

  @Param({"true", "false"})
  public boolean cached;

  private Path dir;
  private PodResourcesServer server;
  private PodResourcesClient client;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    NodeResourceManagerService node = node();
    for (int i = 0; i < POD_LEVEL_PODS; i++) {
      admit(node, podLevel("plr-" + i));
    }
    for (int i = 0; i < BEST_EFFORT_PODS; i++) {
      admit(node, new Pod.Builder().uid("be-" + i).addContainer(Container.named("main"))
          .addContainer(Container.named("sidecar")).build());
    }
    dir = Files.createTempDirectory("podtopo-bench");
    server = PodResourcesServer.builder(node, dir.resolve("pod-resources.sock"))
        .rateLimit(new RateLimit(1e12, Integer.MAX_VALUE))
        .cacheEncodedList(cached)
        .start();
    client = PodResourcesClient.connect(server.socket());
    if (list().pods().size() != POD_LEVEL_PODS + BEST_EFFORT_PODS) {
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

  private static NodeResourceManagerService node() {
    CatalogMachineSource machine = CatalogMachineSource.of("epyc-9654-2s-nps4");
    NodeConfig.Builder config = new NodeConfig.Builder()
        .cpuManagerPolicy(CpuManagerPolicy.STATIC)
        .reservedSystemCpus(CpuSet.of(0, 192))
        .memoryManagerPolicy(MemoryManagerPolicy.STATIC)
        .topologyManagerPolicy(TopologyManagerPolicy.RESTRICTED)
        .topologyManagerScope(TopologyManagerScope.POD)
        .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true));
    for (int numa : machine.machine().numaNodeIds()) {
      config.putReservedMemory(numa, new TreeMap<>(Map.of("memory", 1L << 30)));
    }
    return new NodeResourceManagerService(config.build(), machine, new InMemoryAllocationStore(),
        new RecordingCpusetWriter(), new InMemoryMetricsRecorder());
  }

  private static Pod podLevel(String name) {
    return new Pod.Builder().uid(name)
        .putPodRequest("cpu", Quantity.parse("2")).putPodLimit("cpu", Quantity.parse("2"))
        .putPodRequest("memory", Quantity.parse("2Gi")).putPodLimit("memory", Quantity.parse("2Gi"))
        .addContainer(new Container.Builder().name("app")
            .putRequest("cpu", Quantity.parse("1")).putLimit("cpu", Quantity.parse("1"))
            .putRequest("memory", Quantity.parse("1Gi")).putLimit("memory", Quantity.parse("1Gi")).build())
        .addContainer(Container.named("proxy"))
        .addContainer(Container.named("logs"))
        .build();
  }

  private static void admit(NodeResourceManagerService node, Pod pod) {
    if (!node.admit(pod).admitted()) {
      throw new IllegalStateException("the benchmark pod " + pod.uid() + " must be admitted");
    }
  }
}
