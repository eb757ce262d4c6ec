package io.podtopo.domain.topologymanager;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Upstream's loop shared by the CPU and Device Managers (rules DEV-1 and the CPU hints of spec §2.6):
 * the narrowest width, the fitting masks in {@code IterateBitMasks} order, the preferred ones.
 */
class FittingMasksTest {

  @Test
  void dev1_theNarrowestWidthTakesTheLargestCapacitiesFirstAndIsZeroWhenAllTogetherFallShort() {
    assertThat(FittingMasks.fewestHolding(LongStream.of(2, 8, 4), 9)).isEqualTo(2);
    assertThat(FittingMasks.fewestHolding(LongStream.of(2, 8, 4), 8)).isEqualTo(1);
    assertThat(FittingMasks.fewestHolding(LongStream.of(2, 8, 4), 14)).isEqualTo(3);
    assertThat(FittingMasks.fewestHolding(LongStream.of(2, 8, 4), 15)).isZero();
  }

  /** Upstream's minAffinity: the same width, but all nodes where the request is beyond them all. */
  @Test
  void dev1_minAffinityIsTheNarrowestWidthOrAllNodes() {
    assertThat(FittingMasks.minAffinity(new long[] {2, 8, 4}, 9)).isEqualTo(2);
    assertThat(FittingMasks.minAffinity(new long[] {2, 8, 4}, 15)).isEqualTo(3);
  }

  @Test
  void dev1_masksHoldTheRequiredNodesAndEnoughFreeAndTheNarrowestArePreferred() {
    long[] capacity = {4, 4, 4};
    long[] free = {1, 4, 3};
    FittingMasks fitting = FittingMasks.walk(List.of(0, 1, 2), capacity, free, 0b001, 0, 4);

    assertThat(fitting.narrowestWidth()).isEqualTo(1);
    ResourceHints hints = fitting.hints(mask -> false);
    assertThat(hints.hints()).extracting(hint -> hint.affinity().orElseThrow().bits() + (hint.preferred() ? "p" : ""))
        .containsExactly("3", "5", "7");
    assertThat(fitting.hints(mask -> mask == 0b011).hints())
        .filteredOn(TopologyHint::preferred).extracting(hint -> hint.affinity().orElseThrow().bits())
        .containsExactly(3L);
  }
}
