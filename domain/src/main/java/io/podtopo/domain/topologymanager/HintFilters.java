package io.podtopo.domain.topologymanager;

import java.util.ArrayList;
import java.util.List;

/** The hint-list filters the policies apply before merging. */
public final class HintFilters {

  private HintFilters() {}

  /**
   * Upstream {@code filterSingleNumaHints}: from each list keep only preferred hints whose affinity
   * is nil or a single NUMA node, in order. A list can end up empty, which leaves no permutation to
   * merge.
   */
  public static List<List<TopologyHint>> singleNumaNode(List<List<TopologyHint>> lists) {
    List<List<TopologyHint>> filtered = new ArrayList<>(lists.size());
    for (List<TopologyHint> list : lists) {
      filtered.add(list.stream()
          .filter(hint -> keptBySingleNumaNode(hint.preferred(), hint.affinity().isPresent(),
              hint.affinity().map(mask -> mask.count()).orElse(0)))
          .toList());
    }
    return List.copyOf(filtered);
  }

  /** Whether {@code filterSingleNumaHints} keeps a hint: preferred, and nil or of a single node. */
  static boolean keptBySingleNumaNode(boolean preferred, boolean hasAffinity, int count) {
    return preferred && (!hasAffinity || count == 1);
  }
}
