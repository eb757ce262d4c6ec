package io.podtopo.domain.cpumanager;

import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.Arrays;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.ToIntFunction;

/**
 * The CPU Manager's view of a machine: upstream {@code topology.CPUTopology} with its
 * {@code CPUDetails} queries.
 *
 * <p>The counts ({@link #numCpus()}, {@link #numCores()}, {@link #numSockets()},
 * {@link #numNumaNodes()}, {@link #numUncoreCaches()}) are <em>declared</em>, as upstream's are: the
 * derived ratios ({@link #cpusPerCore()}, ...) and the selection's walk ({@code NumSockets >=
 * NumNUMANodes}: NUMA nodes or sockets first) use them, not the CPU details, which matters for the
 * upstream fixtures that are internally inconsistent or declare no {@code NumNUMANodes} (Go's 0).
 * {@link #of(Machine)} declares them from the machine.
 *
 * <p>Every query returns a {@link CpuSet}; sets of NUMA, socket, core and uncore ids are CpuSets
 * too, as upstream uses cpusets for all of them. Instances are immutable and index every level
 * once, so queries are cheap.
 */
public final class CpuTopology {

  private final int numCpus;
  private final int numCores;
  private final int numSockets;
  private final int numNumaNodes;
  private final int numUncoreCaches;
  private final CpuSet cpus;
  private final Level numa;
  private final Level socket;
  private final Level core;
  private final Level uncore;

  private CpuTopology(Machine machine, int numCpus, int numCores, int numSockets, int numNumaNodes,
      int numUncoreCaches) {
    NavigableMap<Integer, Cpu> byId = new TreeMap<>();
    machine.cpus().forEach(cpu -> byId.put(cpu.id(), cpu));
    this.cpus = machine.cpuSet();
    this.numa = new Level(byId, Cpu::numaNode);
    this.socket = new Level(byId, Cpu::socket);
    this.core = new Level(byId, Cpu::core);
    this.uncore = new Level(byId, Cpu::uncoreCache);
    this.numCpus = numCpus;
    this.numCores = numCores;
    this.numSockets = numSockets;
    this.numNumaNodes = numNumaNodes;
    this.numUncoreCaches = numUncoreCaches;
  }

  /**
   * The topology of a machine, counts declared from its CPUs (upstream {@code Discover}): every
   * distinct core, socket and uncore cache counts once.
   */
  public static CpuTopology of(Machine machine) {
    return of(machine, distinct(machine, Cpu::uncoreCache));
  }

  /**
   * As {@link #of(Machine)} but with the number of uncore caches declared explicitly; upstream's
   * legacy fixtures declare 0, which makes {@link #cpusPerUncoreCache()} 0.
   */
  public static CpuTopology of(Machine machine, int numUncoreCaches) {
    return new CpuTopology(machine, machine.cpus().size(), distinct(machine, Cpu::core),
        distinct(machine, Cpu::socket), distinct(machine, Cpu::numaNode), numUncoreCaches);
  }

  /**
   * A topology with the counts declared explicitly (for inconsistent upstream fixtures), the NUMA
   * nodes counted from the CPUs.
   */
  public static CpuTopology declared(Machine machine, int numCpus, int numCores, int numSockets, int numUncoreCaches) {
    return declared(machine, numCpus, numCores, numSockets, distinct(machine, Cpu::numaNode), numUncoreCaches);
  }

  /**
   * A topology with every count declared explicitly, the NUMA nodes too: upstream's older fixtures
   * declare no {@code NumNUMANodes}, so Go's 0, which makes the selection walk NUMA nodes first
   * whatever the machine.
   */
  public static CpuTopology declared(Machine machine, int numCpus, int numCores, int numSockets, int numNumaNodes,
      int numUncoreCaches) {
    return new CpuTopology(machine, numCpus, numCores, numSockets, numNumaNodes, numUncoreCaches);
  }

  private static int distinct(Machine machine, ToIntFunction<Cpu> label) {
    return (int) machine.cpus().stream().mapToInt(label).distinct().count();
  }

  public int numCpus() {
    return numCpus;
  }

  public int numCores() {
    return numCores;
  }

  public int numSockets() {
    return numSockets;
  }

  public int numNumaNodes() {
    return numNumaNodes;
  }

  public int numUncoreCaches() {
    return numUncoreCaches;
  }

  /** {@code NumCPUs / NumCores}, 0 without cores. */
  public int cpusPerCore() {
    return numCores == 0 ? 0 : numCpus / numCores;
  }

  /** {@code NumCPUs / NumSockets}, 0 without sockets. */
  public int cpusPerSocket() {
    return numSockets == 0 ? 0 : numCpus / numSockets;
  }

  /**
   * {@code NumNUMANodes / NumSockets}, 0 without sockets: how many NUMA nodes make a socket, as
   * {@code align-by-socket} counts them.
   */
  public int numaNodesPerSocket() {
    return numSockets == 0 ? 0 : numNumaNodes / numSockets;
  }

