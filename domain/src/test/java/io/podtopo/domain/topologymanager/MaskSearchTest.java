package io.podtopo.domain.topologymanager;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

/**
 * ADR 0007's walk ({@link MaskSearch}), against every mask written out: the masks of a width between
 * the required and the allowed nodes whose weights meet every threshold and that a subset-closed
 * property keeps, each exactly once, in increasing value (the order the merge's tie-break relies on),
 * until the visitor says stop.
 */
class MaskSearchTest {

  @Test
  void theWalkVisitsExactlyTheMasksMeetingEveryRuleInIncreasingValue_adr0007() {
    int visited = 0;
    int withRequired = 0;
    for (int seed = 0; seed < 4_000; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      Instance instance = Instance.random(random);
      MaskSearch search = instance.search();
      for (int width = -1; width <= Long.bitCount(instance.allowed) + 1; width++) {
        List<Long> walked = new ArrayList<>();
        boolean stopped = search.walk(width, mask -> {
          walked.add(mask);
          return false;
        });
        assertThat(walked).as("seed %d, width %d: %s", seed, width, instance).isEqualTo(instance.expected(width));
        assertThat(stopped).as("a walk nobody stopped").isFalse();
        visited += walked.size();
        if (instance.required != 0) {
          withRequired += walked.size();
        }
      }
    }
    assertThat(visited).isGreaterThan(20_000);
    assertThat(withRequired).as("masks visited with required nodes").isGreaterThan(2_000);
  }

  @Test
  void aVisitorThatSaysStopEndsTheWalkAndFirstIsTheSmallestMask_adr0007() {
    int stops = 0;
    for (int seed = 0; seed < 2_000; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      Instance instance = Instance.random(random);
      MaskSearch search = instance.search();
      for (int width = 1; width <= Long.bitCount(instance.allowed); width++) {
        List<Long> expected = instance.expected(width);
        assertThat(search.first(width)).as("seed %d, width %d", seed, width)
            .isEqualTo(expected.isEmpty() ? 0L : expected.get(0));
        if (expected.size() < 2) {
          continue;
        }
        long second = expected.get(1);
        List<Long> walked = new ArrayList<>();
        boolean stopped = search.walk(width, mask -> {
          walked.add(mask);
          return mask == second;
        });
        assertThat(stopped).isTrue();
        assertThat(walked).containsExactly(expected.get(0), second);
        stops++;
      }
    }
    assertThat(stops).isGreaterThan(1_000);
  }

  @Test
  void aWidthOfNoNodesVisitsNothingEvenWhereTheEmptyMaskWouldMeetEveryRule_adr0007() {
    MaskSearch search = new MaskSearch(0b111, 0, new long[][] {{0, 0, 0}}, new long[] {0}, null,
        SearchBudget.unbounded());
    List<Long> walked = new ArrayList<>();

    assertThat(search.walk(0, mask -> walked.add(mask))).isFalse();
    assertThat(search.first(0)).isZero();
    assertThat(walked).isEmpty();
  }

  @Test
  void requiredNodesOutsideTheAllowedOnesLeaveNothingToVisit_adr0007() {
    MaskSearch search = new MaskSearch(0b011, 0b100, new long[0][], new long[0], null, SearchBudget.unbounded());

    for (int width = 1; width <= 3; width++) {
      assertThat(search.first(width)).as("width %d", width).isZero();
    }
  }

  /** One walk's rules, with the masks it must visit computed here, subset by subset. */
  private record Instance(long allowed, long required, long[][] weights, long[] thresholds, long forbidden) {

    static Instance random(SplittableRandom random) {
      long allowed = 0;
      int nodes = 1 + random.nextInt(7);
      while (Long.bitCount(allowed) < nodes) {
        allowed |= 1L << random.nextInt(10);
      }
      long required = random.nextInt(3) == 0 ? allowed & random.nextLong() & random.nextLong() : 0;
      int dimensions = random.nextInt(4);
      long[][] weights = new long[dimensions][64];
      long[] thresholds = new long[dimensions];
      for (int d = 0; d < dimensions; d++) {
        long total = 0;
        for (int node = 0; node < 64; node++) {
          weights[d][node] = random.nextInt(5);
          total += (allowed & (1L << node)) != 0 ? weights[d][node] : 0;
        }
        thresholds[d] = random.nextLong(total + 2);
      }
      long forbidden = random.nextInt(4) == 0 ? allowed & random.nextLong() & random.nextLong() & random.nextLong() : 0;
      return new Instance(allowed, required, weights, thresholds, forbidden);
    }

    /** The partial-pick property: no two forbidden nodes together (closed under subsets). */
    LongPredicate partial() {
      return forbidden == 0 ? null : mask -> Long.bitCount(mask & forbidden) < 2;
    }

    MaskSearch search() {
      return new MaskSearch(allowed, required, weights, thresholds, partial(), SearchBudget.unbounded());
    }

    List<Long> expected(int width) {
      List<Long> masks = new ArrayList<>();
      for (long mask = 1; mask < 1L << 10; mask++) {
        if ((mask & ~allowed) != 0 || (required & ~mask) != 0 || Long.bitCount(mask) != width
            || (forbidden != 0 && Long.bitCount(mask & forbidden) >= 2)) {
          continue;
        }
        boolean meets = true;
        for (int d = 0; d < thresholds.length; d++) {
          long sum = 0;
          for (int node = 0; node < 64; node++) {
            sum += (mask & (1L << node)) != 0 ? weights[d][node] : 0;
          }
          meets &= sum >= thresholds[d];
        }
        if (meets) {
          masks.add(mask);
        }
      }
      return masks;
    }

    @Override
    public String toString() {
      return "allowed " + Long.toBinaryString(allowed) + ", required " + Long.toBinaryString(required) + ", "
          + thresholds.length + " thresholds " + java.util.Arrays.toString(thresholds) + ", forbidden pairs of "
          + Long.toBinaryString(forbidden);
    }
  }
}
