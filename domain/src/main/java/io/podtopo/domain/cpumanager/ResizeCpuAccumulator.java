package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.TopologyLevel.CORE;
import static io.podtopo.domain.cpumanager.TopologyLevel.NUMA_NODE;
import static io.podtopo.domain.cpumanager.TopologyLevel.SOCKET;
import static io.podtopo.domain.cpumanager.TopologyLevel.UNCORE_CACHE;

import io.podtopo.domain.topology.CpuSet;

/**
 * The accumulator of an in-place resize, upstream {@code cpuAccumulatorForResize}.
 *
 * <p>It starts from the retained CPUs: all currently allocated CPUs when scaling up, the baseline
 * CPUs when scaling down, the allocation as it is when the size does not change. Then:
 * <ul>
 *   <li>every order lists first the elements already holding retained (taken) CPUs, then the
 *       others, each part sorted as upstream {@code sort} does;</li>
 *   <li>an element counts as whole when its taken plus available CPUs are all its CPUs, and only
 *       its available CPUs are taken; the order is listed once and re-checked element by element;</li>
 *   <li>in a partial uncore cache, on SMT, whole cores already holding taken CPUs come first.</li>
 * </ul>
 */
final class ResizeCpuAccumulator extends CpuAccumulator {

  ResizeCpuAccumulator(CpuTopology topo, CpuSet available, int numCpus, CpuSortingStrategy strategy,
      CpuSet allocated, CpuSet baseline) {
    super(topo, available, numCpus, strategy);
    if (!allocated.isEmpty()) {
      if (numCpus > allocated.size()) {
        take(allocated);
      }
      if (numCpus < allocated.size() && !baseline.isEmpty()) {
        take(baseline);
      }
      if (numCpus == allocated.size()) {
        take(allocated);
      }
    }
  }

  @Override
  int[] children(TopologyLevel level, CpuSet within) {
    CpuSet available = level.idsOf(topo, details().intersection(within));
    CpuSet retained = level.idsOf(topo, result().intersection(within));
    int[] first = sortByAvailable(level, retained.intersection(available));
    int[] second = sortByAvailable(level, available.difference(retained));
    int[] both = new int[first.length + second.length];
    System.arraycopy(first, 0, both, 0, first.length);
    System.arraycopy(second, 0, both, first.length, second.length);
    return both;
  }

  /** Whole for this container: no CPU of the element is held by anyone else. */
  private boolean isWhole(TopologyLevel level, int id) {
    CpuSet cpus = level.cpusIn(topo, id);
    return result().intersectionSize(cpus) + details().intersectionSize(cpus) == cpus.size();
  }

  @Override
  void takeFullNumaNodes() {
    takeWhole(NUMA_NODE, numaNodeOrder());
  }

  @Override
  void takeFullSockets() {
    takeWhole(SOCKET, socketOrder());
  }

  @Override
  void takeFullCores() {
    takeWhole(CORE, coreOrder());
  }

  @Override
  void takeFullUncoreCaches() {
    takeWhole(UNCORE_CACHE, uncoreCacheOrder());
  }

  private void takeWhole(TopologyLevel level, int[] order) {
    for (int id : order) {
      if (isWhole(level, id)) {
        CpuSet cpus = available(level, id);
        if (needsAtLeast(cpus.size())) {
          take(cpus);
        }
      }
    }
  }

  /** Whole uncore caches once, then the first partial one that fits, in uncore order. */
  @Override
  void takeUncoreCaches() {
    takeFullUncoreCaches();
    if (isSatisfied()) {
      return;
    }
    for (int uncore : uncoreCacheOrder()) {
      takePartialUncoreCache(uncore);
      if (isSatisfied()) {
        return;
      }
    }
  }

  @Override
  void takePartialUncoreCache(int uncore) {
    if (topo.cpusPerCore() != 1) {
      CpuSet uncoreCpus = topo.cpusInUncoreCache(uncore);
      CpuSet retainedCores = topo.coresOf(result().intersection(uncoreCpus))
          .intersection(topo.coresOf(details().intersection(uncoreCpus)));
      for (int core = retainedCores.nextAtOrAfter(0); core >= 0; core = retainedCores.nextAtOrAfter(core + 1)) {
        if (isWhole(CORE, core)) {
          CpuSet cpus = available(CORE, core);
          if (!needsAtLeast(cpus.size())) {
            break;
          }
          take(cpus);
        }
      }
    }
    super.takePartialUncoreCache(uncore);
  }
}
