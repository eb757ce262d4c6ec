package io.podtopo.benchmarks;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.memorymanager.MemoryHints;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.StaticMemoryPolicy;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The Memory Manager Static policy on an 8-NUMA-node machine (255 masks): pod hints for a pod-level
 * pod, and the pod-level allocation followed by the release of every container.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class MemoryPolicyBenchmark {

  private static final long GI = 1L << 30;

  private StaticMemoryPolicy policy;
  private MemoryManagerState state;
  private Pod pod;

  @Setup
  public void setUp() {
    List<NumaNode> nodes = new ArrayList<>();
    Map<Integer, Map<String, Long>> reserved = new TreeMap<>();
    for (int id = 0; id < 8; id++) {
      nodes.add(new NumaNode.Builder().id(id).memoryBytes(64 * GI).putHugepage(2L << 20, 1024L).putHugepage(GI, 4L)
          .build());
      reserved.put(id, Map.of("memory", GI));
    }
    policy = StaticMemoryPolicy.create(nodes, reserved,
        FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true));
    state = policy.start(MemoryManagerState.empty());
    Pod.Builder builder = new Pod.Builder().uid("bench");
    pin(builder, "cpu", "8");
    pin(builder, "memory", "100Gi");
    pin(builder, "hugepages-1Gi", "8Gi");
    builder.addContainer(new Container.Builder().name("gu")
        .putRequest("cpu", Quantity.parse("2")).putLimit("cpu", Quantity.parse("2"))
        .putRequest("memory", Quantity.parse("40Gi")).putLimit("memory", Quantity.parse("40Gi")).build());
    builder.addContainer(Container.named("shared1")).addContainer(Container.named("shared2"));
    pod = builder.build();
  }

  private static void pin(Pod.Builder pod, String resource, String quantity) {
    pod.putPodRequest(resource, Quantity.parse(quantity)).putPodLimit(resource, Quantity.parse(quantity));
  }

  @Benchmark
  public MemoryHints podHints() {
    return policy.podHints(state, pod, QuirkLog.of(Behaviour.KUBELET));
  }

  @Benchmark
  public MemoryManagerState allocatePodAndRemoveAll() {
    MemoryManagerState next = policy.allocatePod(state, pod, TopologyHint.any(false), QuirkLog.of(Behaviour.KUBELET))
        .state();
    for (Container container : pod.containers()) {
      next = policy.removeContainer(next, pod.uid(), container.name());
    }
    return next;
  }
}
