package io.podtopo.domain.topologymanager;

import java.util.Arrays;
import java.util.function.LongPredicate;

/**
 * A walk over the {@code w}-node masks {@code X} with {@code required ⊆ X ⊆ allowed} whose
 * additive weights meet thresholds ({@code Σ_{n∈X} weights[d][n] ≥ thresholds[d]} for every
 * dimension {@code d}), in increasing unsigned value, without visiting the masks that fail.
 *
 * <p>The walk picks the mask's nodes from the highest down: the highest node in ascending order,
 * then the next below it, and so on, which is the increasing order of the masks' values. A partial
 * pick is abandoned when, for some dimension, its weight plus the largest weights it could still
 * add stays below the threshold, when it skips a required node or leaves more required nodes than
 * picks, or when {@code partial} (a property every subset-closed family of the masks keeps) rejects
 * it. The bound is an upper bound of every completion, so no mask meeting the thresholds is ever
 * skipped; and it is met by the last pick itself (nothing is left to add), as the required nodes
 * are, so every mask reached is visited without a second check: the walk is exact. With
 * one dimension and no required node it never backtracks past a feasible bound (the bound is then
 * achieved); with several, it may, within its {@link SearchBudget}.
 */
final class MaskSearch {

  /** What a visit does with a mask: true stops the walk. */
  @FunctionalInterface
  interface Visitor {
    boolean visit(long mask);
  }

  private final int[] order;
  private final long[] below;
  private final long required;
  private final long[][] weights;
  private final long[] thresholds;
  private final LongPredicate partial;
  private final SearchBudget budget;
  /** top[d][i][j]: the sum of the j largest weights of dimension d among order[0..i-1] (i below the node count). */
  private final long[][][] top;
  /** sums[k]: the weights of the first k nodes picked, per dimension (sums[0] stays zero). */
  private final long[][] sums;

  MaskSearch(long allowed, long required, long[][] weights, long[] thresholds, LongPredicate partial,
      SearchBudget budget) {
    this.order = nodesOf(allowed);
    this.required = required;
    this.weights = weights;
    this.thresholds = thresholds;
    this.partial = partial;
    this.budget = budget;
    this.below = new long[order.length + 1];
    for (int i = 0; i < order.length; i++) {
      below[i + 1] = below[i] | (1L << order[i]);
    }
    this.top = new long[weights.length][][];
    for (int d = 0; d < weights.length; d++) {
      top[d] = new long[order.length][];
      for (int i = 0; i < order.length; i++) {
        long[] values = new long[i];
        for (int k = 0; k < i; k++) {
          values[k] = weights[d][order[k]];
        }
        Arrays.sort(values);
        long[] prefix = new long[i + 1];
        for (int j = 1; j <= i; j++) {
          prefix[j] = prefix[j - 1] + values[i - j];
        }
        top[d][i] = prefix;
      }
    }
    this.sums = new long[order.length + 2][weights.length];
  }

  static int[] nodesOf(long mask) {
    int[] nodes = new int[Long.bitCount(mask)];
    int next = 0;
    for (long rest = mask; rest != 0; rest &= rest - 1) {
      nodes[next++] = Long.numberOfTrailingZeros(rest);
    }
    return nodes;
  }

  /**
   * Visits the masks of {@code width} nodes in increasing unsigned value until the visitor says
   * stop; true when it did.
   */
  boolean walk(int width, Visitor visitor) {
    if (width <= 0 || width > order.length || (required & ~below[order.length]) != 0
        || Long.bitCount(required) > width) {
      return false;
    }
    return choose(order.length, width, 0L, 0, visitor);
  }

  /** The first mask of {@code width} nodes in increasing unsigned value, or 0 when there is none. */
  long first(int width) {
    long[] found = {0};
    walk(width, mask -> {
      found[0] = mask;
      return true;
    });
    return found[0];
  }

  private boolean choose(int limit, int left, long chosen, int depth, Visitor visitor) {
    budget.tick();
    if (left == 0) {
      return visitor.visit(chosen);
    }
    long[] current = sums[depth];
    long requiredBelow = required & below[limit];
    int start = left - 1;
    if (requiredBelow != 0) {
      int highest = 63 - Long.numberOfLeadingZeros(requiredBelow);
      start = Math.max(start, Arrays.binarySearch(order, 0, limit, highest));
    }
    long[] next = sums[depth + 1];
    for (int i = start; i < limit; i++) {
      if (Long.bitCount(required & below[i]) > left - 1) {
        break;
      }
      int node = order[i];
      long mask = chosen | (1L << node);
      if (partial != null && !partial.test(mask)) {
        continue;
      }
      boolean reachable = true;
      for (int d = 0; d < thresholds.length && reachable; d++) {
        next[d] = current[d] + weights[d][node];
        reachable = next[d] + top[d][i][left - 1] >= thresholds[d];
      }
      if (reachable && choose(i, left - 1, mask, depth + 1, visitor)) {
        return true;
      }
    }
    return false;
  }
}
