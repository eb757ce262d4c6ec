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
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The Topology Manager merge on an 8-NUMA machine (the upstream limit without
 * {@code max-allowable-numa-nodes}) with 2, 3 and 4 hint providers.
 *
 * <p>Every provider answers as the CPU and memory managers do for a request that fits on one NUMA
 * node of an idle machine: all 255 NUMA masks in {@code IterateBitMasks} order, the 8 single-node
 * masks preferred. The providers are cpu, memory, hugepages-1Gi and a device plugin, one resource
 * each, so the merge walks 255^n permutations (minus the subtrees whose AND is already empty).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class HintMergeBenchmark {

  private static final List<String> RESOURCES = List.of("cpu", "memory", "hugepages-1Gi", "example.com/gpu");
  private static final List<Integer> NODES = List.of(0, 1, 2, 3, 4, 5, 6, 7);

  @Param({"2", "3", "4"})
  public int providers;

  @Param({"best-effort", "restricted"})
  public String policy;

  private TopologyPolicy topologyPolicy;
  private List<ProviderHints> answers;

  @Setup
  public void setUp() {
    topologyPolicy = TopologyPolicy.of(TopologyManagerPolicy.parse(policy), NumaInfo.of(NODES),
        TopologyManagerOptions.defaults());
    List<TopologyHint> allMasks = NumaMask.allCombinations(NODES).stream()
        .map(mask -> TopologyHint.of(mask, mask.count() == 1))
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
