package io.podtopo.domain.topologymanager;

import io.podtopo.domain.topology.NumaMask;
import java.util.List;

/**
 * One hint list as the merge reads it: per hint its mask bits, whether it has an affinity (false
 * for upstream's nil mask) and whether it is preferred. The arrays are never changed.
 */
record MergeList(long[] bits, boolean[] hasAffinity, boolean[] preferred) {

  static MergeList of(List<TopologyHint> hints) {
    long[] bits = new long[hints.size()];
    boolean[] hasAffinity = new boolean[hints.size()];
    boolean[] preferred = new boolean[hints.size()];
    for (int i = 0; i < hints.size(); i++) {
      TopologyHint hint = hints.get(i);
      hasAffinity[i] = hint.affinity().isPresent();
      bits[i] = hint.affinity().map(NumaMask::bits).orElse(0L);
      preferred[i] = hint.preferred();
    }
    return new MergeList(bits, hasAffinity, preferred);
  }

  int size() {
    return bits.length;
  }

  /**
   * Upstream {@code filterSingleNumaHints} on this list: only the preferred hints whose affinity is
   * nil or a single node, in order (see {@link HintFilters#singleNumaNode}).
   */
  MergeList singleNumaNode() {
    int kept = 0;
    for (int i = 0; i < bits.length; i++) {
      if (keptForSingleNumaNode(i)) {
        kept++;
      }
    }
    long[] keptBits = new long[kept];
    boolean[] keptAffinity = new boolean[kept];
    boolean[] keptPreferred = new boolean[kept];
    int next = 0;
    for (int i = 0; i < bits.length; i++) {
      if (keptForSingleNumaNode(i)) {
        keptBits[next] = bits[i];
        keptAffinity[next] = hasAffinity[i];
        keptPreferred[next++] = true;
      }
    }
    return new MergeList(keptBits, keptAffinity, keptPreferred);
  }

  private boolean keptForSingleNumaNode(int i) {
    return HintFilters.keptBySingleNumaNode(preferred[i], hasAffinity[i], Long.bitCount(bits[i]));
  }
}
