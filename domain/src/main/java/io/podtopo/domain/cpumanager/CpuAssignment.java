package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.TopologyLevel.NUMA_NODE;

import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.CpuSet;
import java.util.Optional;

/**
 * The upstream CPU selection of the static policy ({@code cpu_assignment.go}): which CPUs a
 * request for {@code numCpus} exclusive CPUs gets out of the available ones (spec §2.7).
 *
 * <p>Both algorithms are deterministic functions of their arguments. A request of 0 CPUs gets the
 * empty set; a request the available CPUs cannot meet fails with upstream's error text.
 */
public final class CpuAssignment {

  static final String FAILED = "failed to allocate cpus";

  private CpuAssignment() {}

  /**
   * Upstream {@code takeByTopologyNUMAPacked}: whole NUMA nodes and sockets (in the machine's
   * level order), then whole uncore caches or a fitting part of one when
   * {@code preferAlignByUncoreCache}, then whole cores (unless {@link CpuSortingStrategy#SPREAD}),
   * then single CPUs, always filling the fullest elements first.
   *
   * @throws CpuAllocationException {@code not enough cpus available to satisfy request: requested=N,
   *     available=M} or {@code failed to allocate cpus}
   */
  public static CpuSet takeByTopologyNumaPacked(CpuTopology topo, CpuSet available, int numCpus,
      CpuSortingStrategy strategy, boolean preferAlignByUncoreCache) {
    CpuAccumulator acc = new CpuAccumulator(topo, available, numCpus, strategy);
    if (acc.isSatisfied()) {
      return acc.result();
    }
    if (acc.isFailed()) {
      throw notEnough(numCpus, available);
    }
    if (!acc.fillPacked(preferAlignByUncoreCache)) {
      throw new CpuAllocationException(FAILED);
    }
    return acc.result();
  }

  /**
   * Upstream {@code takeByTopologyNUMADistributed} (KEP-2902): spreads the request evenly, in
   * groups of {@code cpuGroupSize} CPUs, over the fewest NUMA nodes that can hold it, choosing the
   * combination (and the nodes for any remainder) that leaves the free CPUs of all NUMA nodes most
   * balanced; each node's share is then taken with the packed algorithm. Falls back to the packed
   * algorithm when {@code numCpus} is not a multiple of the group size or no combination fits.
   *
   * <p>With {@code alignBySocket} (the {@code align-by-socket} option, new in v1.37; v1.36 had no
   * such parameter) a combination's even share is capped at the fewest whole groups any of its nodes
   * has free, so a combination of unevenly filled nodes still fits, and a combination whose nodes
   * share one socket beats any that spans sockets whatever their balance scores; only a perfect score
   * in one socket stops the search early. The share actually taken from each chosen node is capped
   * the same way.
   *
   * <p>Where kubelet v1.37 compares a remainder subset's raw CPU sum and then never terminates
   * because the sum suffices but the whole groups do not (e.g. two nodes with 7 free CPUs each,
   * groups of 4, a remainder of 12; {@link KubeletQuirk#NUMA_REMAINDER_LOOP}, decision D-16), the
   * kubelet's behaviour throws {@link io.podtopo.domain.quirks.KubeletGivesNoAnswer}; the corrected
   * one considers only subsets that give the remainder in whole groups, as the resize variant does.
   * Wherever the kubelet terminates both give its answer.
   *
   * @throws CpuAllocationException with upstream's text, including the
   *     {@code accounting error, ...} texts should the distribution not add up
   */
  public static CpuSet takeByTopologyNumaDistributed(CpuTopology topo, CpuSet available, int numCpus,
      int cpuGroupSize, CpuSortingStrategy strategy, boolean alignBySocket, QuirkLog quirks) {
    if (cpuGroupSize < 1) {
      throw new IllegalArgumentException("cpuGroupSize must be at least 1, got " + cpuGroupSize);
    }
    if (numCpus % cpuGroupSize != 0) {
      return takeByTopologyNumaPacked(topo, available, numCpus, strategy, false);
    }
    CpuAccumulator acc = new CpuAccumulator(topo, available, numCpus, strategy);
    if (acc.isSatisfied()) {
      return acc.result();
    }
    if (acc.isFailed()) {
      throw notEnough(numCpus, available);
    }
    int[] numas = acc.numaNodeOrder();
    int[] range = NumaBalance.numaNodesNeeded(acc, cpuGroupSize, numCpus);
    for (int k = range[0]; k <= range[1]; k++) {
      Distribution best = Distribution.best(acc, numas, k, numCpus, cpuGroupSize, alignBySocket, quirks);
      if (best == null) {
        continue;
      }
      int share = numCpus / best.combo.length / cpuGroupSize * cpuGroupSize;
      for (int numa : best.combo) {
        share = Math.min(share, acc.availableCount(NUMA_NODE, numa) / cpuGroupSize * cpuGroupSize);
      }
      for (int numa : best.combo) {
        acc.take(packedOrEmpty(topo, acc.available(NUMA_NODE, numa), share, strategy));
      }
      int remainder = numCpus - share * best.combo.length;
      while (remainder > 0) {
        int before = remainder;
        for (int numa : best.remainder) {
          if (remainder == 0) {
            break;
          }
          if (acc.availableCount(NUMA_NODE, numa) < cpuGroupSize) {
            continue;
          }
          acc.take(packedOrEmpty(topo, acc.available(NUMA_NODE, numa), cpuGroupSize, strategy));
          remainder -= cpuGroupSize;
        }
        if (remainder == before) {
          // Only an inconsistent topology (a whole core or socket taken beyond the node) can starve
          // the remainder nodes; upstream loops forever, here the accounting error reports it.
          break;
        }
      }
      return checkedResult(acc);
    }
    return takeByTopologyNumaPacked(topo, available, numCpus, strategy, false);
  }

