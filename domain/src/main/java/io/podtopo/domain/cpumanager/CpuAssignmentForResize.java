package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.TopologyLevel.NUMA_NODE;

import io.podtopo.domain.topology.CpuSet;
import java.util.Optional;

/**
 * The CPU selection for an in-place resize of a container's exclusive CPUs, upstream
 * {@code takeByTopologyNUMAPackedForResize} and {@code takeByTopologyNUMADistributedForResize}
 * (kubernetes PR #140629, in flight: spec §0).
 *
 * <p>The result always contains the retained CPUs: all of {@code allocated} when scaling up
 * ({@code numCpus > |allocated|}), {@code baseline} when scaling down, {@code allocated} unchanged
 * when the size does not change. When scaling up, {@code available} is the free pool; when scaling
 * down it is the container's own CPUs. New CPUs are chosen as close as possible to the retained
 * ones: elements already holding retained CPUs come first at every level (see
 * {@link ResizeCpuAccumulator}).
 */
public final class CpuAssignmentForResize {

  private CpuAssignmentForResize() {}

  /**
   * The packed selection for a resize.
   *
   * @throws CpuAllocationException when {@code baseline} is not within {@code allocated}
   *     ({@code requested CPUs to be retained B are not a subset of reusable CPUs A}), or with the
   *     texts of {@link CpuAssignment#takeByTopologyNumaPacked}
   */
  public static CpuSet takeByTopologyNumaPacked(CpuTopology topo, CpuSet available, int numCpus,
      CpuSortingStrategy strategy, boolean preferAlignByUncoreCache, CpuSet allocated, CpuSet baseline) {
    checkRetained(allocated, baseline);
    ResizeCpuAccumulator acc = new ResizeCpuAccumulator(topo, available, numCpus, strategy, allocated, baseline);
    if (acc.isSatisfied()) {
      return acc.result();
    }
    if (acc.isFailed()) {
      throw CpuAssignment.notEnough(numCpus, available);
    }
    if (!acc.fillPacked(preferAlignByUncoreCache)) {
      throw new CpuAllocationException(CpuAssignment.FAILED);
    }
    return acc.result();
  }

  /**
   * The NUMA-distributed selection for a resize: as
   * {@link CpuAssignment#takeByTopologyNumaDistributed}, but a combination must contain every NUMA
   * node holding retained CPUs, retained CPUs count towards each node's share (a node already
   * holding more than its share counts the excess towards the remainder), and each node's new
   * CPUs are taken with the packed resize selection around its retained ones. With
   * {@code alignBySocket}, a combination within one socket beats any cross-socket one and each
   * node's share is capped at what it can give in whole groups.
   *
   * @throws CpuAllocationException with the texts of {@link #takeByTopologyNumaPacked} and the
   *     {@code accounting error, ...} texts
   */
  public static CpuSet takeByTopologyNumaDistributed(CpuTopology topo, CpuSet available, int numCpus,
      int cpuGroupSize, CpuSortingStrategy strategy, boolean alignBySocket, CpuSet allocated, CpuSet baseline) {
    if (cpuGroupSize < 1) {
      throw new IllegalArgumentException("cpuGroupSize must be at least 1, got " + cpuGroupSize);
    }
    if (numCpus % cpuGroupSize != 0) {
      return takeByTopologyNumaPacked(topo, available, numCpus, strategy, false, allocated, baseline);
    }
    checkRetained(allocated, baseline);
    ResizeCpuAccumulator acc = new ResizeCpuAccumulator(topo, available, numCpus, strategy, allocated, baseline);
    if (acc.isSatisfied()) {
      return acc.result();
    }
    if (acc.isFailed()) {
      throw CpuAssignment.notEnough(numCpus, available);
    }
    int[] numas = acc.numaNodeOrder();
    int[] range = NumaBalance.numaNodesNeeded(acc, cpuGroupSize, numCpus);
    CpuSet retainedNumas = topo.numaNodesOf(acc.result());
    for (int k = Math.max(range[0], retainedNumas.size()); k <= range[1]; k++) {
      ResizeDistribution best = ResizeDistribution.best(acc, numas, k, numCpus, cpuGroupSize, alignBySocket);
      if (best == null) {
        continue;
      }
      int share = numCpus / best.combo.length / cpuGroupSize * cpuGroupSize;
      for (int numa : best.combo) {
        share = Math.min(share, wholeGroups(acc, numa, cpuGroupSize));
      }
      for (int numa : best.combo) {
        CpuSet retained = acc.taken(NUMA_NODE, numa);
        if (retained.size() >= share) {
          continue;
        }
        acc.take(packedOrEmpty(acc, numa, share, retained).difference(retained));
      }
      int remainder = numCpus - share * best.combo.length - best.allocatedRemainder;
      while (remainder > 0) {
        int before = remainder;
        for (int numa : best.remainder) {
          if (remainder == 0) {
            break;
          }
          if (acc.availableCount(NUMA_NODE, numa) < cpuGroupSize) {
            continue;
          }
          CpuSet retained = acc.taken(NUMA_NODE, numa);
          acc.take(packedOrEmpty(acc, numa, retained.size() + cpuGroupSize, retained).difference(retained));
          remainder -= cpuGroupSize;
        }
        if (remainder == before) {
          // Upstream loops forever here (alignBySocket can pick a one-socket combination with no
          // remainder nodes); stopping leaves the shortfall to the accounting error below.
          break;
        }
      }
      return CpuAssignment.checkedResult(acc);
    }
    return takeByTopologyNumaPacked(topo, available, numCpus, strategy, false, allocated, baseline);
  }

