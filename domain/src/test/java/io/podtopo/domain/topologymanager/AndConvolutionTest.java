package io.podtopo.domain.topologymanager;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.topology.NumaMask;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** ADR 0006: the AND convolution finds exactly the ANDs of pairs, and the merge uses it on 16 nodes. */
class AndConvolutionTest {

  private static long[] pairwise(long[] left, long[] right) {
    TreeSet<Long> ands = new TreeSet<>();
    for (long a : left) {
      for (long b : right) {
        if ((a & b) != 0) {
          ands.add(a & b);
        }
      }
    }
    return ands.stream().mapToLong(Long::longValue).sorted().toArray();
  }

  private static long[] randomMasks(Random random, long nodes, int count) {
    long[] masks = new long[count];
    for (int i = 0; i < count; i++) {
      long mask;
      do {
        mask = random.nextLong() & random.nextLong() & nodes;
      } while (mask == 0);
      masks[i] = mask;
    }
    return HintMerger.sortedDistinct(masks, count);
  }

  @Test
  void theConvolutionFindsExactlyTheAndsOfPairsOnSparseAndDenseNodeIds() {
    Random random = new Random(9);
    // consecutive ids from 0 and from 40 (packed by a shift), gaps of one id (0 and 2: as many bits as 2^2 + 1), and
    // ids spread over the whole word
    long[] machines = {0xFFL, 0xFFFFL, 0b101L, 0b1011L, 0b110L, 0x8000_0000_0000_0001L | 0x0F0F_0000L, 0x3FFL << 40};
    for (long nodes : machines) {
      AndConvolution convolution = AndConvolution.of(nodes);
      for (int round = 0; round < 20; round++) {
        long[] left = randomMasks(random, nodes, 1 + random.nextInt(40));
        long[] right = randomMasks(random, nodes, 1 + random.nextInt(40));
        assertThat(convolution.distinctAnds(left, right)).as("nodes %x", nodes).containsExactlyInAnyOrder(pairwise(left, right));
      }
    }
  }

  @Test
  void withoutAPreferredMergeOn16NodesTheBestIsTheNarrowestAndOfTheWidestNarrowestCount() {
    List<Integer> nodes = IntStream.range(0, 16).boxed().toList();
    // cpu: every mask of at least 2 nodes but node 0 (none preferred); memory: every mask holding node 15
    List<TopologyHint> cpu = NumaMask.allCombinations(nodes).stream().filter(mask -> mask.count() >= 2 && !mask.isSet(0))
        .map(mask -> TopologyHint.of(mask, false)).toList();
    List<TopologyHint> memory = NumaMask.allCombinations(nodes).stream().filter(mask -> mask.isSet(15))
        .map(mask -> TopologyHint.of(mask, false)).toList();
    MergeDecision decision = TopologyPolicy.of(TopologyManagerPolicy.BEST_EFFORT, NumaInfo.of(nodes),
        new TopologyManagerOptions.Builder().maxAllowableNumaNodes(16).build())
        .merge(List.of(ProviderHints.of("cpu", ResourceHints.of(cpu)), ProviderHints.of("memory", ResourceHints.of(memory))));
    // B = max(2, 1) = 2; the narrowest AND of 2 nodes: cpu {1,2} AND memory {1,2,15}
    assertThat(decision.hint()).isEqualTo(TopologyHint.of(NumaMask.of(1, 2), false));
    assertThat(decision.admit()).isTrue();
  }
}
