package io.podtopo.conformance.properties;

import static io.podtopo.conformance.generators.PropertySeed.qt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.conformance.generators.Hints;
import io.podtopo.conformance.generators.Hints.MergeInput;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.NumaInfo;
import io.podtopo.domain.topologymanager.ProviderHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import io.podtopo.domain.topologymanager.TopologyManagerOptions;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyPolicy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Decision D-2, ADR 0006: the merge gives exactly upstream's answer, and so does the fold kept as
 * the oracle of {@link ExactMergeProperties}. The reference below is upstream's
 * {@code HintMerger.Merge} transcribed literally from kubelet-algorithms §1.4: every permutation of
 * the Cartesian product (first list outermost), {@code mergePermutation}, then the pairwise
 * {@code compare}, with no folding and no pruning.
 */
class HintMergeOracleProperties {

  /** A best-effort merge of the input's providers, as one implementation computes it. */
  @FunctionalInterface
  private interface Merge {
    TopologyHint of(NumaInfo numaInfo, TopologyManagerOptions options, MergeInput input);
  }

  private static void assertEqualsTheLiteralWalk(int examples, Merge merge) {
    qt().withExamples(Examples.scaled(examples)).forAll(Hints.mergeInputs(), org.quicktheories.generators.SourceDSL.booleans().all())
        .checkAssert((input, preferClosest) -> {
          TopologyManagerOptions options = new TopologyManagerOptions.Builder().preferClosestNumaNodes(preferClosest).build();
          NumaInfo numaInfo = NumaInfo.of(input.nodes(), input.distances());
          assertThat(merge.of(numaInfo, options, input)).isEqualTo(new LiteralMerge(numaInfo, preferClosest, input).merge());
        });
  }

  @Test
  void theMergeEqualsTheLiteralPermutationWalk_d2() {
    assertEqualsTheLiteralWalk(500, (numaInfo, options, input) ->
        TopologyPolicy.of(TopologyManagerPolicy.BEST_EFFORT, numaInfo, options).merge(input.providers()).hint());
  }

  @Test
  void theFoldKeptAsOracleEqualsTheLiteralPermutationWalk_d2() {
    assertEqualsTheLiteralWalk(300, (numaInfo, options, input) ->
        FoldingMergeOracle.decide(TopologyManagerPolicy.BEST_EFFORT, numaInfo, options, input.providers()).hint());
  }

  /** Upstream's merge, permutation by permutation. */
  private static final class LiteralMerge {
    private final NumaInfo numaInfo;
    private final boolean preferClosest;
    private final List<List<TopologyHint>> lists;
    private final NumaMask defaultMask;
    private final int bestNonPreferredCount;
    private TopologyHint best;

    LiteralMerge(NumaInfo numaInfo, boolean preferClosest, MergeInput input) {
      this.numaInfo = numaInfo;
      this.preferClosest = preferClosest;
      this.lists = ProviderHints.forMerge(input.providers());
      this.defaultMask = NumaMask.of(input.nodes());
      int max = 0;
      for (List<TopologyHint> list : lists) {
        NumaMask narrowest = null;
        for (TopologyHint hint : list) {
          if (hint.affinity().isPresent() && (narrowest == null || hint.affinity().get().isNarrowerThan(narrowest))) {
            narrowest = hint.affinity().get();
          }
        }
        max = Math.max(max, narrowest == null ? 0 : narrowest.count());
      }
      this.bestNonPreferredCount = max;
    }

    TopologyHint merge() {
      iterate(0, new ArrayList<>());
      return best == null ? TopologyHint.of(defaultMask, false) : best;
    }

    private void iterate(int index, List<TopologyHint> permutation) {
      if (index == lists.size()) {
        best = compare(best, mergePermutation(permutation));
        return;
      }
      for (TopologyHint hint : lists.get(index)) {
        permutation.add(hint);
        iterate(index + 1, permutation);
        permutation.remove(permutation.size() - 1);
      }
    }

    private TopologyHint mergePermutation(List<TopologyHint> permutation) {
      boolean preferred = true;
      NumaMask first = null;
      NumaMask merged = defaultMask;
      for (TopologyHint hint : permutation) {
        if (hint.affinity().isPresent()) {
          NumaMask mask = hint.affinity().get();
          if (first == null) {
            first = mask;
          }
          if (!mask.equals(first)) {
            preferred = false;
          }
          merged = merged.and(mask);
        }
        if (!hint.preferred()) {
          preferred = false;
        }
      }
      return TopologyHint.of(merged, preferred);
    }

    private TopologyHint compare(TopologyHint current, TopologyHint candidate) {
      NumaMask cand = candidate.affinity().orElseThrow();
      if (cand.count() == 0) {
        return current;
      }
      if (current == null) {
        return candidate;
      }
      NumaMask cur = current.affinity().orElseThrow();
      if (!current.preferred() && candidate.preferred()) {
        return candidate;
      }
      if (current.preferred() && !candidate.preferred()) {
        return current;
      }
      if (current.preferred()) {
        return compareMasks(current, candidate);
      }
      int b = bestNonPreferredCount;
      int c = cur.count();
      int d = cand.count();
      if (c > b) {
        return compareMasks(current, candidate);
      }
      if (c == b) {
        return d == b ? compareMasks(current, candidate) : current;
      }
      if (d > b) {
        return current;
      }
      if (d == b) {
        return candidate;
      }
      if (d > c) {
        return candidate;
      }
      if (d < c) {
        return current;
      }
      return compareMasks(current, candidate);
    }

    private TopologyHint compareMasks(TopologyHint current, TopologyHint candidate) {
      NumaMask cur = current.affinity().orElseThrow();
      NumaMask cand = candidate.affinity().orElseThrow();
      if (cur.equals(cand)) {
        return current;
      }
      NumaMask fitter = preferClosest ? numaInfo.closest(cur, cand) : numaInfo.narrowest(cur, cand);
      return fitter.equals(cur) ? current : candidate;
    }
  }
}
