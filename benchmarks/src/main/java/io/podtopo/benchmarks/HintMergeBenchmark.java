package io.podtopo.benchmarks;

import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.MergeDecision;
import io.podtopo.domain.topologymanager.NumaInfo;
import io.podtopo.domain.topologymanager.ProviderHints;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import io.podtopo.domain.topologymanager.TopologyManagerOptions;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyPolicy;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The Topology Manager merge on 8 NUMA nodes (the upstream limit without
 * {@code max-allowable-numa-nodes}) and on 16, with 2, 3 and 4 hint providers.
 *
 * <p>Every provider answers as the CPU and memory managers do for a request that fits on one NUMA
 * node of an idle machine: all {@code 2^N - 1} NUMA masks in {@code IterateBitMasks} order, the
 * single-node masks preferred ({@code fits=one-node}); or, for a request no single node can hold
 * alone, the same masks with none preferred ({@code fits=none}), which takes the merge's
 * non-preferred path. The providers are cpu, memory, hugepages-1Gi and a device plugin, one resource
 * each; upstream walks {@code (2^N - 1)^n} permutations (ADR 0006).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class HintMergeBenchmark {

  private static final List<String> RESOURCES = List.of("cpu", "memory", "hugepages-1Gi", "example.com/gpu");

  @Param({"8", "16"})
  public int nodes;

  @Param({"one-node", "none"})
  public String fits;

  @Param({"2", "3", "4"})
  public int providers;

  @Param({"best-effort", "restricted"})
  public String policy;

  private TopologyPolicy topologyPolicy;
  private List<ProviderHints> answers;

  @Setup
  public void setUp() {
    List<Integer> ids = IntStream.range(0, nodes).boxed().toList();
    topologyPolicy = TopologyPolicy.of(TopologyManagerPolicy.parse(policy), NumaInfo.of(ids),
        new TopologyManagerOptions.Builder().maxAllowableNumaNodes(nodes).build());
    boolean oneNode = "one-node".equals(fits);
    List<TopologyHint> allMasks = NumaMask.allCombinations(ids).stream()
        .map(mask -> TopologyHint.of(mask, oneNode && mask.count() == 1))
        .toList();
    answers = RESOURCES.subList(0, providers).stream()
        .map(resource -> ProviderHints.of(resource, ResourceHints.of(allMasks)))
        .toList();
  }

  @Benchmark
  public MergeDecision merge() {
    return topologyPolicy.merge(answers);
  }
}
