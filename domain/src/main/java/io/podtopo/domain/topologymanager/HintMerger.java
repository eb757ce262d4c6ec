package io.podtopo.domain.topologymanager;

import io.podtopo.domain.topology.NumaMask;
import java.util.Arrays;
import java.util.List;

/**
 * Upstream {@code HintMerger}: the best merged hint over every permutation of the resources' hint
 * lists (one hint per list) by upstream's pairwise {@code compare} rule, found without walking the
 * Cartesian product (ADR 0006, decision D-2).
 *
 * <p>{@code compare} orders merged hints totally (decision D-2), so upstream's answer is the best of
 * the <em>distinct</em> merged hints, whatever order they are met in. The merge finds them in two
 * steps:
 * <ol>
 *   <li>Preferred merges. A permutation merges preferred exactly when every pick is preferred and
 *       every non-nil pick has one same mask {@code X}; it merges to {@code X} (all nodes when every
 *       pick is nil). So the preferred merges are the masks {@code X} that every list holds as a
 *       preferred hint or can skip with a preferred nil hint: one pass over the lists. Preferred
 *       beats non-preferred, so when one exists the best of them is the answer.</li>
 *   <li>Otherwise every non-empty merge is non-preferred, and the merged masks are the non-empty
 *       ANDs of one mask per list (nil standing for all nodes). They are built list by list as a
 *       set of distinct masks: pairwise while the pairs are few, else as an AND convolution over the
 *       subsets of the machine's nodes (superset sums, a product, the inverse transform: the
 *       number of pairs whose AND is exactly each subset), {@code O(N 2^N)} per list.</li>
 * </ol>
 * The best is then kept with upstream's {@code compare}, implemented literally.
 *
 * <p>Masks are handled as raw 64-bit words; a hint's nil affinity is kept apart from a non-nil
 * empty mask, as upstream does.
 */
final class HintMerger {

  /** The AND convolution works on arrays of 2^N counts: up to 8 MiB. */
  private static final int MAX_DENSE_NODES = 20;

  private final long defaultMask;
  private final int bestNonPreferredAffinityCount;

  /** Per list: affinity bits, whether the affinity is set (non-nil), and preferred. */
  private final long[][] bits;
  private final boolean[][] hasAffinity;
  private final boolean[][] preferred;

  private final MergeBest best;

  HintMerger(NumaInfo numaInfo, List<MergeList> lists, TopologyManagerPolicy policy,
      TopologyManagerOptions options) {
    boolean compareByDistance = policy != TopologyManagerPolicy.SINGLE_NUMA_NODE && options.preferClosestNumaNodes();
    this.defaultMask = numaInfo.defaultAffinityMask().bits();
    bits = new long[lists.size()][];
    hasAffinity = new boolean[lists.size()][];
    preferred = new boolean[lists.size()][];
    for (int i = 0; i < lists.size(); i++) {
      bits[i] = lists.get(i).bits();
      hasAffinity[i] = lists.get(i).hasAffinity();
      preferred[i] = lists.get(i).preferred();
    }
    this.bestNonPreferredAffinityCount = bestNonPreferredAffinityCount(bits, hasAffinity);
    this.best = new MergeBest(numaInfo, compareByDistance, bestNonPreferredAffinityCount);
  }

  /**
   * Upstream {@code maxOfMinAffinityCounts}: over all lists, the largest bit count of a list's
   * narrowest non-nil hint (lists with only nil hints count 0).
   */
  static int bestNonPreferredAffinityCount(List<List<TopologyHint>> hints) {
    List<MergeList> lists = hints.stream().map(MergeList::of).toList();
    return bestNonPreferredAffinityCount(lists.stream().map(MergeList::bits).toArray(long[][]::new),
        lists.stream().map(MergeList::hasAffinity).toArray(boolean[][]::new));
  }

  /** The narrowest mask has the fewest nodes (ties only between masks of as many nodes). */
  private static int bestNonPreferredAffinityCount(long[][] bits, boolean[][] hasAffinity) {
    int max = 0;
    for (int i = 0; i < bits.length; i++) {
      int narrowest = Integer.MAX_VALUE;
      for (int j = 0; j < bits[i].length; j++) {
        if (hasAffinity[i][j]) {
          narrowest = Math.min(narrowest, Long.bitCount(bits[i][j]));
        }
      }
      if (narrowest != Integer.MAX_VALUE) {
        max = Math.max(max, narrowest);
      }
    }
    return max;
  }

