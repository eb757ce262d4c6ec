package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.TopologyLevel.CORE;
import static io.podtopo.domain.cpumanager.TopologyLevel.NUMA_NODE;
import static io.podtopo.domain.cpumanager.TopologyLevel.SOCKET;
import static io.podtopo.domain.cpumanager.TopologyLevel.UNCORE_CACHE;

import io.podtopo.domain.topology.CpuSet;
import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * The state of one CPU selection, upstream {@code cpuAccumulator}: the CPUs still available
 * ({@code details}), the CPUs taken so far ({@code result}) and how many are still needed.
 *
 * <p>Every order it produces follows upstream exactly (spec §2.7):
 * <ul>
 *   <li>elements of a level are sorted by their number of <em>available</em> CPUs, fewest first
 *       (the fullest elements are filled first), ties by ascending id;</li>
 *   <li><b>numaFirst</b> when {@code NumSockets >= NumNUMANodes}: NUMA nodes, then the sockets of
 *       each NUMA node, then the cores of each socket; otherwise <b>socketsFirst</b>: sockets, then
 *       the NUMA nodes of each socket, then the cores of each NUMA node;</li>
 *   <li>uncore caches are listed per NUMA node in NUMA order;</li>
 *   <li>single CPUs are handed out core by core (packed) or socket by socket (spread), ascending
 *       ids within the element.</li>
 * </ul>
 * Whether an element is free is judged against the <em>full</em> topology: a NUMA node or uncore
 * cache when all its CPUs are available, a socket or core when its available CPUs number the
 * declared {@code CPUsPerSocket} or {@code CPUsPerCore}.
 */
class CpuAccumulator {

  final CpuTopology topo;
  private final CpuSortingStrategy strategy;
  private final boolean numaFirst;
  private CpuSet details;
  private CpuSet result = CpuSet.empty();
  private int needed;

  CpuAccumulator(CpuTopology topo, CpuSet available, int numCpus, CpuSortingStrategy strategy) {
    this.topo = topo;
    this.strategy = strategy;
    this.numaFirst = topo.numSockets() >= topo.numNumaNodes();
    this.details = topo.cpus().intersection(available);
    this.needed = numCpus;
  }

  /** The CPUs still available. */
  final CpuSet details() {
    return details;
  }

  /** The CPUs taken so far. */
  final CpuSet result() {
    return result;
  }

  /** How many CPUs are still needed (negative when more were taken). */
  final int needed() {
    return needed;
  }

  final CpuSortingStrategy strategy() {
    return strategy;
  }

  /** Adds CPUs to the result; they count against the need even if some were taken before. */
  final void take(CpuSet cpus) {
    result = result.union(cpus);
    details = details.difference(result);
    needed -= cpus.size();
  }

  final boolean needsAtLeast(int count) {
    return needed >= count;
  }

  final boolean isSatisfied() {
    return needed < 1;
  }

  final boolean isFailed() {
    return needed > details.size();
  }

  /** Available CPUs of one element of a level. */
  final CpuSet available(TopologyLevel level, int id) {
    return details.intersection(level.cpusIn(topo, id));
  }

  /** Number of available CPUs of one element of a level. */
  final int availableCount(TopologyLevel level, int id) {
    return details.intersectionSize(level.cpusIn(topo, id));
  }

  /** Taken CPUs of one element of a level. */
  final CpuSet taken(TopologyLevel level, int id) {
    return result.intersection(level.cpusIn(topo, id));
  }

  // ---- orders -------------------------------------------------------------------------------

  final int[] numaNodeOrder() {
    return numaFirst ? children(NUMA_NODE, topo.cpus()) : childrenOf(socketOrder(), SOCKET, NUMA_NODE);
  }

  final int[] socketOrder() {
    return numaFirst ? childrenOf(numaNodeOrder(), NUMA_NODE, SOCKET) : children(SOCKET, topo.cpus());
  }

  final int[] coreOrder() {
    return numaFirst ? childrenOf(socketOrder(), SOCKET, CORE) : childrenOf(numaNodeOrder(), NUMA_NODE, CORE);
  }

  final int[] uncoreCacheOrder() {
    return childrenOf(numaNodeOrder(), NUMA_NODE, UNCORE_CACHE);
  }

  /** Available CPUs one at a time: packed walks cores, spread walks sockets. */
  final int[] cpuOrder() {
    return strategy == CpuSortingStrategy.SPREAD
        ? cpusOf(socketOrder(), SOCKET)
        : cpusOf(coreOrder(), CORE);
  }

  private int[] cpusOf(int[] ids, TopologyLevel level) {
    IntList cpus = new IntList(details.size());
    for (int id : ids) {
      available(level, id).forEachCpu(cpus::add);
    }
    return cpus.toArray();
  }

  private int[] childrenOf(int[] parents, TopologyLevel parentLevel, TopologyLevel level) {
    IntList ids = new IntList(parents.length * 2);
    for (int parent : parents) {
      ids.addAll(children(level, parentLevel.cpusIn(topo, parent)));
    }
    return ids.toArray();
  }

  /** The elements of {@code level} with available CPUs among {@code within}, in selection order. */
  int[] children(TopologyLevel level, CpuSet within) {
    return sortByAvailable(level, level.idsOf(topo, details.intersection(within)));
  }

