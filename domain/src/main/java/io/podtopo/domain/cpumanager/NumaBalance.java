package io.podtopo.domain.cpumanager;

import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.quirks.QuirkLog;
import java.util.Optional;

/**
 * The arithmetic of the NUMA-distributed selection: combinations, the balance score and the
 * choice of the nodes that take the remainder.
 */
final class NumaBalance {

  private NumaBalance() {}

  /**
   * The first k-combination of positions, {@code [0, 1, .., k-1]}; with {@link #next} it walks
   * every k-subset of {@code 0..n-1} in lexicographic order, as upstream
   * {@code iterateCombinations} does.
   */
  static int[] first(int k) {
    int[] combo = new int[k];
    for (int i = 0; i < k; i++) {
      combo[i] = i;
    }
    return combo;
  }

  /** Advances {@code combo} to the next k-subset of {@code 0..n-1}; false when it was the last. */
  static boolean next(int[] combo, int n) {
    int k = combo.length;
    int i = k - 1;
    while (i >= 0 && combo[i] == n - k + i) {
      i--;
    }
    if (i < 0) {
      return false;
    }
    combo[i]++;
    for (int j = i + 1; j < k; j++) {
      combo[j] = combo[j - 1] + 1;
    }
    return true;
  }

  /**
   * Upstream {@code standardDeviation}: the population standard deviation, with the mean and the
   * result each rounded to 3 decimals (half away from zero, as Go's {@code math.Round}).
   */
  static double standardDeviation(int[] values) {
    double sum = 0;
    for (int value : values) {
      sum += value;
    }
    double mean = round3(sum / values.length);
    double squares = 0;
    for (int value : values) {
      squares += (value - mean) * (value - mean);
    }
    return round3(Math.sqrt(squares / values.length));
  }

  private static double round3(double value) {
    double scaled = Math.abs(value * 1000);
    double whole = Math.floor(scaled);
    if (scaled - whole >= 0.5) {
      whole += 1;
    }
    return Math.copySign(whole, value) / 1000;
  }

  /**
   * Upstream {@code rangeNUMANodesNeededToSatisfy}: the fewest and most NUMA nodes a request of
   * {@code numCpus} in groups of {@code groupSize} can be spread over.
   */
  static int[] numaNodesNeeded(CpuAccumulator acc, int groupSize, int numCpus) {
    int numaNodes = acc.topo.numaNodes().size();
    int numaNodesAvailable = acc.topo.numaNodesOf(acc.details()).size();
    int groups = (acc.topo.cpus().size() - 1) / groupSize + 1;
    int groupsPerNumaNode = (groups - 1) / numaNodes + 1;
    int groupsNeeded = (numCpus - 1) / groupSize + 1;
    return new int[] {(groupsNeeded - 1) / groupsPerNumaNode + 1, Math.min(groupsNeeded, numaNodesAvailable)};
  }

  /**
   * The balance score of a combination and the nodes taking its remainder. With no remainder the
   * score is that of {@code after} and there are no such nodes. Otherwise every subset of the
   * combination's nodes left with at least a group is tried, largest subsets first and in order
   * within a size, handing the remainder out a group at a time round-robin; the first subset with
   * the lowest score wins. A subset that cannot give the remainder in whole groups is skipped, as the
   * resize variant does. Without any such subset the score is {@link Double#MAX_VALUE} and the nodes
   * null.
   *
   * <p>The add path of kubelet v1.37 ({@code addPath} present) skips a subset only when its free CPUs
   * do not reach the remainder, and then scores it with a loop that never ends when they do but not
   * in whole groups ({@link KubeletQuirk#NUMA_REMAINDER_LOOP}, decision D-16): reproducing the
   * kubelet there throws; the corrected behaviour skips the subset.
   *
   * @param after free CPUs per position once every node of the combination gave its share
   * @param combo positions of the combination's nodes
   * @param addPath the quirk log of the add path; empty for the resize variant
   */
  static Choice choose(int[] after, int[] combo, int remainder, int groupSize, Optional<QuirkLog> addPath) {
    if (remainder == 0) {
      return new Choice(standardDeviation(after), null);
    }
    int[] candidates = new int[combo.length];
    int count = 0;
    for (int position : combo) {
      if (after[position] >= groupSize) {
        candidates[count++] = position;
      }
    }
    double bestBalance = Double.MAX_VALUE;
    int[] bestNodes = null;
    int[] left = new int[after.length];
    for (int size = count; size >= 1; size--) {
      int[] subset = first(size);
      do {
        int groups = 0;
        int free = 0;
        for (int p : subset) {
          groups += after[candidates[p]] / groupSize;
          free += after[candidates[p]];
        }
        if (groups * groupSize < remainder) {
          if (free >= remainder && addPath.isPresent()) {
            QuirkLog quirks = addPath.get();
            if (quirks.reproducesKubelet(KubeletQuirk.NUMA_REMAINDER_LOOP)) {
              throw quirks.noAnswer(KubeletQuirk.NUMA_REMAINDER_LOOP);
            }
            quirks.reached(KubeletQuirk.NUMA_REMAINDER_LOOP);
          }
          continue;
        }
        System.arraycopy(after, 0, left, 0, after.length);
        int toGo = remainder;
        while (toGo > 0) {
          for (int p : subset) {
            if (toGo == 0) {
              break;
            }
            if (left[candidates[p]] >= groupSize) {
              left[candidates[p]] -= groupSize;
              toGo -= groupSize;
            }
          }
        }
        double balance = standardDeviation(left);
        if (balance < bestBalance) {
          bestBalance = balance;
          bestNodes = new int[size];
          for (int i = 0; i < size; i++) {
            bestNodes[i] = candidates[subset[i]];
          }
        }
      } while (next(subset, count));
    }
    return new Choice(bestBalance, bestNodes);
  }

  /** A balance score and the positions of the nodes taking the remainder (null when none). */
  static final class Choice {
    final double balance;
    final int[] remainderNodes;

    Choice(double balance, int[] remainderNodes) {
      this.balance = balance;
      this.remainderNodes = remainderNodes;
    }
  }
}
