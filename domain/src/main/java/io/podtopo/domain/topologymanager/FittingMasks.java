package io.podtopo.domain.topologymanager;

import io.podtopo.domain.topology.NumaMask;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.LongPredicate;
import java.util.stream.LongStream;

/**
 * The loop upstream's CPU and Device Managers share ({@code generateCPUTopologyHints},
 * {@code generateDeviceTopologyHints}): over every mask of the NUMA nodes, in
 * {@code IterateBitMasks} order, the narrowest width whose capacity reaches the request, and the
 * masks that hold the required nodes and whose free amount plus the reusable one reaches it.
 */
public final class FittingMasks {

  private final long[] masks;
  private final int narrowestWidth;

  private FittingMasks(long[] masks, int narrowestWidth) {
    this.masks = masks;
    this.narrowestWidth = narrowestWidth;
  }

  /**
   * Walks the masks of {@code nodes}; {@code capacity} and {@code free} are indexed by node id,
   * {@code requiredNodes} are the bits every fitting mask must hold. The narrowest width is
   * {@link #minAffinity} of the nodes' capacities: the fewest nodes reaching the request, the
   * smallest of upstream's masks whose capacity does.
   */
  public static FittingMasks walk(List<Integer> nodes, long[] capacity, long[] free, long requiredNodes,
      long reusable, long request) {
    long[][] fitting = {new long[64]};
    int[] count = {0};
    NumaMask.forEachCombinationBits(nodes, mask -> {
      long freeInMask = 0;
      for (long rest = mask; rest != 0; rest &= rest - 1) {
        freeInMask += free[Long.numberOfTrailingZeros(rest)];
      }
      if ((requiredNodes & ~mask) == 0 && reusable + freeInMask >= request) {
        if (count[0] == fitting[0].length) {
          fitting[0] = Arrays.copyOf(fitting[0], count[0] * 2);
        }
        fitting[0][count[0]++] = mask;
      }
    });
    return new FittingMasks(Arrays.copyOf(fitting[0], count[0]),
        minAffinity(nodes.stream().mapToLong(node -> capacity[node]).toArray(), request));
  }

  /**
   * The fewest of {@code capacities} whose sum reaches {@code request}, the largest taken first (the
   * narrowest width any mask could ever have); 0 when all of them together do not.
   */
  public static int fewestHolding(LongStream capacities, long request) {
    long[] largestFirst = capacities.sorted().toArray();
    long sum = 0;
    for (int taken = 1; taken <= largestFirst.length; taken++) {
      sum += largestFirst[largestFirst.length - taken];
      if (sum >= request) {
        return taken;
      }
    }
    return 0;
  }

  /**
   * Upstream's {@code minAffinity} from the nodes' capacities: {@link #fewestHolding}, or all of the
   * nodes when not even all of them hold the request.
   */
  public static int minAffinity(long[] capacities, long request) {
    int fewest = fewestHolding(Arrays.stream(capacities), request);
    return fewest == 0 ? capacities.length : fewest;
  }

  /** The fewest nodes whose capacity reaches the request ({@code minAffinity} upstream); all nodes when none do. */
  public int narrowestWidth() {
    return narrowestWidth;
  }

  /** Every fitting mask, preferred when it is as narrow as {@link #narrowestWidth} or {@code alsoPreferred} holds. */
  public ResourceHints hints(LongPredicate alsoPreferred) {
    BitSet preferred = new BitSet(masks.length);
    for (int i = 0; i < masks.length; i++) {
      if (alsoPreferred.test(masks[i]) || Long.bitCount(masks[i]) == narrowestWidth) {
        preferred.set(i);
      }
    }
    return ResourceHints.ofMasks(masks.clone(), preferred);
  }
}
