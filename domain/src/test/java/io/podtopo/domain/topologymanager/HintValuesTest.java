package io.podtopo.domain.topologymanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.topology.NumaMask;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The hint values as callers compare and read them: rule TM-3's three answers (no preference, cannot
 * satisfy, a list) stay apart, a list is the same value however it is held (listed, packed, described
 * on up to 20 NUMA nodes), and every value reads as {@code --explain} prints it.
 */
class HintValuesTest {

  private static TopologyHint hint(boolean preferred, int... nodes) {
    return TopologyHint.of(NumaMask.of(nodes), preferred);
  }

  private static BitSet bits(int... set) {
    BitSet bits = new BitSet();
    for (int bit : set) {
      bits.set(bit);
    }
    return bits;
  }

  @Test
  void tm3_noPreferenceCannotSatisfyAndAListAreThreeDifferentAnswers() {
    ResourceHints nil = ResourceHints.noPreference();
    ResourceHints empty = ResourceHints.of(List.of());
    ResourceHints list = ResourceHints.of(hint(true, 0));

    assertThat(empty).isSameAs(ResourceHints.unsatisfiable());
    assertThat(nil.equals(empty)).isFalse();
    assertThat(empty.equals(nil)).isFalse();
    assertThat(nil.equals(list)).isFalse();
    assertThat(list.equals(empty)).isFalse();
    assertThat(nil.forMerge()).containsExactly(TopologyHint.any(true));
    assertThat(empty.forMerge()).containsExactly(TopologyHint.any(false));
    assertThat(nil.hashCode()).isNotEqualTo(ResourceHints.of(TopologyHint.any(true)).hashCode());
    assertThat(nil.equals(ResourceHints.of(TopologyHint.any(true)))).isFalse();
    assertThat(nil.equals("nil")).isFalse();
  }

  @Test
  void tm3_aPackedListIsTheListItHolds() {
    ResourceHints packed = ResourceHints.ofMasks(new long[] {0b01, 0b11}, bits(0));
    ResourceHints listed = ResourceHints.of(hint(true, 0), hint(false, 0, 1));

    assertThat(packed.equals(listed)).isTrue();
    assertThat(listed.equals(packed)).isTrue();
    assertThat(packed.hashCode()).isEqualTo(listed.hashCode());
    assertThat(packed.equals(ResourceHints.ofMasks(new long[] {0b01, 0b11}, bits(0)))).isTrue();
    assertThat(packed.equals(ResourceHints.ofMasks(new long[] {0b01, 0b11}, bits(0, 1)))).isFalse();
    assertThat(packed.equals(ResourceHints.ofMasks(new long[] {0b01, 0b10}, bits(0)))).isFalse();
    assertThat(packed.equals(ResourceHints.of(hint(true, 0), hint(true, 0, 1)))).isFalse();
    assertThat(ResourceHints.ofMasks(new long[0], bits())).isSameAs(ResourceHints.unsatisfiable());
  }

  @Test
  void tm3_aPackedListKeepsOnlyThePreferenceOfItsOwnMasks() {
    ResourceHints packed = ResourceHints.ofMasks(new long[] {0b01, 0b10}, bits(1, 2, 5));

    assertThat(packed.hints()).containsExactly(hint(false, 0), hint(true, 1));
    assertThat(packed.mergeList().preferred()).containsExactly(false, true);
  }