  /** Upstream {@code sort}: fewest available CPUs first, ties by ascending id. */
  final int[] sortByAvailable(TopologyLevel level, CpuSet ids) {
    long[] keys = new long[ids.size()];
    int index = 0;
    for (int id = ids.nextAtOrAfter(0); id >= 0; id = ids.nextAtOrAfter(id + 1)) {
      keys[index++] = ((long) availableCount(level, id) << 32) | id;
    }
    Arrays.sort(keys);
    int[] sorted = new int[keys.length];
    for (int i = 0; i < keys.length; i++) {
      sorted[i] = (int) keys[i];
    }
    return sorted;
  }

  // ---- steps of the packed algorithm ----------------------------------------------------------

  /**
   * Runs the packed steps after the entry checks: whole first-level and second-level elements,
   * uncore caches when preferred, whole cores unless spreading, then single CPUs. Stops as soon
   * as the need is met. Returns whether it was.
   */
  final boolean fillPacked(boolean preferAlignByUncoreCache) {
    if (numaFirst) {
      takeFullNumaNodes();
    } else {
      takeFullSockets();
    }
    if (isSatisfied()) {
      return true;
    }
    if (numaFirst) {
      takeFullSockets();
    } else {
      takeFullNumaNodes();
    }
    if (isSatisfied()) {
      return true;
    }
    if (preferAlignByUncoreCache) {
      takeUncoreCaches();
      if (isSatisfied()) {
        return true;
      }
    }
    if (strategy != CpuSortingStrategy.SPREAD) {
      takeFullCores();
      if (isSatisfied()) {
        return true;
      }
    }
    takeRemainingCpus();
    return isSatisfied();
  }

  void takeFullNumaNodes() {
    takeFree(NUMA_NODE, numaNodeOrder(), id -> availableCount(NUMA_NODE, id) == topo.cpusInNumaNode(id).size());
  }

  void takeFullSockets() {
    takeFree(SOCKET, socketOrder(), id -> availableCount(SOCKET, id) == topo.cpusPerSocket());
  }

  void takeFullCores() {
    takeFree(CORE, coreOrder(), id -> availableCount(CORE, id) == topo.cpusPerCore());
  }

  void takeFullUncoreCaches() {
    takeFree(UNCORE_CACHE, uncoreCacheOrder(),
        id -> availableCount(UNCORE_CACHE, id) == topo.cpusInUncoreCache(id).size());
  }

  /** Takes every free element (listed before any is taken) while the need covers its size. */
  private void takeFree(TopologyLevel level, int[] order, IntPredicate isFree) {
    IntList free = new IntList(order.length);
    for (int id : order) {
      if (isFree.test(id)) {
        free.add(id);
      }
    }
    for (int id : free.toArray()) {
      CpuSet cpus = level.cpusIn(topo, id);
      if (needsAtLeast(cpus.size())) {
        take(cpus);
      }
    }
  }

  /** Upstream {@code takeUncoreCache}: full uncore caches while needed, else one that fits. */
  void takeUncoreCaches() {
    int cpusPerUncoreCache = topo.cpusPerUncoreCache();
    for (int uncore : uncoreCacheOrder()) {
      if (needsAtLeast(cpusPerUncoreCache)) {
        takeFullUncoreCaches();
      }
      if (isSatisfied()) {
        return;
      }
      takePartialUncoreCache(uncore);
      if (isSatisfied()) {
        return;
      }
    }
  }

  /**
   * Upstream {@code takePartialUncore}, all or nothing: the available CPUs of the first
   * {@code ceil(needed / CPUsPerCore)} cores (ascending id) with an available CPU in the uncore
   * cache, less the highest one for an odd need on SMT, are taken only if they are exactly the need.
   */
  void takePartialUncoreCache(int uncore) {
    int cpusPerCore = topo.cpusPerCore();
    int coresNeeded = (needed + cpusPerCore - 1) / cpusPerCore;
    CpuSet coresInCache = topo.coresOf(available(UNCORE_CACHE, uncore));
    CpuSet cores = coresInCache.size() <= coresNeeded ? coresInCache : coresInCache.firstN(coresNeeded);
    CpuSet cpus = details.intersection(topo.cpusInCores(cores));
    if (needed % 2 != 0 && cpusPerCore > 1 && cpus.size() > needed) {
      cpus = cpus.firstN(cpus.size() - 1);
    }
    if (needed == cpus.size()) {
      take(cpus);
    }
  }

  void takeRemainingCpus() {
    for (int cpu : cpuOrder()) {
      take(CpuSet.of(cpu));
      if (isSatisfied()) {
        return;
      }
    }
  }

  /** A growable list of ints. */
  static final class IntList {
    private int[] values;
    private int size;

    IntList(int capacity) {
      values = new int[Math.max(capacity, 4)];
    }

    void add(int value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = value;
    }

    void addAll(int[] more) {
      if (size + more.length > values.length) {
        values = Arrays.copyOf(values, Math.max(size + more.length, size * 2));
      }
      System.arraycopy(more, 0, values, size, more.length);
      size += more.length;
    }

    int[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }
}
