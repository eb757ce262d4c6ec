package io.podtopo.domain.topologymanager;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.topology.NumaMask;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * ADR 0007 on families of every shape, not only the ones the CPU Manager builds: random
 * {@link MaskFamily} descriptions (one to three dimensions of weights, required nodes, a universe
 * smaller than the machine, a minimum size, extras, a preferred width that need not be the narrowest,
 * a socket preference, none preferred by width, sparse node ids, up to eight nodes) are checked
 * against the rule written out here mask by mask,
 * and merged by {@link ImplicitMerge} exactly as the listing merge ({@link HintMerger}) merges their
 * brute-force lists, alone, beside other descriptions and beside listed lists, under every merging
 * policy with and without {@code prefer-closest-numa-nodes}. The families the memory manager builds
 * (two dimensions per type, minimum size 2, extras) are among these shapes.
 */
class MaskFamilySweepTest {

  private static final List<TopologyManagerPolicy> MERGING = List.of(TopologyManagerPolicy.BEST_EFFORT,
      TopologyManagerPolicy.RESTRICTED, TopologyManagerPolicy.SINGLE_NUMA_NODE);
  /** Random merges compared; 8,000 reach the rare backtracking of the assignment search of step 2. */
  private static final int MERGE_SEEDS = 8_000;

  /** A family together with the rule it was built from, evaluated here without {@link MaskFamily}. */
  private record Described(MaskFamily family, long nodes, long universe, long required, int minSize, long[][] weights,
      long[] thresholds, long[] extras, int preferredWidth, long[] socketsOfNode, int minSockets) {

    boolean member(long mask) {
      if (mask == 0 || (mask & ~nodes) != 0) {
        return false;
      }
      for (long extra : extras) {
        if (extra == mask) {
          return true;
        }
      }
      if ((mask & ~universe) != 0 || (required & ~mask) != 0 || Long.bitCount(mask) < Math.max(1, minSize)) {
        return false;
      }
      for (int d = 0; d < thresholds.length; d++) {
        long sum = 0;
        for (int node = 0; node < 64; node++) {
          if ((mask & (1L << node)) != 0) {
            sum += weights[d][node];
          }
        }
        if (sum < thresholds[d]) {
          return false;
        }
      }
      return true;
    }

    boolean preferred(long mask) {
      if (Long.bitCount(mask) == preferredWidth) {
        return true;
      }
      if (socketsOfNode == null || minSockets == 0) {
        return false;
      }
      long sockets = 0;
      for (int node = 0; node < 64; node++) {
        if ((mask & (1L << node)) != 0) {
          sockets |= socketsOfNode[node];
        }
      }
      return Long.bitCount(sockets) == minSockets;
    }

    /** Every member, narrowest first, then by value. */
    List<Long> members() {
      List<Long> members = new ArrayList<>();
      for (int width = 1; width <= Long.bitCount(nodes); width++) {
        for (long mask : subsetsOf(nodes)) {
          if (Long.bitCount(mask) == width && member(mask)) {
            members.add(mask);
          }
        }
      }
      return members;
    }

    ResourceHints listed() {
      List<TopologyHint> hints = new ArrayList<>();
      for (long mask : members()) {
        hints.add(TopologyHint.of(NumaMask.fromBits(mask), preferred(mask)));
      }
      return ResourceHints.of(hints);
    }
  }

  @Test
  void randomFamiliesHoldExactlyTheMasksTheirRuleDescribes_adr0007() {
    int checked = 0;
    int empty = 0;
    for (int seed = 0; seed < 3_000; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      long nodes = machineNodes(random);
      Described described = describe(nodes, random);
      MaskFamily family = described.family();
      assertThat(family.nodes()).isEqualTo(nodes);
      assertThat(family.nodeCount()).isEqualTo(Long.bitCount(nodes));
      for (long mask : subsetsOf(nodes)) {
        assertThat(family.contains(mask)).as("seed %d, mask %s: %s", seed, Long.toBinaryString(mask), described)
            .isEqualTo(described.member(mask));
        if (described.member(mask)) {
          assertThat(family.isPreferred(mask)).as("seed %d, preferred %s", seed, Long.toBinaryString(mask))
              .isEqualTo(described.preferred(mask));
        }
        checked++;
      }
      assertThat(family.contains(0)).isFalse();
      long outside = ~nodes & (1L << 63 | 1L << 40);
      assertThat(family.contains(nodes | outside)).as("a mask with a node the machine lacks").isFalse();
      assertThat(family.isEmpty()).as("seed %d, empty", seed).isEqualTo(described.members().isEmpty());
      assertThat(ResourceHints.implicit(family).isUnsatisfiable()).isEqualTo(described.members().isEmpty());
      if (described.members().isEmpty()) {
        empty++;
      }
    }
    assertThat(checked).isGreaterThan(50_000);
    assertThat(empty).as("empty families among them").isBetween(100, 1_500);
  }