  @Test
  void adr0007_aDescribedListEqualsItsListingOnUpTo20NodesAndOnlyItselfBeyond() {
    MaskFamily small = family(2, () -> ResourceHints.of(hint(true, 0), hint(true, 1), hint(false, 0, 1)));
    ResourceHints described = ResourceHints.implicit(small);
    ResourceHints listed = ResourceHints.of(hint(true, 0), hint(true, 1), hint(false, 0, 1));
    assertThat(described.equals(listed)).isTrue();
    assertThat(listed.equals(described)).isTrue();
    assertThat(described.equals(ResourceHints.implicit(small))).isTrue();
    assertThat(described.equals(ResourceHints.of(hint(true, 0)))).isFalse();
    assertThat(described.hashCode()).isEqualTo(listed.hashCode());
    assertThat(listed.hashCode()).as("different lists hash apart").isNotEqualTo(ResourceHints.of(hint(true, 0)).hashCode());
    assertThat(described).hasToString("[{0 preferred}, {1 preferred}, {0,1 not preferred}]");

    MaskFamily wide = family(21, () -> {
      throw new AssertionError("a list on 21 NUMA nodes is never listed");
    });
    ResourceHints unlisted = ResourceHints.implicit(wide);
    assertThat(unlisted.isListable()).isFalse();
    assertThat(unlisted.equals(ResourceHints.implicit(wide))).isTrue();
    assertThat(unlisted.equals(ResourceHints.implicit(family(21, () -> listed)))).isFalse();
    assertThat(unlisted.equals(listed)).isFalse();
    assertThat(listed.equals(unlisted)).isFalse();
    assertThat(unlisted.hashCode()).isEqualTo(ResourceHints.implicit(wide).hashCode())
        .as("described lists that are not listed hash by their description's identity")
        .isEqualTo(System.identityHashCode(wide));
    assertThat(unlisted).hasToString("{every mask of one node or more}");
    assertThatThrownBy(unlisted::hints).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("on 21 NUMA nodes").hasMessageContaining("not listed");
  }

  @Test
  void adr0007_listsAreEnumeratedOnUpTo20NodesOnly() {
    ResourceHints one = ResourceHints.of(hint(true, 19));
    MaskFamily twenty = family(20, () -> one);
    assertThat(twenty.isMaterialisable()).isTrue();
    assertThat(twenty.materialised()).isSameAs(one);
    assertThat(ResourceHints.implicit(twenty).isListable()).isTrue();
    assertThat(ResourceHints.implicit(twenty).size()).isEqualTo(1);

    MaskFamily twentyOne = family(21, () -> one);
    assertThat(twentyOne.isMaterialisable()).isFalse();
    assertThatThrownBy(twentyOne::materialised).isInstanceOf(IllegalStateException.class)
        .hasMessage("a hint list on 21 NUMA nodes has up to 2^21 masks and is not listed (more than 20 nodes):"
            + " every mask of one node or more");
  }

  @Test
  void providerAnswersAreEqualWhenTheirResourcesAre() {
    ProviderHints cpu = ProviderHints.of("cpu", hint(true, 0));

    assertThat(cpu.equals(ProviderHints.of("cpu", hint(true, 0)))).isTrue();
    assertThat(cpu.hashCode()).isEqualTo(ProviderHints.of("cpu", hint(true, 0)).hashCode());
    assertThat(cpu.equals(ProviderHints.of("cpu", hint(false, 0)))).isFalse();
    assertThat(cpu.equals(ProviderHints.of("memory", hint(true, 0)))).isFalse();
    assertThat(cpu.equals(cpu.resources())).isFalse();
    assertThat(cpu.hashCode()).as("different answers hash apart")
        .isNotEqualTo(ProviderHints.of("memory", hint(true, 0)).hashCode());
    assertThat(ProviderHints.noPreference().equals(ProviderHints.of(Map.of()))).isTrue();
  }

  @Test
  void hintsReadAsTheExplanationPrintsThem() {
    assertThat(hint(true, 0)).hasToString("{0 preferred}");
    assertThat(hint(false, 0, 1, 12)).hasToString("{0,1,12 not preferred}");
    assertThat(TopologyHint.any(true)).hasToString("{any preferred}");
    assertThat(TopologyHint.any(false)).hasToString("{any not preferred}");
    assertThat(ResourceHints.noPreference()).hasToString("nil");
    assertThat(ResourceHints.unsatisfiable()).hasToString("[]");
    assertThat(ProviderHints.of("cpu", hint(true, 1))).hasToString("{cpu=[{1 preferred}]}");
    assertThat(AdmissionFailure.topologyAffinity())
        .hasToString("TopologyAffinityError: Resources cannot be allocated with Topology locality");
  }

  /** Every mask of the {@code nodes} first NUMA nodes, the single nodes preferred. */
  private static MaskFamily family(int nodes, java.util.function.Supplier<ResourceHints> enumeration) {
    return MaskFamily.over((1L << nodes) - 1).preferredWidth(1).description(() -> "every mask of one node or more")
        .enumeration(enumeration).build();
  }
}
