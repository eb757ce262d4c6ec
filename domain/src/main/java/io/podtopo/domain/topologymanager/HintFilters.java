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
          .filter(hint -> hint.preferred() && hint.affinity().map(mask -> mask.count() == 1).orElse(true))
          .toList());
    }
    return List.copyOf(filtered);
  }
}