  @Test
  void bestIsTheNarrowestPreferredMemberContainingTheNodesElseTheNarrowestMember_adr0007() {
    int found = 0;
    int fromNonPreferred = 0;
    for (int seed = 0; seed < 3_000; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      long nodes = machineNodes(random);
      Described described = describe(nodes, random);
      List<Long> members = described.members();
      for (long containing : subsetsOfWithEmpty(nodes)) {
        OptionalLong expected = expectedBest(described, members, containing);
        assertThat(described.family().best(containing)).as("seed %d, containing %s: %s", seed,
            Long.toBinaryString(containing), described).isEqualTo(expected);
        if (expected.isPresent()) {
          found++;
          if (!described.preferred(expected.getAsLong())) {
            fromNonPreferred++;
          }
        }
      }
    }
    assertThat(found).isGreaterThan(20_000);
    assertThat(fromNonPreferred).as("answers with no preferred member containing the nodes").isGreaterThan(1_000);
  }

  @Test
  void fewestNodesMeetingIsTheSmallestWidthReachingEveryThreshold_adr0007() {
    int reached = 0;
    for (int seed = 0; seed < 3_000; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      long allowed = machineNodes(random) & random.nextLong();
      int dimensions = 1 + random.nextInt(3);
      long[][] weights = weights(dimensions, random);
      long[] thresholds = new long[dimensions];
      for (int d = 0; d < dimensions; d++) {
        thresholds[d] = random.nextInt(12);
      }
      int expected = 0;
      for (long mask : subsetsOf(allowed)) {
        boolean meets = true;
        for (int d = 0; d < dimensions; d++) {
          long sum = 0;
          for (int node = 0; node < 64; node++) {
            if ((mask & (1L << node)) != 0) {
              sum += weights[d][node];
            }
          }
          meets &= sum >= thresholds[d];
        }
        if (meets && (expected == 0 || Long.bitCount(mask) < expected)) {
          expected = Long.bitCount(mask);
        }
      }
      assertThat(MaskFamily.fewestNodesMeeting(allowed, weights, thresholds)).as("seed %d", seed).isEqualTo(expected);
      if (expected > 1) {
        reached++;
      }
    }
    assertThat(reached).as("answers of two nodes or more").isGreaterThan(200);
  }

  @Test
  void describedListsMergeAsTheirBruteForceListsUnderEveryMergingPolicy_adr0007() {
    int merges = 0;
    int preferredAnswers = 0;
    int nonPreferredAnswers = 0;
    for (int seed = 0; seed < MERGE_SEEDS; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      long nodes = machineNodes(random);
      List<Integer> ids = idsOf(nodes);
      NumaInfo numaInfo = NumaInfo.of(ids, distances(ids, random));
      List<ProviderHints> described = new ArrayList<>();
      List<ProviderHints> listed = new ArrayList<>();
      int families = 1 + random.nextInt(4);
      for (int i = 0; i < families; i++) {
        Described family = describe(nodes, random);
        described.add(ProviderHints.of("r" + i, ResourceHints.implicit(family.family())));
        listed.add(ProviderHints.of("r" + i, family.listed()));
      }
      if (random.nextInt(3) == 0) {
        ResourceHints other = listedList(nodes, random);
        int at = random.nextInt(described.size() + 1);
        described.add(at, ProviderHints.of("device", other));
        listed.add(at, ProviderHints.of("device", other));
      }
      for (TopologyManagerPolicy policy : MERGING) {
        for (boolean closest : new boolean[] {false, true}) {
          TopologyPolicy merging = TopologyPolicy.of(policy, numaInfo,
              new TopologyManagerOptions.Builder().preferClosestNumaNodes(closest).build());
          MergeDecision expected = merging.withImplicitHintsAbove(64).merge(listed);
          assertThat(merging.withImplicitHintsAbove(0).merge(described))
              .as("seed %d, %s, prefer-closest %s: %s", seed, policy, closest, listed).isEqualTo(expected);
          merges++;
          if (expected.hint().preferred() && expected.hint().affinity().isPresent()) {
            preferredAnswers++;
          } else if (expected.hint().affinity().isPresent()) {
            nonPreferredAnswers++;
          }
        }
      }
    }
    assertThat(merges).isEqualTo(MERGE_SEEDS * 6);
    assertThat(preferredAnswers).as("preferred merged hints").isGreaterThan(2_000);
    assertThat(nonPreferredAnswers).as("non-preferred merged hints").isGreaterThan(2_000);
  }

  // The oracle's pieces ----------------------------------------------------------------------------

  private static OptionalLong expectedBest(Described described, List<Long> members, long containing) {
    for (boolean preferredOnly : new boolean[] {true, false}) {
      for (long member : members) {
        if ((member & containing) == containing && (!preferredOnly || described.preferred(member))) {
          return OptionalLong.of(member);
        }
      }
    }
    return OptionalLong.empty();
  }

