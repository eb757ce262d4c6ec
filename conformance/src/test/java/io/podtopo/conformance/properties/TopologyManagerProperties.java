package io.podtopo.conformance.properties;

import static io.podtopo.conformance.generators.PropertySeed.qt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.conformance.generators.Hints;
import io.podtopo.conformance.generators.Hints.MergeInput;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.HintFilters;
import io.podtopo.domain.topologymanager.MergeDecision;
import io.podtopo.domain.topologymanager.NumaInfo;
import io.podtopo.domain.topologymanager.ProviderHints;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import io.podtopo.domain.topologymanager.TopologyManagerOptions;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * The merge (§1.4, §1.5) over generated machines of 1 to 8 NUMA nodes and 1 to 4 providers, checked
 * against properties stated independently of the pairwise {@code compare} rule.
 */
class TopologyManagerProperties {

  private static final int EXAMPLES = Examples.scaled(400);

  private static final Gen<TopologyManagerPolicy> MERGING_POLICIES = Generate.pick(List.of(
      TopologyManagerPolicy.BEST_EFFORT, TopologyManagerPolicy.RESTRICTED, TopologyManagerPolicy.SINGLE_NUMA_NODE));

  private static MergeDecision merge(MergeInput input, TopologyManagerPolicy policy, boolean preferClosest) {
    TopologyManagerOptions options = new TopologyManagerOptions.Builder().preferClosestNumaNodes(preferClosest).build();
    return TopologyPolicy.of(policy, NumaInfo.of(input.nodes(), input.distances()), options).merge(input.providers());
  }

  /** The lists the policy merges: every resource's list, filtered for single-numa-node. */
  private static List<List<TopologyHint>> mergedLists(MergeInput input, TopologyManagerPolicy policy) {
    List<List<TopologyHint>> lists = ProviderHints.forMerge(input.providers());
    return policy == TopologyManagerPolicy.SINGLE_NUMA_NODE ? HintFilters.singleNumaNode(lists) : lists;
  }

  private static NumaMask allNodes(MergeInput input) {
    return NumaMask.of(input.nodes());
  }

  /** The result's mask, with single-numa-node's nil read back as all nodes. */
  private static NumaMask resultMask(MergeInput input, MergeDecision decision) {
    return decision.hint().affinity().orElse(allNodes(input));
  }

  /**
   * The masks {@code M} for which a permutation of preferred hints exists whose non-nil masks all
   * equal {@code M} (all nodes when every chosen hint is nil): exactly the preferred merges.
   */
  private static List<NumaMask> preferredMerges(MergeInput input, List<List<TopologyHint>> lists) {
    List<NumaMask> candidates = new ArrayList<>();
    candidates.add(allNodes(input));
    lists.forEach(list -> list.stream().filter(TopologyHint::preferred)
        .forEach(hint -> hint.affinity().ifPresent(candidates::add)));
    return candidates.stream().distinct()
        .filter(mask -> !mask.isEmpty())
        .filter(mask -> lists.stream().allMatch(list -> list.stream().anyMatch(hint ->
            hint.preferred() && hint.affinity().map(mask::equals).orElse(true))))
        .toList();
  }

  @Test
  void theMergedAffinityIsWithinSomeHintOfEveryResourceOrIsAllNodes() {
    Exercised merged = new Exercised("a merge other than the all-nodes fallback");
    qt().withExamples(EXAMPLES).forAll(Hints.mergeInputs(), MERGING_POLICIES, Generate.booleans())
        .checkAssert((input, policy, closest) -> {
          MergeDecision decision = merge(input, policy, closest);
          NumaMask result = resultMask(input, decision);
          assertThat(result.isSubsetOf(allNodes(input))).isTrue();
          assertThat(result.isEmpty()).isFalse();
          boolean fallback = result.equals(allNodes(input)) && !decision.hint().preferred();
          merged.example(!fallback);
          if (!fallback) {
            for (List<TopologyHint> list : mergedLists(input, policy)) {
              assertThat(list).as("a hint of %s contains %s", list, result).anyMatch(hint ->
                  hint.affinity().map(result::isSubsetOf).orElse(true));
            }
          }
        });
    merged.atLeast(0.3);
  }