  /** Upstream {@code Merge}: the best merged hint, or {@code {all nodes, not preferred}} if none. */
  TopologyHint merge() {
    for (long[] list : bits) {
      if (list.length == 0) {
        return TopologyHint.of(NumaMask.fromBits(defaultMask), false);
      }
    }
    considerPreferredMerges();
    if (!best.hasBest()) {
      considerNonPreferredMerges();
    }
    return best.hint(defaultMask);
  }

  /**
   * Step 1: every preferred merge. {@code X} merges preferred iff every list has a preferred hint of
   * mask {@code X} or a preferred nil hint (and then merges to {@code X} AND all nodes); all lists
   * picking their preferred nil merge to all nodes. The candidates are the masks of the list with
   * the fewest preferred masks among the lists that cannot skip (of all lists when all can).
   */
  private void considerPreferredMerges() {
    int lists = bits.length;
    boolean[] skippable = new boolean[lists];
    long[][] preferredMasks = new long[lists][];
    boolean allSkippable = true;
    int pivot = -1;
    for (int i = 0; i < lists; i++) {
      long[] masks = new long[bits[i].length];
      int count = 0;
      for (int j = 0; j < bits[i].length; j++) {
        if (!preferred[i][j]) {
          continue;
        }
        if (hasAffinity[i][j]) {
          masks[count++] = bits[i][j];
        } else {
          skippable[i] = true;
        }
      }
      preferredMasks[i] = sortedDistinct(masks, count);
      if (!skippable[i]) {
        allSkippable = false;
        if (pivot < 0 || preferredMasks[i].length < preferredMasks[pivot].length) {
          pivot = i;
        }
      }
    }
    if (allSkippable) {
      consider(defaultMask, true);
      for (long[] masks : preferredMasks) {
        considerPreferredCandidates(masks, skippable, preferredMasks);
      }
    } else {
      considerPreferredCandidates(preferredMasks[pivot], skippable, preferredMasks);
    }
  }

  private void considerPreferredCandidates(long[] candidates, boolean[] skippable, long[][] preferredMasks) {
    for (long candidate : candidates) {
      boolean everyList = true;
      for (int i = 0; i < preferredMasks.length && everyList; i++) {
        everyList = skippable[i] || Arrays.binarySearch(preferredMasks[i], candidate) >= 0;
      }
      if (everyList) {
        consider(defaultMask & candidate, true);
      }
    }
  }

  /**
   * Step 2, when no permutation merges preferred: the distinct non-empty ANDs of one mask per list
   * (nil is all nodes), built list by list; {@code compare} keeps the best.
   */
  private void considerNonPreferredMerges() {
    long[] merged = {defaultMask};
    for (int i = 0; i < bits.length; i++) {
      long[] masks = new long[bits[i].length];
      int count = 0;
      for (int j = 0; j < bits[i].length; j++) {
        long mask = hasAffinity[i][j] ? bits[i][j] & defaultMask : defaultMask;
        if (mask != 0) {
          masks[count++] = mask;
        }
      }
      merged = andOfPairs(merged, Arrays.copyOf(masks, count));
      if (merged.length == 0) {
        return;
      }
    }
    for (long mask : merged) {
      consider(mask, false);
    }
  }

  /**
   * The distinct non-empty {@code a & b} for {@code a} in {@code left}, {@code b} in {@code right}
   * (which may repeat masks).
   */
  private long[] andOfPairs(long[] left, long[] right) {
    int nodes = Long.bitCount(defaultMask);
    long pairs = (long) left.length * right.length;
    if (nodes <= MAX_DENSE_NODES && pairs > 3L * nodes * (1L << nodes)) {
      return AndConvolution.of(defaultMask).distinctAnds(left, right);
    }
    long[] ands = new long[(int) Math.min(pairs, 1 << 16)];
    int count = 0;
    for (long a : left) {
      for (long b : right) {
        long and = a & b;
        if (and != 0) {
          if (count == ands.length) {
            ands = sortedDistinct(ands, count);
            count = ands.length;
            ands = Arrays.copyOf(ands, Math.max(16, count * 2));
          }
          ands[count++] = and;
        }
      }
    }
    return sortedDistinct(ands, count);
  }

  /** The first {@code count} values, sorted and without repeats, in a new array. */
  static long[] sortedDistinct(long[] values, int count) {
    long[] sorted = Arrays.copyOf(values, count);
    Arrays.sort(sorted);
    int distinct = 0;
    for (int i = 0; i < sorted.length; i++) {
      if (i == 0 || sorted[i] != sorted[i - 1]) {
        sorted[distinct++] = sorted[i];
      }
    }
    return Arrays.copyOf(sorted, distinct);
  }

  private void consider(long merged, boolean allPreferred) {
    best.consider(merged, allPreferred);
  }
}
