package io.podtopo.domain.topologymanager;

import io.podtopo.domain.topology.NumaMask;
import java.util.List;

/**
 * Upstream {@code HintMerger}: walks the Cartesian product of the resources' hint lists (first list
 * outermost), merges each permutation and keeps the best merged hint by the pairwise
 * {@code compare} rule. The rule is implemented literally, so ties resolve exactly as upstream's.
 *
 * <p>Masks are handled as raw 64-bit words; a hint's nil affinity is kept apart from a non-nil
 * empty mask, as upstream does.
 */
final class HintMerger {

  private final NumaInfo numaInfo;
  private final boolean compareByDistance;
  private final long defaultMask;
  private final int bestNonPreferredAffinityCount;

  /** Per list: affinity bits, whether the affinity is set (non-nil), and preferred. */
  private final long[][] bits;
  private final boolean[][] hasAffinity;
  private final boolean[][] preferred;

  private boolean hasBest;
  private long bestBits;
  private boolean bestPreferred;

  HintMerger(NumaInfo numaInfo, List<List<TopologyHint>> hints, TopologyManagerPolicy policy,
      TopologyManagerOptions options) {
    this.numaInfo = numaInfo;
    this.compareByDistance = policy != TopologyManagerPolicy.SINGLE_NUMA_NODE && options.preferClosestNumaNodes();
    this.defaultMask = numaInfo.defaultAffinityMask().bits();
    this.bestNonPreferredAffinityCount = bestNonPreferredAffinityCount(hints);
    int lists = hints.size();
    bits = new long[lists][];
    hasAffinity = new boolean[lists][];
    preferred = new boolean[lists][];
    for (int i = 0; i < lists; i++) {
      List<TopologyHint> list = hints.get(i);
      bits[i] = new long[list.size()];
      hasAffinity[i] = new boolean[list.size()];
      preferred[i] = new boolean[list.size()];
      for (int j = 0; j < list.size(); j++) {
        TopologyHint hint = list.get(j);
        hasAffinity[i][j] = hint.affinity().isPresent();
        bits[i][j] = hint.affinity().map(NumaMask::bits).orElse(0L);
        preferred[i][j] = hint.preferred();
      }
    }
  }

  /**
   * Upstream {@code maxOfMinAffinityCounts}: over all lists, the largest bit count of a list's
   * narrowest non-nil hint (lists with only nil hints count 0).
   */
  static int bestNonPreferredAffinityCount(List<List<TopologyHint>> hints) {
    int max = 0;
    for (List<TopologyHint> list : hints) {
      NumaMask narrowest = null;
      for (TopologyHint hint : list) {
        if (hint.affinity().isEmpty()) {
          continue;
        }
        NumaMask mask = hint.affinity().get();
        if (narrowest == null || mask.isNarrowerThan(narrowest)) {
          narrowest = mask;
        }
      }
      if (narrowest != null) {
        max = Math.max(max, narrowest.count());
      }
    }
    return max;
  }

  /** Upstream {@code Merge}: the best merged hint, or {@code {all nodes, not preferred}} if none. */
  TopologyHint merge() {
    walk(0, defaultMask, false, 0L, true);
    return hasBest
        ? TopologyHint.of(NumaMask.fromBits(bestBits), bestPreferred)
        : TopologyHint.of(NumaMask.fromBits(defaultMask), false);
  }

  /**
   * Upstream {@code iterateAllProviderTopologyHints} fused with {@code mergePermutation}: the
   * permutations in the same order (list 0 outermost), each merged from the prefix already merged.
   * A prefix whose AND is empty is not descended into: every permutation below it merges to an
   * empty mask, which {@code compare} ignores whatever the best so far.
   *
   * @param list the list to pick from next
   * @param merged AND of the default mask and the non-nil masks picked so far
   * @param hasFirst whether a non-nil mask was picked so far
   * @param first the first non-nil mask picked
   * @param allPreferred whether every pick so far is preferred and every non-nil mask equals the first
   */
  private void walk(int list, long merged, boolean hasFirst, long first, boolean allPreferred) {
    if (list == bits.length) {
      if (compare(merged, allPreferred)) {
        hasBest = true;
        bestBits = merged;
        bestPreferred = allPreferred;
      }
      return;
    }
    long[] masks = bits[list];
    boolean[] set = hasAffinity[list];
    boolean[] pref = preferred[list];
    for (int j = 0; j < masks.length; j++) {
      if (!set[j]) {
        walk(list + 1, merged, hasFirst, first, allPreferred && pref[j]);
        continue;
      }
      long next = merged & masks[j];
      if (next == 0) {
        continue;
      }
      boolean nextPreferred = allPreferred && pref[j] && (!hasFirst || masks[j] == first);
      walk(list + 1, next, true, hasFirst ? first : masks[j], nextPreferred);
    }
  }

  /** Upstream {@code compare(current, candidate)}: true when the candidate replaces the best. */
  private boolean compare(long candidate, boolean candidatePreferred) {
    if (candidate == 0) {
      return false;
    }
    if (!hasBest) {
      return true;
    }
    if (!bestPreferred && candidatePreferred) {
      return true;
    }
    if (bestPreferred && !candidatePreferred) {
      return false;
    }
    if (bestPreferred) {
      return candidateHasFitterMask(candidate);
    }
    int best = bestNonPreferredAffinityCount;
    int current = Long.bitCount(bestBits);
    int count = Long.bitCount(candidate);
    if (current > best) {
      return candidateHasFitterMask(candidate);
    }
    if (current == best) {
      return count == best && candidateHasFitterMask(candidate);
    }
    if (count > best) {
      return false;
    }
    if (count == best) {
      return true;
    }
    if (count != current) {
      return count > current;
    }
    return candidateHasFitterMask(candidate);
  }

  /** Upstream {@code CompareNUMAAffinityMasks}: equal masks keep the current one. */
  private boolean candidateHasFitterMask(long candidate) {
    if (candidate == bestBits) {
      return false;
    }
    NumaMask current = NumaMask.fromBits(bestBits);
    NumaMask other = NumaMask.fromBits(candidate);
    NumaMask fitter = compareByDistance ? numaInfo.closest(current, other) : numaInfo.narrowest(current, other);
    return !fitter.equals(current);
  }
}
