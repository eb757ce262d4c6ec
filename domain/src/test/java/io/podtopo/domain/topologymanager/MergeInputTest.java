package io.podtopo.domain.topologymanager;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.topology.NumaMask;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The questions ADR 0007's merge ({@link ImplicitMerge}) asks of every list, answered by a listed list
 * and by a description as upstream's permutation walk reads hints: a permutation merges preferred
 * only through preferred picks, a preferred nil hint lets it pass a list by, a nil hint stands for
 * every node, and {@code maxOfMinAffinityCounts} counts a list's narrowest mask (0 for nil hints
 * only). The merge asks a description without ever listing it.
 */
class MergeInputTest {

  private static final long ALL = 0b1111;

  private static TopologyHint hint(boolean preferred, int... nodes) {
    return TopologyHint.of(NumaMask.of(nodes), preferred);
  }

  @Test
  void aListedListAdmitsPreferredMergesToItsPreferredMasksAndNamesThemSorted_spec1_4() {
    MergeInput list = ResourceHints.of(hint(false, 0), hint(true, 1, 2), hint(true, 3), hint(true, 1, 2)).mergeInput();

    assertThat(list.admitsPreferred(0b0110)).isTrue();
    assertThat(list.admitsPreferred(0b1000)).isTrue();
    assertThat(list.admitsPreferred(0b0001)).as("held, but not preferred").isFalse();
    assertThat(list.admitsPreferred(0b0010)).as("not held").isFalse();
    assertThat(list.preferredCandidates()).hasValueSatisfying(masks -> assertThat(masks).containsExactly(0b0110, 0b1000));
    assertThat(list.description()).isEmpty();
  }

  @Test
  void onlyAPreferredNilHintLetsAPreferredMergePassAListBy_spec1_4() {
    MergeInput nil = ResourceHints.noPreference().mergeInput();
    assertThat(nil.admitsPreferred(0b0101)).isTrue();
    assertThat(nil.preferredCandidates()).as("it names no candidate").isEmpty();

    MergeInput unsatisfiable = ResourceHints.unsatisfiable().mergeInput();
    assertThat(unsatisfiable.admitsPreferred(0b0101)).isFalse();
    assertThat(unsatisfiable.preferredCandidates()).hasValueSatisfying(masks -> assertThat(masks).isEmpty());
  }

  @Test
  void aNilHintStandsForEveryNodeAndMasksAreReadInsideTheMachine_spec1_4() {
    MergeInput list = ResourceHints.of(TopologyHint.any(false), hint(false, 0, 5), hint(false, 1, 2)).mergeInput();

    assertThat(list.covers(ALL)).containsExactly(ALL, 0b0001, 0b0110);
    assertThat(list.containing(0b0001, ALL)).containsExactly(ALL, 0b0001);
    assertThat(list.containing(0b0100, ALL)).containsExactly(ALL, 0b0110);
    assertThat(list.containing(0b1000, ALL)).containsExactly(ALL);
  }

  @Test
  void aListCountsItsNarrowestMaskAndNilHintsCountNothing_spec1_4() {
    SearchBudget budget = SearchBudget.unbounded();

    assertThat(ResourceHints.of(hint(false, 0, 1, 2), TopologyHint.any(true), hint(true, 1, 3)).mergeInput()
        .narrowestWidth(budget)).isEqualTo(2);
    assertThat(ResourceHints.noPreference().mergeInput().narrowestWidth(budget)).isZero();
    assertThat(ResourceHints.unsatisfiable().mergeInput().narrowestWidth(budget)).isZero();
  }

  @Test
  void aDescriptionAnswersFromItsExtrasAndItsThresholdPartWithoutBeingListed_adr0007() {
    MaskFamily family = pairsWithNode1(new long[] {0b0001});
    MergeInput described = ResourceHints.implicit(family).mergeInput();

    assertThat(described.description()).containsSame(family);
    assertThat(described.admitsPreferred(0b0001)).as("a preferred extra").isTrue();
    assertThat(described.admitsPreferred(0b0110)).as("a member of the threshold part, of two nodes").isFalse();
    assertThat(described.admitsPreferred(0b0100)).as("no member").isFalse();
    assertThat(described.preferredCandidates()).as("its preferred members are walked, not named").isEmpty();
    assertThat(described.covers(ALL)).as("its extras and its universe").containsExactly(0b0001, 0b1110);
    assertThat(described.containing(0b0001, ALL)).containsExactly(0b0001);
    assertThat(described.containing(0b0100, ALL)).as("extras only; the threshold part is asked apart").isEmpty();
    assertThat(family.hasThresholdMemberContaining(0b0100)).isTrue();
    assertThat(family.hasThresholdMemberContaining(0b0001)).as("outside the universe").isFalse();
    assertThat(described.narrowestWidth(SearchBudget.unbounded())).as("its extra").isEqualTo(1);
    assertThat(ResourceHints.implicit(pairsWithNode1(new long[0])).mergeInput().narrowestWidth(SearchBudget.unbounded()))
        .as("its threshold part's narrowest member").isEqualTo(2);
  }

  /**
   * On nodes 0 to 3: the masks inside {1,2,3} holding node 1 and two nodes or more, and the
   * {@code extras}; single nodes preferred.
   */
  private static MaskFamily pairsWithNode1(long[] extras) {
    long[] one = new long[4];
    Arrays.fill(one, 1);
    return MaskFamily.over(ALL).thresholdPart(0b1110, 0b0010, 1, new long[][] {one}, new long[] {2})
        .extras(extras).preferredWidth(1).description(() -> "pairs with node 1")
        .enumeration(() -> {
          throw new AssertionError("the merge never lists a description");
        }).build();
  }
}