  @Test
  void aResultIsPreferredExactlyWhenAPermutationOfEqualPreferredMasksExists_pitfall3() {
    Exercised preferredResults = new Exercised("a preferred result");
    qt().withExamples(EXAMPLES).forAll(Hints.mergeInputs(), MERGING_POLICIES, Generate.booleans())
        .checkAssert((input, policy, closest) -> {
          MergeDecision decision = merge(input, policy, closest);
          List<NumaMask> preferred = preferredMerges(input, mergedLists(input, policy));
          assertThat(decision.hint().preferred()).isEqualTo(!preferred.isEmpty());
          preferredResults.example(decision.hint().preferred());
          if (decision.hint().preferred()) {
            NumaMask result = resultMask(input, decision);
            assertThat(preferred).contains(result);
            int narrowestCount = preferred.stream().mapToInt(NumaMask::count).min().orElseThrow();
            assertThat(result.count()).isEqualTo(narrowestCount);
            if (!closest || policy == TopologyManagerPolicy.SINGLE_NUMA_NODE) {
              assertThat(result).isEqualTo(preferred.stream().min(NumaMask.NARROWEST_FIRST).orElseThrow());
            }
          }
        });
    // About 22 % of the examples reach one (86 of 400 on average, a standard deviation of 8): 12 % is
    // five deviations below, so the check fails only when the generator stops reaching such merges.
    preferredResults.atLeast(0.12);
  }

  @Test
  void singleNumaNodeNeverAdmitsAHintSpanningTwoNodes_spec1_5() {
    Exercised admitted = new Exercised("an admission under single-numa-node");
    qt().withExamples(EXAMPLES).forAll(Hints.mergeInputs()).checkAssert(input -> {
      MergeDecision decision = merge(input, TopologyManagerPolicy.SINGLE_NUMA_NODE, false);
      admitted.example(decision.admit());
      if (decision.admit()) {
        assertThat(decision.hint().affinity().map(NumaMask::count)).isIn(Optional.empty(), Optional.of(1));
      }
      assertThat(decision.hint().affinity()).isNotEqualTo(Optional.of(allNodes(input)));
    });
    admitted.atLeast(0.1);
  }

  @Test
  void restrictedAdmitsIffPreferredAndBestEffortAlwaysAdmits_spec1_5() {
    qt().withExamples(EXAMPLES).forAll(Hints.mergeInputs(), Generate.booleans()).checkAssert((input, closest) -> {
      MergeDecision restricted = merge(input, TopologyManagerPolicy.RESTRICTED, closest);
      assertThat(restricted.admit()).isEqualTo(restricted.hint().preferred());
      MergeDecision bestEffort = merge(input, TopologyManagerPolicy.BEST_EFFORT, closest);
      assertThat(bestEffort.admit()).isTrue();
      assertThat(bestEffort.hint()).isEqualTo(restricted.hint());
    });
  }

  /**
   * Upstream walks each provider's Go map in random order, and the non-preferred tie-breaks can depend
   * on it; this merge must not: the same answers, each provider's resources handed over in the reverse
   * order (a map of another iteration order), decide the same.
   */
  @Test
  void theMergeDoesNotDependOnTheOrderInWhichAProviderHandsOverItsResources() {
    int[] reordered = {0};
    qt().withExamples(EXAMPLES).forAll(Hints.mergeInputs(), MERGING_POLICIES, Generate.booleans())
        .checkAssert((input, policy, closest) -> {
          List<ProviderHints> reversed = new ArrayList<>();
          for (ProviderHints provider : input.providers()) {
            List<String> names = new ArrayList<>(provider.resources().keySet());
            java.util.Collections.reverse(names);
            java.util.Map<String, ResourceHints> backwards = new java.util.LinkedHashMap<>();
            names.forEach(name -> backwards.put(name, provider.resources().get(name)));
            reordered[0] += names.size() > 1 ? 1 : 0;
            reversed.add(ProviderHints.of(backwards));
          }
          MergeInput other = new MergeInput(input.nodes(), input.distances(), reversed);
          assertThat(merge(other, policy, closest)).isEqualTo(merge(input, policy, closest));
        });
    assertThat(reordered[0]).as("providers answering for two resources").isGreaterThan(EXAMPLES / 4);
  }
}
