package io.podtopo.conformance.generators;

import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.ProviderHints;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * NUMA masks, topology hints and hint-provider answers, and whole merge inputs: a machine of 1 to 8
 * NUMA nodes (contiguous or sparse ids below 64, with a symmetric distance matrix) and 1 to 4
 * providers answering for 1 or 2 resources each, including the nil-map, nil-list and empty-list
 * cases.
 */
public final class Hints {

  private static final long[] OFF_DIAGONAL = {11, 12, 16, 20, 21, 32};

  private Hints() {}

  /** Any 64-bit mask, and often a small one over nodes 0..7. */
  public static Gen<NumaMask> masks() {
    return Generate.frequency(
        Pair.of(1, Generate.longRange(Long.MIN_VALUE, Long.MAX_VALUE).map(NumaMask::fromBits)),
        Pair.of(2, integers().between(0, 255).map(bits -> NumaMask.fromBits(bits))));
  }

  /** A merge input: the machine's NUMA info and the providers' answers. */
  public record MergeInput(List<Integer> nodes, Map<Integer, List<Long>> distances, List<ProviderHints> providers) {
    @Override
    public String toString() {
      return "nodes " + nodes + ", distances " + distances + ", providers " + providers;
    }
  }

  /** 1 to 8 NUMA node ids: 0..n-1, or sparse ids below 64. */
  public static Gen<List<Integer>> numaNodes() {
    Gen<List<Integer>> contiguous = integers().between(1, 8).map(n -> {
      List<Integer> nodes = new ArrayList<>();
      for (int id = 0; id < n; id++) {
        nodes.add(id);
      }
      return nodes;
    });
    Gen<List<Integer>> sparse = lists().of(integers().between(0, 63)).ofSizeBetween(1, 8)
        .map(ids -> ids.stream().distinct().sorted().toList());
    return Generate.frequency(Pair.of(3, contiguous), Pair.of(1, sparse));
  }

  /** A symmetric distance matrix over {@code nodes}: 10 on the diagonal, rows by node id. */
  public static Gen<Map<Integer, List<Long>>> distances(List<Integer> nodes) {
    int n = nodes.size();
    return lists().of(integers().between(0, OFF_DIAGONAL.length - 1)).ofSize(n * n).map(picks -> {
      Map<Integer, List<Long>> rows = new TreeMap<>();
      for (int i = 0; i < n; i++) {
        List<Long> row = new ArrayList<>();
        for (int j = 0; j < n; j++) {
          row.add(i == j ? 10L : OFF_DIAGONAL[picks.get(Math.min(i, j) * n + Math.max(i, j))]);
        }
        rows.put(nodes.get(i), row);
      }
      return rows;
    });
  }

  /** A hint over {@code nodes}: a nil affinity now and then, else a non-empty subset. */
  public static Gen<TopologyHint> hints(List<Integer> nodes) {
    Gen<NumaMask> subsets = Generate.longRange(1, (1L << nodes.size()) - 1).map(pick -> {
      List<Integer> chosen = new ArrayList<>();
      for (int i = 0; i < nodes.size(); i++) {
        if ((pick & (1L << i)) != 0) {
          chosen.add(nodes.get(i));
        }
      }
      return NumaMask.of(chosen);
    });
    Gen<TopologyHint> withAffinity = subsets.zip(booleans().all(), TopologyHint::of);
    Gen<TopologyHint> any = booleans().all().map(TopologyHint::any);
    return Generate.frequency(Pair.of(9, withAffinity), Pair.of(1, any));
  }

  /** One resource's answer: nil (no preference), empty (unsatisfiable) or 1 to 4 hints. */
  public static Gen<ResourceHints> resourceHints(List<Integer> nodes) {
    return Generate.frequency(
        Pair.of(1, Generate.constant(ResourceHints.noPreference())),
        Pair.of(1, Generate.constant(ResourceHints.unsatisfiable())),
        Pair.of(10, lists().of(hints(nodes)).ofSizeBetween(1, 4).map((List<TopologyHint> hints) -> ResourceHints.of(hints))));
  }

  /** One provider's answer: no preference, or hints for one or two resources. */
  public static Gen<ProviderHints> providers(List<Integer> nodes) {
    Gen<ProviderHints> one = resourceHints(nodes).map(hints -> ProviderHints.of("cpu", hints));
    Gen<ProviderHints> two = resourceHints(nodes).zip(resourceHints(nodes),
        (memory, hugepages) -> ProviderHints.of(Map.of("memory", memory, "hugepages-2Mi", hugepages)));
    return Generate.frequency(
        Pair.of(1, Generate.constant(ProviderHints.noPreference())), Pair.of(6, one), Pair.of(3, two));
  }

  /** A whole merge input with 1 to 4 providers. */
  public static Gen<MergeInput> mergeInputs() {
    return numaNodes().flatMap(nodes -> distances(nodes).zip(
        lists().of(providers(nodes)).ofSizeBetween(1, 4),
        (distances, providers) -> new MergeInput(nodes, distances, providers)));
  }
}
