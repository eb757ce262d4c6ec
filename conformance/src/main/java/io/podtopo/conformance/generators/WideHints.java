package io.podtopo.conformance.generators;

import io.podtopo.conformance.generators.Hints.MergeInput;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.ProviderHints;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Merge inputs for many NUMA nodes (issue 9), beside the small random lists of {@link Hints}: hint
 * lists shaped as the CPU and memory managers make them. Such a list holds, in
 * {@code IterateBitMasks} order, every mask that contains the nodes of the reusable resources and
 * whose free amount covers the request, preferred when as narrow as the narrowest mask whose
 * capacity covers it; some multi-node masks can be missing, as the memory manager's group rules
 * leave them out. Shapes also include all masks with single nodes preferred, nil and empty lists.
 */
public final class WideHints {

  private WideHints() {}

  /**
   * 1 to {@code maxNodes} NUMA nodes (contiguous, or sparse ids below 64) and 1 to 4 providers of 1
   * or 2 resources each, mixing manager-shaped lists, all-masks lists, small random lists, nil and
   * empty ones. Keep {@code maxNodes} at 10 or less where an oracle folds the lists.
   */
  public static Gen<MergeInput> mergeInputs(int minNodes, int maxNodes) {
    return nodes(minNodes, maxNodes).flatMap(nodes -> Hints.distances(nodes).zip(
        Generate.range(1, 4).flatMap(count -> providers(nodes, count, false)),
        (distances, providers) -> new MergeInput(nodes, distances, providers)));
  }

  /**
   * Merge inputs on {@code nodes} NUMA nodes whose lists stay small enough for the oracle: random
   * lists of up to 6 hints, and manager-shaped lists whose reusable resources already span all but
   * a few nodes.
   */
  public static Gen<MergeInput> smallListInputs(int nodes) {
    return nodes(nodes, nodes).flatMap(ids -> Hints.distances(ids).zip(
        Generate.range(1, 4).flatMap(count -> providers(ids, count, true)),
        (distances, providers) -> new MergeInput(ids, distances, providers)));
  }

  /** {@code min} to {@code max} node ids: 0..n-1, or n sparse ids below 64. */
  public static Gen<List<Integer>> nodes(int min, int max) {
    return source -> {
      int count = Generate.range(min, max).generate(source);
      boolean sparse = Generate.range(1, 4).generate(source) == 1;
      SortedSet<Integer> ids = new TreeSet<>();
      while (ids.size() < count) {
        ids.add(sparse ? Generate.range(0, 63).generate(source) : ids.size());
      }
      return List.copyOf(ids);
    };
  }

  private static Gen<List<ProviderHints>> providers(List<Integer> nodes, int count, boolean small) {
    return source -> {
      List<ProviderHints> providers = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        int shape = Generate.range(1, 10).generate(source);
        if (shape == 1) {
          providers.add(ProviderHints.noPreference());
        } else if (shape <= 7) {
          providers.add(ProviderHints.of("cpu", resource(nodes, small).generate(source)));
        } else {
          providers.add(ProviderHints.of(Map.of(
              "memory", resource(nodes, small).generate(source),
              "hugepages-2Mi", resource(nodes, small).generate(source))));
        }
      }
      return providers;
    };
  }

  /**
   * A device plugin's answer drawn from {@code random}, to set beside the managers' described
   * lists: no preference, unsatisfiable, or 1 to 4 hints of random masks over {@code nodes} (nil
   * among them), preferred or not, single-node masks preferred more often.
   */
  public static ProviderHints deviceLike(List<Integer> nodes, java.util.Random random) {
    int shape = random.nextInt(8);
    if (shape == 0) {
      return ProviderHints.noPreference();
    }
    if (shape == 1) {
      return ProviderHints.of("example.com/device", ResourceHints.unsatisfiable());
    }
    List<TopologyHint> hints = new ArrayList<>();
    for (int i = random.nextInt(4); i >= 0; i--) {
      if (random.nextInt(6) == 0) {
        hints.add(TopologyHint.any(random.nextBoolean()));
        continue;
      }
      List<Integer> picked = new ArrayList<>();
      int width = random.nextInt(3) == 0 ? 1 + random.nextInt(nodes.size()) : 1;
      while (picked.size() < width) {
        int node = nodes.get(random.nextInt(nodes.size()));
        if (!picked.contains(node)) {
          picked.add(node);
        }
      }
      hints.add(TopologyHint.of(NumaMask.of(picked), width == 1 ? random.nextInt(4) != 0 : random.nextBoolean()));
    }
    return ProviderHints.of("example.com/device", ResourceHints.of(hints));
  }

  /** One resource's answer of any shape. */
  private static Gen<ResourceHints> resource(List<Integer> nodes, boolean small) {
    return source -> {
      int shape = Generate.range(1, 12).generate(source);
      if (shape == 1) {
        return ResourceHints.noPreference();
      }
      if (shape == 2) {
        return ResourceHints.unsatisfiable();
      }
      if (shape <= 5) {
        return Hints.resourceHints(nodes).generate(source);
      }
      if (shape == 6 && !small) {
        return ResourceHints.of(NumaMask.allCombinations(nodes).stream()
            .map(mask -> TopologyHint.of(mask, mask.count() == 1)).toList());
      }
      return managerShaped(nodes, small).generate(source);
    };
  }

  /**
   * A list as the CPU or memory manager makes it: per node a capacity and a free amount, a request,
   * the nodes of reusable resources, and (memory groups) nodes whose multi-node masks are left out.
   */
  private static Gen<ResourceHints> managerShaped(List<Integer> nodes, boolean small) {
    return source -> {
      Map<Integer, Integer> capacity = new TreeMap<>();
      Map<Integer, Integer> free = new TreeMap<>();
      int total = 0;
      for (int node : nodes) {
        int cap = Generate.range(0, 4).generate(source);
        capacity.put(node, cap);
        free.put(node, Generate.range(0, cap).generate(source));
        total += cap;
      }
      int request = Generate.range(1, Math.max(1, total)).generate(source);
      List<Integer> reusable = new ArrayList<>();
      List<Integer> grouped = new ArrayList<>();
      int keepOut = small ? Math.min(3, nodes.size()) : nodes.size();
      for (int node : nodes) {
        int pick = Generate.range(1, 8).generate(source);
        if (pick == 1 || (small && reusable.size() < nodes.size() - keepOut)) {
          reusable.add(node);
        } else if (pick == 2) {
          grouped.add(node);
        }
      }
      NumaMask reusableNodes = NumaMask.of(reusable);
      NumaMask groupedNodes = NumaMask.of(grouped);
      int reusableAmount = Generate.range(0, 3).generate(source);
      int minAffinity = nodes.size();
      List<NumaMask> fitting = new ArrayList<>();
      for (NumaMask mask : NumaMask.allCombinations(nodes)) {
        int cap = 0;
        int available = 0;
        for (int node : mask.nodes()) {
          cap += capacity.get(node);
          available += free.get(node);
        }
        if (cap >= request) {
          minAffinity = Math.min(minAffinity, mask.count());
        }
        boolean leftOut = mask.count() > 1 && !mask.and(groupedNodes).isEmpty();
        if (reusableNodes.isSubsetOf(mask) && available + reusableAmount >= request && !leftOut) {
          fitting.add(mask);
        }
      }
      int narrowest = minAffinity;
      return ResourceHints.of(fitting.stream().map(mask -> TopologyHint.of(mask, mask.count() == narrowest)).toList());
    };
  }
}
