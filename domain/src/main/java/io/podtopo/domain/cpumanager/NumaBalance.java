package io.podtopo.domain.cpumanager;

import java.util.function.Predicate;

/** The arithmetic of the NUMA-distributed selection: combinations and the balance score. */
final class NumaBalance {

  private NumaBalance() {}

  /**
   * Calls {@code visitor} with every k-subset of the positions {@code 0..n-1}, in lexicographic
   * order of positions (upstream {@code iterateCombinations}), until it returns false. Each call
   * gets a fresh array.
   */
  static void forEachCombination(int n, int k, Predicate<int[]> visitor) {
    if (k < 1 || k > n) {
      return;
    }
    int[] combo = new int[k];
    for (int i = 0; i < k; i++) {
      combo[i] = i;
    }
    while (true) {
      if (!visitor.test(combo.clone())) {
        return;
      }
      int i = k - 1;
      while (i >= 0 && combo[i] == n - k + i) {
        i--;
      }
      if (i < 0) {
        return;
      }
      combo[i]++;
      for (int j = i + 1; j < k; j++) {
        combo[j] = combo[j - 1] + 1;
      }
    }
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
}
