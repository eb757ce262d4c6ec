package io.podtopo.domain.topology;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * A set of NUMA node ids 0..63, the upstream Topology Manager {@code BitMask}.
 *
 * <p>Ordering follows upstream exactly: a mask is <em>narrower</em> than another when it has
 * fewer nodes, and among masks with as many nodes the numerically smaller one (as an unsigned
 * 64-bit number) is narrower: {1,2} = 0b110 is narrower than {0,3} = 0b1001. {@link #NARROWEST_FIRST}
 * is that total order.
 */
public final class NumaMask {

  /** Highest NUMA node id a mask can hold. */
  public static final int MAX_NODE_ID = 63;

  /** Narrower masks first; a total order over all masks, consistent with {@link #isNarrowerThan}. */
  public static final Comparator<NumaMask> NARROWEST_FIRST =
      Comparator.comparingInt(NumaMask::count).thenComparing((a, b) -> Long.compareUnsigned(a.bits, b.bits));

  private static final NumaMask EMPTY = new NumaMask(0L);

  private final long bits;

  private NumaMask(long bits) {
    this.bits = bits;
  }

  /** The mask with the given nodes. @throws IllegalArgumentException for a node outside 0..63 */
  public static NumaMask of(int... nodes) {
    long bits = 0;
    for (int node : nodes) {
      bits |= bit(node);
    }
    return new NumaMask(bits);
  }

  /** The mask with the given nodes. @throws IllegalArgumentException for a node outside 0..63 */
  public static NumaMask of(Collection<Integer> nodes) {
    long bits = 0;
    for (int node : nodes) {
      bits |= bit(node);
    }
    return new NumaMask(bits);
  }

  /** The mask whose bit i stands for node i. */
  public static NumaMask fromBits(long bits) {
    return bits == 0 ? EMPTY : new NumaMask(bits);
  }

  /** The empty mask (no node). */
  public static NumaMask empty() {
    return EMPTY;
  }

  private static long bit(int node) {
    if (node < 0 || node > MAX_NODE_ID) {
      throw new IllegalArgumentException("NUMA node id " + node + " is outside 0.." + MAX_NODE_ID);
    }
    return 1L << node;
  }

  /** The raw bits: bit i set iff node i is in the mask. */
  public long bits() {
    return bits;
  }

  /** Number of nodes. */
  public int count() {
    return Long.bitCount(bits);
  }

  public boolean isEmpty() {
    return bits == 0;
  }

  /** Whether {@code node} is in the mask; false for ids outside 0..63. */
  public boolean isSet(int node) {
    return node >= 0 && node <= MAX_NODE_ID && (bits & (1L << node)) != 0;
  }

  /** The node ids, ascending. */
  public List<Integer> nodes() {
    List<Integer> nodes = new ArrayList<>(count());
    for (long rest = bits; rest != 0; rest &= rest - 1) {
      nodes.add(Long.numberOfTrailingZeros(rest));
    }
    return nodes;
  }

  /** Nodes in both masks. */
  public NumaMask and(NumaMask other) {
    return fromBits(bits & other.bits);
  }

  /** Nodes in either mask. */
  public NumaMask or(NumaMask other) {
    return fromBits(bits | other.bits);
  }

  /** Whether every node of this mask is in {@code other}. */
  public boolean isSubsetOf(NumaMask other) {
    return (bits & ~other.bits) == 0;
  }

  /** Upstream {@code IsLessThan}: unsigned numeric comparison of the bits. */
  public boolean isLessThan(NumaMask other) {
    return Long.compareUnsigned(bits, other.bits) < 0;
  }

  /** Upstream {@code IsNarrowerThan}: fewer nodes, or as many and numerically smaller. */
  public boolean isNarrowerThan(NumaMask other) {
    return NARROWEST_FIRST.compare(this, other) < 0;
  }

  /**
   * Upstream {@code IterateBitMasks}: every non-empty combination of {@code nodes}, by size, and
   * within a size in lexicographic order of positions in the sorted node list. For [0,1,2]: 0, 1,
   * 2, 01, 02, 12, 012. This order defines the order of CPU and memory hints.
   */
  public static void forEachCombination(Collection<Integer> nodes, Consumer<NumaMask> action) {
    forEachCombinationBits(nodes, bits -> action.accept(fromBits(bits)));
  }

  /** {@link #forEachCombination} with each mask given as its bits. */
  public static void forEachCombinationBits(Collection<Integer> nodes, LongConsumer action) {
    int[] sorted = nodes.stream().mapToInt(Integer::intValue).sorted().distinct().toArray();
    long[] bits = new long[sorted.length];
    for (int i = 0; i < sorted.length; i++) {
      bits[i] = bit(sorted[i]);
    }
    for (int size = 1; size <= sorted.length; size++) {
      combineBits(bits, size, 0, 0L, action);
    }
  }

  private static void combineBits(long[] bits, int left, int start, long acc, LongConsumer action) {
    if (left == 0) {
      action.accept(acc);
      return;
    }
    for (int i = start; i <= bits.length - left; i++) {
      combineBits(bits, left - 1, i + 1, acc | bits[i], action);
    }
  }

  /** {@link #forEachCombination} collected into a list. */
  public static List<NumaMask> allCombinations(Collection<Integer> nodes) {
    List<NumaMask> masks = new ArrayList<>();
    forEachCombination(nodes, masks::add);
    return masks;
  }

  /**
   * Upstream {@code String()}, quirk included: binary digits zero-padded to the width {@code w+2}
   * of the largest even {@code w} with {@code bits > 2^w} (at least 2), so 4 prints as {@code 100}.
   */
  public String toBinaryString() {
    int width = 2;
    for (int shift = 62; shift > 0; shift -= 2) {
      if (Long.compareUnsigned(bits, 1L << shift) > 0) {
        width = shift + 2;
        break;
      }
    }
    String digits = Long.toBinaryString(bits);
    return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof NumaMask that && bits == that.bits;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(bits);
  }

  /** Node ids as a list, e.g. {@code [0, 1]}. */
  @Override
  public String toString() {
    return nodes().toString();
  }
}