  /** One to eight NUMA nodes, now and then with sparse ids. */
  private static long machineNodes(SplittableRandom random) {
    int count = 1 + random.nextInt(8);
    if (random.nextInt(4) == 0) {
      long nodes = 0;
      while (Long.bitCount(nodes) < count) {
        nodes |= 1L << random.nextInt(9);
      }
      return nodes;
    }
    return (1L << count) - 1;
  }

  private static Described describe(long nodes, SplittableRandom random) {
    int dimensions = random.nextInt(4);
    long[][] weights = weights(dimensions, random);
    long universe = random.nextInt(3) == 0 ? nodes & random.nextLong() : nodes;
    long required = random.nextInt(3) == 0 ? universe & random.nextLong() & random.nextLong() : 0;
    int minSize = random.nextInt(3) == 0 ? random.nextInt(4) : 1;
    long[] thresholds = new long[dimensions];
    for (int d = 0; d < dimensions; d++) {
      long total = 0;
      for (int node : idsOf(universe)) {
        total += weights[d][node];
      }
      thresholds[d] = random.nextLong(total + 2);
    }
    long[] extras = new long[random.nextInt(3) == 0 ? 1 + random.nextInt(3) : 0];
    for (int i = 0; i < extras.length; i++) {
      extras[i] = random.nextInt(5) == 0 ? 0 : nodes & random.nextLong();
    }
    int preferredWidth = random.nextInt(Long.bitCount(nodes) + 1);
    long[] socketsOfNode = null;
    int minSockets = 0;
    MaskFamily.Builder builder = MaskFamily.over(nodes)
        .thresholdPart(universe, required, minSize, weights, thresholds)
        .extras(extras)
        .preferredWidth(preferredWidth);
    if (random.nextInt(4) == 0) {
      int sockets = 1 + random.nextInt(2);
      socketsOfNode = new long[64];
      for (int node = 0; node < 64; node++) {
        socketsOfNode[node] = 1L << (node * sockets / 9);
      }
      minSockets = 1 + random.nextInt(sockets);
      builder = builder.socketPreference(socketsOfNode, minSockets);
    }
    long[] kept = java.util.Arrays.stream(extras).filter(mask -> mask != 0).toArray();
    Described[] self = new Described[1];
    MaskFamily family = builder.enumeration(() -> self[0].listed()).description(() -> "a random family").build();
    self[0] = new Described(family, nodes, universe & nodes, required, minSize, weights, thresholds, kept,
        preferredWidth, socketsOfNode, minSockets);
    return self[0];
  }

  private static long[][] weights(int dimensions, SplittableRandom random) {
    long[][] weights = new long[dimensions][64];
    for (int d = 0; d < dimensions; d++) {
      for (int node = 0; node < 64; node++) {
        weights[d][node] = random.nextInt(5);
      }
    }
    return weights;
  }

  /** A device plugin's list: a nil or no-preference answer now and then, else one to four hints. */
  private static ResourceHints listedList(long nodes, SplittableRandom random) {
    switch (random.nextInt(8)) {
      case 0:
        return ResourceHints.noPreference();
      case 1:
        return ResourceHints.unsatisfiable();
      default:
        List<TopologyHint> hints = new ArrayList<>();
        int count = 1 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
          long bits = nodes & random.nextLong();
          boolean preferred = random.nextBoolean();
          hints.add(bits == 0 ? TopologyHint.any(preferred) : TopologyHint.of(NumaMask.fromBits(bits), preferred));
        }
        return ResourceHints.of(hints);
    }
  }

  /** Distances that make some pairs closer than others: 10 to itself, else 11 to 30. */
  private static Map<Integer, List<Long>> distances(List<Integer> ids, SplittableRandom random) {
    long[][] matrix = new long[ids.size()][ids.size()];
    for (int a = 0; a < ids.size(); a++) {
      matrix[a][a] = 10;
      for (int b = a + 1; b < ids.size(); b++) {
        matrix[a][b] = 11 + random.nextInt(20);
        matrix[b][a] = matrix[a][b];
      }
    }
    Map<Integer, List<Long>> rows = new TreeMap<>();
    for (int a = 0; a < ids.size(); a++) {
      List<Long> row = new ArrayList<>();
      for (long distance : matrix[a]) {
        row.add(distance);
      }
      rows.put(ids.get(a), row);
    }
    return rows;
  }

  private static List<Integer> idsOf(long nodes) {
    List<Integer> ids = new ArrayList<>();
    for (int node = 0; node < 64; node++) {
      if ((nodes & (1L << node)) != 0) {
        ids.add(node);
      }
    }
    return ids;
  }

  /** The non-empty subsets of {@code nodes}, in increasing value. */
  private static List<Long> subsetsOf(long nodes) {
    List<Long> subsets = subsetsOfWithEmpty(nodes);
    subsets.remove(0);
    return subsets;
  }

  private static List<Long> subsetsOfWithEmpty(long nodes) {
    List<Long> subsets = new ArrayList<>();
    long subset = 0;
    do {
      subsets.add(subset);
      subset = (subset - nodes) & nodes;
    } while (subset != 0);
    subsets.sort(Long::compareUnsigned);
    return subsets;
  }
}
