package io.podtopo.domain.topologymanager;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Upstream {@code HintMerger.Merge} when some hint lists are described ({@link MaskFamily}) rather
 * than listed: the same best hint as {@link HintMerger} on the enumerated lists, found by querying the
 * descriptions. Under every policy but single-numa-node (which reads only single-node hints, see
 * {@link MaskFamily#singleNumaNode}).
 *
 * <p>Step 1 finds the preferred merges: the masks every list admits preferred, taken from a listed
 * list that cannot pass them by, else from the descriptions' extras and a walk of their common
 * threshold part. Otherwise step 2 walks the masks inside the lists' covers in {@code compare}'s
 * order, and the first that is an AND of one hint per list ({@link #isMerge}) is the answer. Both
 * steps are exact and run within a {@link SearchBudget}, giving up ({@link SearchBudget.Exhausted})
 * rather than guessing. Why this is upstream's answer, and what it costs: ADR 0007
 * ({@code docs/adr/0007-described-hint-lists.md}, "The merge").
 */
final class ImplicitMerge {

  private final long all;
  private final int nodeCount;
  private final List<MergeList> listed;
  private final MaskFamily[] families;
  private final int lists;
  private final SearchBudget budget;
  private final MergeBest best;
  private final int bestNonPreferred;
  /** Per list: whether a preferred nil hint lets it skip, its preferred masks sorted (listed lists). */
  private final boolean[] skippable;
  private final long[][] preferredMasks;

  /**
   * @param inputs per list, a {@link MergeList} or a {@link MaskFamily}
   */
  ImplicitMerge(NumaInfo numaInfo, List<Object> inputs, boolean compareByDistance, SearchBudget budget) {
    this.all = numaInfo.defaultAffinityMask().bits();
    this.nodeCount = Long.bitCount(all);
    this.lists = inputs.size();
    this.listed = new ArrayList<>();
    this.families = new MaskFamily[lists];
    this.budget = budget;
    this.skippable = new boolean[lists];
    this.preferredMasks = new long[lists][];
    for (int i = 0; i < lists; i++) {
      Object input = inputs.get(i);
      if (input instanceof MaskFamily family) {
        families[i] = family;
        listed.add(null);
      } else {
        MergeList list = (MergeList) input;
        listed.add(list);
        long[] masks = new long[list.size()];
        int count = 0;
        for (int j = 0; j < list.size(); j++) {
          if (list.preferred()[j]) {
            if (list.hasAffinity()[j]) {
              masks[count++] = list.bits()[j];
            } else {
              skippable[i] = true;
            }
          }
        }
        preferredMasks[i] = HintMerger.sortedDistinct(masks, count);
      }
    }
    this.bestNonPreferred = bestNonPreferredAffinityCount();
    this.best = new MergeBest(numaInfo, compareByDistance, bestNonPreferred);
  }

  TopologyHint merge() {
    for (MergeList list : listed) {
      if (list != null && list.size() == 0) {
        return TopologyHint.of(io.podtopo.domain.topology.NumaMask.fromBits(all), false);
      }
    }
    considerPreferredMerges();
    if (!best.hasBest()) {
      considerNonPreferredMerges();
    }
    return best.hint(all);
  }

  /** Upstream {@code maxOfMinAffinityCounts}, a description counting its narrowest member. */
  private int bestNonPreferredAffinityCount() {
    int max = 0;
    for (int i = 0; i < lists; i++) {
      int narrowest = Integer.MAX_VALUE;
      if (families[i] != null) {
        narrowest = families[i].narrowestWidth(budget);
      } else {
        MergeList list = listed.get(i);
        for (int j = 0; j < list.size(); j++) {
          if (list.hasAffinity()[j]) {
            narrowest = Math.min(narrowest, Long.bitCount(list.bits()[j]));
          }
        }
      }
      if (narrowest != Integer.MAX_VALUE) {
        max = Math.max(max, narrowest);
      }
    }
    return max;
  }

  // Step 1 ----------------------------------------------------------------------------------------

  private boolean preferredEverywhere(long mask) {
    for (int i = 0; i < lists; i++) {
      boolean ok = families[i] != null
          ? families[i].contains(mask) && families[i].isPreferred(mask)
          : skippable[i] || Arrays.binarySearch(preferredMasks[i], mask) >= 0;
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  private void considerPreferredMerges() {
    int pivot = -1;
    for (int i = 0; i < lists; i++) {
      if (families[i] == null && !skippable[i]
          && (pivot < 0 || preferredMasks[i].length < preferredMasks[pivot].length)) {
        pivot = i;
      }
    }
    if (pivot >= 0) {
      for (long candidate : preferredMasks[pivot]) {
        budget.tick();
        if (preferredEverywhere(candidate)) {
          best.consider(all & candidate, true);
        }
      }
      return;
    }
    for (MaskFamily family : families) {
      if (family != null) {
        for (long extra : family.extras()) {
          budget.tick();
          if (preferredEverywhere(extra)) {
            best.consider(all & extra, true);
          }
        }
      }
    }
    considerPreferredThresholdMembers();
  }

  /** The preferred masks in every description's threshold part, narrowest (or closest) first. */
  private void considerPreferredThresholdMembers() {
    long allowed = all;
    long required = 0;
    int minSize = 1;
    int width = -1;
    List<long[]> weights = new ArrayList<>();
    List<Long> thresholds = new ArrayList<>();
    for (MaskFamily family : families) {
      if (family == null) {
        continue;
      }
      if (!family.hasThresholdPart()) {
        return;
      }
      allowed &= family.universe();
      required |= family.required();
      minSize = Math.max(minSize, family.minSize());
      if (!family.hasSocketPreference()) {
        if (width >= 0 && width != family.preferredWidth()) {
          return;
        }
        width = family.preferredWidth();
      }
      for (int d = 0; d < family.thresholds().length; d++) {
        weights.add(family.weights()[d]);
        thresholds.add(family.thresholds()[d]);
      }
    }
    if ((required & ~allowed) != 0) {
      return;
    }
    MaskSearch search = new MaskSearch(allowed, required, weights.toArray(long[][]::new),
        thresholds.stream().mapToLong(Long::longValue).toArray(), null, budget);
    int from = width >= 0 ? width : 1;
    int to = width >= 0 ? width : nodeCount;
    for (int w = Math.max(from, minSize); w <= to; w++) {
      boolean[] found = {false};
      search.walk(w, mask -> {
        if (!preferredEverywhere(mask)) {
          return false;
        }
        found[0] = true;
        best.consider(all & mask, true);
        return !best.comparesByDistance();
      });
      if (found[0]) {
        return;
      }
    }
  }

  // Step 2 ----------------------------------------------------------------------------------------

  /** The masks a merge must lie inside for list {@code i}: its widest members. */
  private long[] covers(int i) {
    List<Long> covers = new ArrayList<>();
    if (families[i] != null) {
      for (long extra : families[i].extras()) {
        covers.add(extra & all);
      }
      if (families[i].hasThresholdPart()) {
        covers.add(families[i].universe() & all);
      }
    } else {
      MergeList list = listed.get(i);
      for (int j = 0; j < list.size(); j++) {
        covers.add(list.hasAffinity()[j] ? list.bits()[j] & all : all);
      }
    }
    return maximal(covers.stream().mapToLong(Long::longValue).filter(mask -> mask != 0).toArray());
  }

  /** The distinct masks of {@code masks} that no other one strictly contains. */
  private long[] maximal(long[] masks) {
    return extremal(masks, true);
  }

  /**
   * The distinct masks of {@code masks} that no other one strictly contains ({@code maximal}), or
   * strictly lies inside (not {@code maximal}).
   */
  private long[] extremal(long[] masks, boolean maximal) {
    long[] distinct = HintMerger.sortedDistinct(masks, masks.length);
    long[] kept = new long[distinct.length];
    int count = 0;
    for (long mask : distinct) {
      boolean dominated = false;
      for (long other : distinct) {
        budget.tick();
        if (other != mask && (maximal ? (mask & ~other) == 0 : (other & ~mask) == 0)) {
          dominated = true;
          break;
        }
      }
      if (!dominated) {
        kept[count++] = mask;
      }
    }
    return Arrays.copyOf(kept, count);
  }

  private void considerNonPreferredMerges() {
    long[] regions = {all};
    for (int i = 0; i < lists; i++) {
      long[] covers = covers(i);
      long[] next = new long[regions.length * covers.length];
      int count = 0;
      for (long region : regions) {
        for (long cover : covers) {
          budget.tick();
          if ((region & cover) != 0) {
            next[count++] = region & cover;
          }
        }
      }
      regions = maximal(Arrays.copyOf(next, count));
      if (regions.length == 0) {
        return;
      }
    }
    long union = 0;
    for (long region : regions) {
      union |= region;
    }
    long[] inside = regions;
    MaskSearch search = new MaskSearch(union, 0, new long[0][], new long[0], mask -> {
      for (long region : inside) {
        if ((mask & ~region) == 0) {
          return true;
        }
      }
      return false;
    }, budget);
    for (int width : widthsInCompareOrder()) {
      long found = best.comparesByDistance() ? closestMergeOfWidth(search, width) : firstMergeOfWidth(search, width);
      if (found != 0) {
        best.consider(found, false);
        return;
      }
    }
  }

  /** Upstream {@code compare}'s ranking of non-preferred widths: B, B-1 .. 1, B+1 .. N. */
  private int[] widthsInCompareOrder() {
    int[] widths = new int[nodeCount];
    int next = 0;
    int from = Math.min(bestNonPreferred, nodeCount);
    for (int w = from; w >= 1; w--) {
      widths[next++] = w;
    }
    for (int w = from + 1; w <= nodeCount; w++) {
      widths[next++] = w;
    }
    return widths;
  }

  private long firstMergeOfWidth(MaskSearch search, int width) {
    long[] found = {0};
    search.walk(width, mask -> {
      if (isMerge(mask)) {
        found[0] = mask;
        return true;
      }
      return false;
    });
    return found[0];
  }

  private long closestMergeOfWidth(MaskSearch search, int width) {
    List<Long> candidates = new ArrayList<>();
    search.walk(width, mask -> {
      candidates.add(mask);
      return false;
    });
    candidates.sort((a, b) -> a.equals(b) ? 0 : best.fitter(a, b) ? -1 : 1);
    for (long candidate : candidates) {
      if (isMerge(candidate)) {
        return candidate;
      }
    }
    return 0;
  }

  /**
   * Whether some permutation merges to exactly {@code x}: per list a listed mask or extra
   * containing {@code x} (only the smallest such matter: a smaller pick never leaves more to cut),
   * or a member of its threshold part; the picked masks meet in some {@code y ⊇ x}, and every node
   * of {@code y} outside {@code x} that every chosen threshold part's universe holds must be left
   * out of one of those members.
   */
  private boolean isMerge(long x) {
    long[][] options = new long[lists][];
    for (int i = 0; i < lists; i++) {
      long[] containing = listedOrExtraContaining(i, x);
      options[i] = containing;
      boolean threshold = families[i] != null && families[i].hasThresholdPart() && (x & ~families[i].universe()) == 0;
      if (containing.length == 0 && !threshold) {
        return false;
      }
    }
    return pick(0, all, x, options, new int[lists], 0);
  }

  private long[] listedOrExtraContaining(int i, long x) {
    List<Long> containing = new ArrayList<>();
    if (families[i] != null) {
      for (long extra : families[i].extras()) {
        if ((x & ~extra) == 0) {
          containing.add(extra & all);
        }
      }
    } else {
      MergeList list = listed.get(i);
      for (int j = 0; j < list.size(); j++) {
        long mask = list.hasAffinity()[j] ? list.bits()[j] & all : all;
        if ((x & ~mask) == 0) {
          containing.add(mask);
        }
      }
    }
    return extremal(containing.stream().mapToLong(Long::longValue).toArray(), false);
  }

  private boolean pick(int i, long y, long x, long[][] options, int[] thresholdLists, int chosen) {
    budget.tick();
    if (i == lists) {
      return cutOff(y & ~x, x, thresholdLists, chosen);
    }
    for (long option : options[i]) {
      if (pick(i + 1, y & option, x, options, thresholdLists, chosen)) {
        return true;
      }
    }
    MaskFamily family = families[i];
    if (family != null && family.hasThresholdPart() && (x & ~family.universe()) == 0) {
      thresholdLists[chosen] = i;
      return pick(i + 1, y, x, options, thresholdLists, chosen + 1);
    }
    return false;
  }

  /**
   * Whether the threshold parts {@code thresholdLists[0..chosen)} have members containing
   * {@code x} that together leave out every node of {@code rest}: each part's member is its
   * universe less the nodes it leaves out, and must keep its required nodes, its minimum size and
   * every threshold.
   */
  private boolean cutOff(long rest, long x, int[] thresholdLists, int chosen) {
    if (chosen == 0) {
      return rest == 0;
    }
    long shared = rest;
    for (int t = 0; t < chosen; t++) {
      shared &= families[thresholdLists[t]].universe();
    }
    if (shared == 0) {
      return true;
    }
    long[][] slack = new long[chosen][];
    int[] sizeSlack = new int[chosen];
    for (int t = 0; t < chosen; t++) {
      MaskFamily family = families[thresholdLists[t]];
      long universe = family.universe();
      slack[t] = new long[family.thresholds().length];
      for (int d = 0; d < slack[t].length; d++) {
        long sum = 0;
        for (long bits = universe; bits != 0; bits &= bits - 1) {
          sum += family.weights()[d][Long.numberOfTrailingZeros(bits)];
        }
        slack[t][d] = sum - family.thresholds()[d];
      }
      sizeSlack[t] = Long.bitCount(universe) - Math.max(family.minSize(), 1);
    }
    return assign(MaskSearch.nodesOf(shared), 0, thresholdLists, chosen, slack, sizeSlack);
  }

  private boolean assign(int[] nodes, int next, int[] thresholdLists, int chosen, long[][] slack, int[] sizeSlack) {
    budget.tick();
    if (next == nodes.length) {
      return true;
    }
    int node = nodes[next];
    for (int t = 0; t < chosen; t++) {
      MaskFamily family = families[thresholdLists[t]];
      if ((family.required() & (1L << node)) != 0 || sizeSlack[t] == 0) {
        continue;
      }
      boolean fits = true;
      for (int d = 0; d < slack[t].length && fits; d++) {
        fits = slack[t][d] >= family.weights()[d][node];
      }
      if (!fits) {
        continue;
      }
      for (int d = 0; d < slack[t].length; d++) {
        slack[t][d] -= family.weights()[d][node];
      }
      sizeSlack[t]--;
      boolean done = assign(nodes, next + 1, thresholdLists, chosen, slack, sizeSlack);
      sizeSlack[t]++;
      for (int d = 0; d < slack[t].length; d++) {
        slack[t][d] += family.weights()[d][node];
      }
      if (done) {
        return true;
      }
    }
    return false;
  }
}