  private static void checkRetained(CpuSet allocated, CpuSet baseline) {
    if (!allocated.isEmpty() && !baseline.isEmpty() && !baseline.isSubsetOf(allocated)) {
      throw new CpuAllocationException("requested CPUs to be retained " + baseline
          + " are not a subset of reusable CPUs " + allocated);
    }
  }

  /** Taken plus available CPUs of a node, rounded down to whole groups. */
  private static int wholeGroups(CpuAccumulator acc, int numa, int groupSize) {
    return (acc.availableCount(NUMA_NODE, numa) + acc.taken(NUMA_NODE, numa).size()) / groupSize * groupSize;
  }

  /** The packed resize selection within one node around its retained CPUs; empty where upstream ignores an error. */
  private static CpuSet packedOrEmpty(CpuAccumulator acc, int numa, int numCpus, CpuSet retained) {
    try {
      return takeByTopologyNumaPacked(acc.topo, acc.available(NUMA_NODE, numa), numCpus, acc.strategy(), false,
          retained, retained);
    } catch (CpuAllocationException e) {
      return CpuSet.empty();
    }
  }

  /** The best distribution over k NUMA nodes for a resize. */
  private static final class ResizeDistribution {
    private final int[] combo;
    private final int[] remainder;
    private final int allocatedRemainder;

    private ResizeDistribution(int[] combo, int[] remainder, int allocatedRemainder) {
      this.combo = combo;
      this.remainder = remainder;
      this.allocatedRemainder = allocatedRemainder;
    }

    static ResizeDistribution best(ResizeCpuAccumulator acc, int[] numas, int k, int numCpus, int groupSize,
        boolean alignBySocket) {
      if (k < 1 || k > numas.length) {
        return null;
      }
      int[] free = new int[numas.length];
      int[] retained = new int[numas.length];
      for (int i = 0; i < numas.length; i++) {
        free[i] = acc.availableCount(NUMA_NODE, numas[i]);
        retained[i] = acc.taken(NUMA_NODE, numas[i]).size();
      }
      CpuSet retainedNumas = acc.topo.numaNodesOf(acc.result());
      int taken = acc.result().size();
      double bestBalance = Double.MAX_VALUE;
      boolean bestInOneSocket = false;
      ResizeDistribution best = null;
      int[] combo = NumaBalance.first(k);
      do {
        if (bestBalance == 0 && (!alignBySocket || bestInOneSocket)) {
          break;
        }
        int[] ids = CpuAssignment.idsOf(numas, combo);
        if (!retainedNumas.isSubsetOf(CpuSet.of(ids))) {
          continue;
        }
        int total = 0;
        int groups = 0;
        for (int i : combo) {
          total += free[i];
          groups += (free[i] + retained[i]) / groupSize;
        }
        if (total + taken < numCpus || groups * groupSize < numCpus) {
          continue;
        }
        int share = numCpus / combo.length / groupSize * groupSize;
        if (alignBySocket) {
          for (int i : combo) {
            share = Math.min(share, (free[i] + retained[i]) / groupSize * groupSize);
          }
        }
        int allocatedRemainder = allocatedRemainder(free, retained, combo, share, numCpus - share * combo.length);
        if (allocatedRemainder < 0) {
          continue;
        }
        int[] after = free.clone();
        for (int i : combo) {
          after[i] -= retained[i] > share ? retained[i] : share - retained[i];
        }
        int remainder = numCpus - share * combo.length - allocatedRemainder;
        if (remainder < 0) {
          continue;
        }
        NumaBalance.Choice choice = NumaBalance.choose(after, combo, remainder, groupSize, Optional.empty());
        boolean inOneSocket = alignBySocket
            && acc.topo.socketsOf(acc.topo.cpusInNumaNodes(CpuSet.of(ids))).size() == 1;
        boolean better = choice.balance < bestBalance;
        if (alignBySocket && inOneSocket != bestInOneSocket) {
          better = inOneSocket;
        }
        if (better) {
          bestBalance = choice.balance;
          best = new ResizeDistribution(ids, choice.remainderNodes == null
              ? new int[0] : CpuAssignment.idsOf(numas, choice.remainderNodes), allocatedRemainder);
          if (alignBySocket) {
            bestInOneSocket = inOneSocket;
          }
        }
      } while (NumaBalance.next(combo, numas.length));
      return best;
    }

    /**
     * The retained CPUs beyond the share on the combination's nodes, or -1 when a node can give
     * less than its share or retains more than its share plus the whole remainder.
     */
    private static int allocatedRemainder(int[] free, int[] retained, int[] combo, int share, int neededRemainder) {
      int allocatedRemainder = 0;
      for (int i : combo) {
        if (free[i] + retained[i] < share || retained[i] > share + neededRemainder) {
          return -1;
        }
        if (retained[i] > share) {
          allocatedRemainder += retained[i] - share;
        }
      }
      return allocatedRemainder;
    }
  }
}