  /** The packed selection, or the empty set where upstream ignores its error. */
  private static CpuSet packedOrEmpty(CpuTopology topo, CpuSet available, int numCpus, CpuSortingStrategy strategy) {
    try {
      return takeByTopologyNumaPacked(topo, available, numCpus, strategy, false);
    } catch (CpuAllocationException e) {
      return CpuSet.empty();
    }
  }

  static CpuSet checkedResult(CpuAccumulator acc) {
    if (acc.needed() > 0) {
      throw new CpuAllocationException("accounting error, not enough CPUs allocated, remaining: " + acc.needed());
    }
    if (acc.needed() < 0) {
      throw new CpuAllocationException("accounting error, too many CPUs allocated, remaining: " + acc.needed());
    }
    return acc.result();
  }

  static CpuAllocationException notEnough(long numCpus, CpuSet available) {
    return CpuAllocationException.notEnough(numCpus, available.size());
  }

  /** The best even distribution over k NUMA nodes: the nodes, and those taking the remainder. */
  private static final class Distribution {
    private final int[] combo;
    private final int[] remainder;

    private Distribution(int[] combo, int[] remainder) {
      this.combo = combo;
      this.remainder = remainder;
    }

    /**
     * Tries every k-combination of {@code numas} in order and keeps the first with the lowest
     * balance score (stops early at a perfect 0); with {@code alignBySocket} a combination within
     * one socket beats any spanning sockets, and only a perfect score within one socket stops the
     * search. Null when none can hold the request.
     */
    static Distribution best(CpuAccumulator acc, int[] numas, int k, int numCpus, int groupSize,
        boolean alignBySocket, QuirkLog quirks) {
      if (k < 1 || k > numas.length) {
        return null;
      }
      int[] free = new int[numas.length];
      for (int i = 0; i < numas.length; i++) {
        free[i] = acc.availableCount(NUMA_NODE, numas[i]);
      }
      double bestBalance = Double.MAX_VALUE;
      boolean bestInOneSocket = false;
      Distribution best = null;
      int[] combo = NumaBalance.first(k);
      do {
        if (bestBalance == 0 && (!alignBySocket || bestInOneSocket)) {
          break;
        }
        NumaBalance.Choice choice = evaluate(free, combo, numCpus, groupSize, alignBySocket, quirks);
        if (choice == null) {
          continue;
        }
        int[] ids = idsOf(numas, combo);
        boolean inOneSocket = alignBySocket && acc.topo.socketsInNumaNodes(CpuSet.of(ids)).size() <= 1;
        boolean better = alignBySocket && inOneSocket != bestInOneSocket ? inOneSocket : choice.balance < bestBalance;
        if (better) {
          bestBalance = choice.balance;
          bestInOneSocket = inOneSocket;
          best = new Distribution(ids,
              choice.remainderNodes == null ? new int[0] : idsOf(numas, choice.remainderNodes));
        }
      } while (NumaBalance.next(combo, numas.length));
      return best;
    }

    /** The score of one combination, or null when it cannot hold the request in even shares. */
    private static NumaBalance.Choice evaluate(int[] free, int[] combo, int numCpus, int groupSize,
        boolean alignBySocket, QuirkLog quirks) {
      int total = 0;
      int groups = 0;
      for (int i : combo) {
        total += free[i];
        groups += free[i] / groupSize;
      }
      if (total < numCpus || groups * groupSize < numCpus) {
        return null;
      }
      int share = numCpus / combo.length / groupSize * groupSize;
      if (alignBySocket) {
        for (int i : combo) {
          share = Math.min(share, free[i] / groupSize * groupSize);
        }
      }
      for (int i : combo) {
        if (free[i] < share) {
          return null;
        }
      }
      int[] after = free.clone();
      for (int i : combo) {
        after[i] -= share;
      }
      return NumaBalance.choose(after, combo, numCpus - share * combo.length, groupSize, Optional.of(quirks));
    }
  }

  static int[] idsOf(int[] numas, int[] positions) {
    int[] ids = new int[positions.length];
    for (int i = 0; i < positions.length; i++) {
      ids[i] = numas[positions[i]];
    }
    return ids;
  }
}
