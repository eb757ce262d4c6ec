package io.podtopo.conformance.properties;

import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.HintFilters;
import io.podtopo.domain.topologymanager.MergeDecision;
import io.podtopo.domain.topologymanager.NumaInfo;
import io.podtopo.domain.topologymanager.ProviderHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import io.podtopo.domain.topologymanager.TopologyManagerOptions;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The oracle for the exact merge (ADR 0006): the fold the domain used before issue 9, kept here
 * unchanged. It merges every permutation of the resources' hint lists (one hint per list) and keeps
 * the best merged hint by upstream's pairwise {@code compare} rule, implemented literally;
 * permutations that merge alike are folded together (see {@link #distinctPrefixes}), which gives
 * upstream's answer without walking the whole Cartesian product but costs
 * {@code O(prefixes x hints)} per list. {@link HintMergeOracleProperties} checks it against the
 * literal permutation walk.
 *
 * <p>Masks are handled as raw 64-bit words; a hint's nil affinity is kept apart from a non-nil
 * empty mask, as upstream does.
 */
final class FoldingMergeOracle {

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

  FoldingMergeOracle(NumaInfo numaInfo, List<List<TopologyHint>> hints, TopologyManagerPolicy policy,
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
   * Upstream {@code Policy.Merge} with this fold, as {@code TopologyPolicy.merge} did before issue
   * 9: single-numa-node filters the lists, merges without {@code prefer-closest-numa-nodes} and turns
   * an all-nodes result into {@code {nil, preferred}}.
   */
  static MergeDecision decide(TopologyManagerPolicy policy, NumaInfo numaInfo, TopologyManagerOptions options,
      List<ProviderHints> providers) {
    if (policy == TopologyManagerPolicy.NONE) {
      TopologyHint none = TopologyHint.any(false);
      return MergeDecision.of(none, policy.canAdmit(none));
    }
    List<List<TopologyHint>> lists = ProviderHints.forMerge(providers);
    if (policy == TopologyManagerPolicy.SINGLE_NUMA_NODE) {
      lists = HintFilters.singleNumaNode(lists);
    }
    TopologyHint best = new FoldingMergeOracle(numaInfo, lists, policy, options).merge();
    if (policy == TopologyManagerPolicy.SINGLE_NUMA_NODE
        && best.affinity().filter(numaInfo.defaultAffinityMask()::equals).isPresent()) {
      best = TopologyHint.any(best.preferred());
    }
    return MergeDecision.of(best, policy.canAdmit(best));
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
    int last = bits.length - 1;
    for (PartialMerge prefix : distinctPrefixes(Math.max(last, 0))) {
      if (last < 0) {
        consider(prefix.merged(), prefix.allPreferred());
        continue;
      }
      for (int j = 0; j < bits[last].length; j++) {
        if (!hasAffinity[last][j]) {
          consider(prefix.merged(), prefix.allPreferred() && preferred[last][j]);
        } else if ((prefix.merged() & bits[last][j]) != 0) {
          consider(prefix.merged() & bits[last][j], prefix.stillPreferredWith(bits[last][j], preferred[last][j]));
        }
      }
    }
    return hasBest
        ? TopologyHint.of(NumaMask.fromBits(bestBits), bestPreferred)
        : TopologyHint.of(NumaMask.fromBits(defaultMask), false);
  }

  private void consider(long merged, boolean allPreferred) {
    if (compare(merged, allPreferred)) {
      hasBest = true;
      bestBits = merged;
      bestPreferred = allPreferred;
    }
  }

  /**
   * Upstream {@code iterateAllProviderTopologyHints} fused with {@code mergePermutation}, folded
   * list by list over the <em>distinct</em> merged prefixes of the first {@code lists} lists instead
   * of every permutation; {@link #merge} completes them with the last list.
   *
   * <p>This is exact: {@code compare} orders merged hints totally (preferred first; then by the
   * mask order of {@code compareMasks}, or for non-preferred hints by the best-non-preferred-count
   * rule, whose groups and ties are again decided by {@code compareMasks}; equal hints keep the
   * current one), so the best over all permutations is the best over the distinct merged hints, in
   * any order. Two prefixes with the same AND, the same preference so far and, while still
   * preferred, the same first non-nil mask have the same completions, so one of them stands for
   * all. A prefix whose AND is empty is dropped: every completion merges to an empty mask, which
   * {@code compare} ignores. Four providers of 255 masks on 8 NUMA nodes fold over at most a few
   * hundred prefixes per list instead of 255^4 permutations (decision D-2).
   */
  private Collection<PartialMerge> distinctPrefixes(int lists) {
    Set<PartialMerge> prefixes = new LinkedHashSet<>();
    prefixes.add(new PartialMerge(defaultMask, false, 0L, true));
    for (int list = 0; list < lists; list++) {
      Set<PartialMerge> next = new LinkedHashSet<>();
      for (PartialMerge prefix : prefixes) {
        for (int j = 0; j < bits[list].length; j++) {
          extend(prefix, list, j).ifPresent(next::add);
        }
      }
      prefixes = next;
    }
    return prefixes;
  }

  /** The prefix extended with hint {@code j} of {@code list}; empty when the AND becomes empty. */
  private Optional<PartialMerge> extend(PartialMerge prefix, int list, int j) {
    if (!hasAffinity[list][j]) {
      return Optional.of(prefix.extendedWithNil(preferred[list][j]));
    }
    long mask = bits[list][j];
    return (prefix.merged() & mask) == 0
        ? Optional.empty()
        : Optional.of(prefix.extendedWith(mask, preferred[list][j]));
  }

  /**
   * A merged permutation prefix: the AND so far, the first non-nil mask (kept only while the
   * prefix is still preferred: afterwards it cannot change the outcome) and whether every pick so
   * far is preferred with every non-nil mask equal to the first.
   */
  private record PartialMerge(long merged, boolean hasFirst, long first, boolean allPreferred) {

    PartialMerge extendedWithNil(boolean preferred) {
      return of(merged, hasFirst, first, allPreferred && preferred);
    }

    PartialMerge extendedWith(long mask, boolean preferred) {
      return of(merged & mask, true, hasFirst ? first : mask, stillPreferredWith(mask, preferred));
    }

    boolean stillPreferredWith(long mask, boolean preferred) {
      return allPreferred && preferred && (!hasFirst || mask == first);
    }

    private static PartialMerge of(long merged, boolean hasFirst, long first, boolean allPreferred) {
      return allPreferred ? new PartialMerge(merged, hasFirst, first, true) : new PartialMerge(merged, true, 0L, false);
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
