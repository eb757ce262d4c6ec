package io.podtopo.domain.topologymanager;

/**
 * The set {@code {a & b}} of two sets of masks over at most 20 NUMA nodes, in {@code O(N 2^N)}
 * instead of one AND per pair: masks are packed to the machine's {@code N} node positions; for
 * every subset {@code x}, the superset sums {@code A(x) = #{a ⊇ x}} and {@code B(x)} multiply to
 * the number of pairs whose AND contains {@code x}; the inverse (Möbius) transform turns that into
 * the number of pairs whose AND is exactly {@code x}. The counts are exact (at most 2^40), so a
 * subset is an AND of a pair iff its count is positive.
 */
final class AndConvolution {

  private final long[] nodeBits;
  /** For nodes with consecutive ids, packing is a shift by the lowest id; else -1. */
  private final int shift;

  private AndConvolution(long[] nodeBits, int shift) {
    this.nodeBits = nodeBits;
    this.shift = shift;
  }

  /** The convolution over the nodes of {@code nodes} (at most 20 of them). */
  static AndConvolution of(long nodes) {
    long[] nodeBits = new long[Long.bitCount(nodes)];
    int position = 0;
    for (long rest = nodes; rest != 0; rest &= rest - 1) {
      nodeBits[position++] = Long.lowestOneBit(rest);
    }
    int lowest = Long.numberOfTrailingZeros(nodes);
    boolean consecutive = (nodes >>> lowest) == (1L << nodeBits.length) - 1;
    return new AndConvolution(nodeBits, consecutive ? lowest : -1);
  }

  /**
   * The distinct non-empty ANDs of a mask of {@code left} and one of {@code right}, ascending by
   * packed value (repeats in the inputs change nothing).
   */
  long[] distinctAnds(long[] left, long[] right) {
    int size = 1 << nodeBits.length;
    long[] pairs = supersetSums(left, size);
    long[] other = supersetSums(right, size);
    for (int x = 0; x < size; x++) {
      pairs[x] *= other[x];
    }
    for (int bit = 1; bit < size; bit <<= 1) {
      for (int x = 0; x < size; x++) {
        if ((x & bit) == 0) {
          pairs[x] -= pairs[x | bit];
        }
      }
    }
    int count = 0;
    for (int x = 1; x < size; x++) {
      if (pairs[x] > 0) {
        count++;
      }
    }
    long[] ands = new long[count];
    int next = 0;
    for (int x = 1; x < size; x++) {
      if (pairs[x] > 0) {
        ands[next++] = unpack(x);
      }
    }
    return ands;
  }

  private long[] supersetSums(long[] masks, int size) {
    long[] sums = new long[size];
    for (long mask : masks) {
      sums[pack(mask)]++;
    }
    for (int bit = 1; bit < size; bit <<= 1) {
      for (int x = 0; x < size; x++) {
        if ((x & bit) == 0) {
          sums[x] += sums[x | bit];
        }
      }
    }
    return sums;
  }

  private int pack(long mask) {
    if (shift >= 0) {
      return (int) (mask >>> shift);
    }
    int packed = 0;
    for (int i = 0; i < nodeBits.length; i++) {
      if ((mask & nodeBits[i]) != 0) {
        packed |= 1 << i;
      }
    }
    return packed;
  }

  private long unpack(int packed) {
    if (shift >= 0) {
      return (long) packed << shift;
    }
    long mask = 0;
    for (int rest = packed; rest != 0; rest &= rest - 1) {
      mask |= nodeBits[Integer.numberOfTrailingZeros(rest)];
    }
    return mask;
  }
}
