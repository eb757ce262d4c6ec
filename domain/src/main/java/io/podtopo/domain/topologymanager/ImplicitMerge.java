package io.podtopo.domain.topologymanager;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

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
  /** The lists, in the merge's order. */
  private final List<MergeInput> inputs;
  /** Per list, its description (a described list), asked once. */
  private final List<Optional<MaskFamily>> descriptions;
  /** The descriptions among them, in the same order. */
  private final List<MaskFamily> families;
  private final SearchBudget budget;
  private final MergeBest best;
  private final int bestNonPreferred;

  ImplicitMerge(NumaInfo numaInfo, List<MergeInput> inputs, boolean compareByDistance, SearchBudget budget) {
    this.all = numaInfo.defaultAffinityMask().bits();
    this.nodeCount = Long.bitCount(all);
    this.inputs = List.copyOf(inputs);
    this.descriptions = inputs.stream().map(MergeInput::description).toList();
    this.families = descriptions.stream().flatMap(Optional::stream).toList();
    this.budget = budget;
    this.bestNonPreferred = bestNonPreferredAffinityCount();
    this.best = new MergeBest(numaInfo, compareByDistance, bestNonPreferred);
  }

  /**
   * The best merged hint, or {@code {all nodes, not preferred}} when there is none (an empty list
   * leaves no permutation, and no AND either).
   */
  TopologyHint merge() {
    considerPreferredMerges();
    if (!best.hasBest()) {
      considerNonPreferredMerges();
    }
    return best.hint(all);
  }

  /** Upstream {@code maxOfMinAffinityCounts}, a description counting its narrowest member. */
  private int bestNonPreferredAffinityCount() {
    int max = 0;
    for (MergeInput input : inputs) {
      max = Math.max(max, input.narrowestWidth(budget));
    }
    return max;
  }

  // Step 1 ----------------------------------------------------------------------------------------

  private boolean preferredEverywhere(long mask) {
    for (MergeInput input : inputs) {
      if (!input.admitsPreferred(mask)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The candidates are the preferred masks of the listed list with the fewest of them among those
   * that cannot pass a preferred merge by; when there is none, the descriptions' extras and their
   * common threshold part.
   */
  private void considerPreferredMerges() {
    Optional<long[]> fewest = inputs.stream()
        .flatMap(input -> input.preferredCandidates().stream())
        .min(Comparator.comparingInt(candidates -> candidates.length));
    if (fewest.isPresent()) {
      considerPreferred(fewest.get());
      return;
    }
    for (MaskFamily family : families) {
      considerPreferred(family.extras());
    }
    considerPreferredThresholdMembers();
  }

  private void considerPreferred(long[] candidates) {
    for (long candidate : candidates) {
      budget.tick();
      if (preferredEverywhere(candidate)) {
        best.consider(all & candidate, true);
      }
    }
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

  /** The masks a merge must lie inside for one list: its widest ones, none empty. */
  private long[] covers(MergeInput input) {
    return maximal(Arrays.stream(input.covers(all)).filter(mask -> mask != 0).toArray());
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
    for (MergeInput input : inputs) {
      long[] covers = covers(input);
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
    Picks[] picks = new Picks[inputs.size()];
    for (int i = 0; i < picks.length; i++) {
      picks[i] = new Picks(extremal(inputs.get(i).containing(x, all), false),
          descriptions.get(i).filter(family -> family.hasThresholdMemberContaining(x)));
      if (picks[i].isEmpty()) {
        return false;
      }
    }
    return pick(0, all, x, picks, new MaskFamily[picks.length], 0);
  }

  /**
   * What one list can pick in a permutation merging to some {@code x}: the smallest of its listed
   * masks and extras containing {@code x}, and its threshold part, when a member of it contains
   * {@code x}.
   */
  private record Picks(long[] masks, Optional<MaskFamily> thresholdPart) {

    boolean isEmpty() {
      return masks.length == 0 && thresholdPart.isEmpty();
    }
  }

  /**
   * Whether lists {@code i..} can pick so that the permutation merges to exactly {@code x}, where
   * {@code y} is the AND of the masks the lists before {@code i} picked and {@code parts[0..chosen)}
   * the threshold parts they picked instead.
   */
  private boolean pick(int i, long y, long x, Picks[] picks, MaskFamily[] parts, int chosen) {
    budget.tick();
    if (i == picks.length) {
      return cutOff(y & ~x, parts, chosen);
    }
    for (long mask : picks[i].masks()) {
      if (pick(i + 1, y & mask, x, picks, parts, chosen)) {
        return true;
      }
    }
    Optional<MaskFamily> part = picks[i].thresholdPart();
    if (part.isEmpty()) {
      return false;
    }
    parts[chosen] = part.get();
    return pick(i + 1, y, x, picks, parts, chosen + 1);
  }

  /**
   * Whether the threshold parts {@code parts[0..chosen)} have members containing the merge that
   * together leave out every node of {@code rest}: each part's member is its universe less the
   * nodes it leaves out, and must keep its required nodes, its minimum size and every threshold.
   */
  private boolean cutOff(long rest, MaskFamily[] parts, int chosen) {
    if (chosen == 0) {
      return rest == 0;
    }
    long shared = rest;
    for (int t = 0; t < chosen; t++) {
      shared &= parts[t].universe();
    }
    if (shared == 0) {
      return true;
    }
    long[][] slack = new long[chosen][];
    int[] sizeSlack = new int[chosen];
    for (int t = 0; t < chosen; t++) {
      MaskFamily family = parts[t];
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
    return assign(MaskSearch.nodesOf(shared), 0, parts, chosen, slack, sizeSlack);
  }

  private boolean assign(int[] nodes, int next, MaskFamily[] parts, int chosen, long[][] slack, int[] sizeSlack) {
    budget.tick();
    if (next == nodes.length) {
      return true;
    }
    int node = nodes[next];
    for (int t = 0; t < chosen; t++) {
      MaskFamily family = parts[t];
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
      boolean done = assign(nodes, next + 1, parts, chosen, slack, sizeSlack);
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