  /** {@code NumCPUs / NumUncoreCache}, 0 when no uncore cache is declared. */
  public int cpusPerUncoreCache() {
    return numUncoreCaches == 0 ? 0 : numCpus / numUncoreCaches;
  }

  /** Every CPU of the topology. */
  public CpuSet cpus() {
    return cpus;
  }

  public CpuSet numaNodes() {
    return numa.ids();
  }

  public CpuSet sockets() {
    return socket.ids();
  }

  public CpuSet cpusInNumaNodes(CpuSet nodes) {
    return numa.cpusIn(nodes);
  }

  public CpuSet cpusInNumaNode(int node) {
    return numa.cpusIn(node);
  }

  public CpuSet cpusInSockets(CpuSet sockets) {
    return socket.cpusIn(sockets);
  }

  public CpuSet cpusInSocket(int id) {
    return socket.cpusIn(id);
  }

  public CpuSet cpusInCores(CpuSet cores) {
    return core.cpusIn(cores);
  }

  public CpuSet cpusInCore(int id) {
    return core.cpusIn(id);
  }

  public CpuSet cpusInUncoreCache(int id) {
    return uncore.cpusIn(id);
  }

  /** NUMA node ids of the CPUs in {@code cpus}. */
  public CpuSet numaNodesOf(CpuSet cpus) {
    return labelsOf(cpus, numa);
  }

  /** Socket ids of the CPUs in {@code cpus}. */
  public CpuSet socketsOf(CpuSet cpus) {
    return labelsOf(cpus, socket);
  }

  /** Core ids of the CPUs in {@code cpus}. */
  public CpuSet coresOf(CpuSet cpus) {
    return labelsOf(cpus, core);
  }

  /** Uncore cache ids of the CPUs in {@code cpus}. */
  public CpuSet uncoreCachesOf(CpuSet cpus) {
    return labelsOf(cpus, uncore);
  }

  /** Upstream {@code SocketsInNUMANodes}. */
  public CpuSet socketsInNumaNodes(CpuSet nodes) {
    return socketsOf(cpusInNumaNodes(nodes));
  }

  /** All SMT siblings of the given CPUs (the CPUs of their cores). */
  public CpuSet siblingsOf(CpuSet cpus) {
    return cpusInCores(coresOf(cpus));
  }

  private CpuSet labelsOf(CpuSet cpus, Level level) {
    CpuSet.Builder builder = new CpuSet.Builder();
    if (level.sortedIds.length * 4 < cpus.size()) {
      // Few elements (NUMA nodes, sockets): test each one's CPUs as a whole.
      for (int i = 0; i < level.sortedIds.length; i++) {
        if (level.cpusByIndex[i].intersects(cpus)) {
          builder.add(level.sortedIds[i]);
        }
      }
      return builder.build();
    }
    cpus.forEachCpu(id -> {
      int label = level.labelOf(id);
      if (label >= 0) {
        builder.add(label);
      }
    });
    return builder.build();
  }

  /**
   * One level of the hierarchy: its ids, the CPUs of each and the id of each CPU, indexed in
   * arrays (element ids sorted for binary search, CPU ids at most {@link CpuSet#MAX_CPU_ID}) so
   * that queries need no map look-up.
   */
  private static final class Level {
    private final CpuSet ids;
    private final int[] sortedIds;
    private final CpuSet[] cpusByIndex;
    private final int[] labelByCpu;

    Level(NavigableMap<Integer, Cpu> details, ToIntFunction<Cpu> label) {
      Map<Integer, CpuSet.Builder> builders = new TreeMap<>();
      details.values().forEach(cpu ->
          builders.computeIfAbsent(label.applyAsInt(cpu), id -> new CpuSet.Builder()).add(cpu.id()));
      this.sortedIds = builders.keySet().stream().mapToInt(Integer::intValue).toArray();
      this.cpusByIndex = builders.values().stream().map(CpuSet.Builder::build).toArray(CpuSet[]::new);
      this.ids = CpuSet.of(sortedIds);
      this.labelByCpu = new int[details.isEmpty() ? 0 : details.lastKey() + 1];
      Arrays.fill(labelByCpu, -1);
      details.values().forEach(cpu -> labelByCpu[cpu.id()] = label.applyAsInt(cpu));
    }

    CpuSet ids() {
      return ids;
    }

    CpuSet cpusIn(int id) {
      int index = Arrays.binarySearch(sortedIds, id);
      return index < 0 ? CpuSet.empty() : cpusByIndex[index];
    }

    /** The id of the element holding CPU {@code cpu}, or -1 when the topology has no such CPU. */
    int labelOf(int cpu) {
      return cpu < labelByCpu.length ? labelByCpu[cpu] : -1;
    }

    CpuSet cpusIn(CpuSet idSet) {
      CpuSet.Builder builder = new CpuSet.Builder();
      idSet.forEachCpu(id -> builder.addAll(cpusIn(id)));
      return builder.build();
    }
  }
}
