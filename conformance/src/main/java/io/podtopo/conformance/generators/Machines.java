package io.podtopo.conformance.generators;

import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.List;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * QuickTheories generators of synthetic machines shaped like real ones.
 *
 * <p>A machine has 1 to 8 sockets and 1 to 8 NUMA nodes, either several NUMA nodes per socket
 * (SNC / NPS) or several sockets per NUMA node; SMT 1, 2 or 4; 1 to 6 cores per socket-and-node
 * unit; with or without uncore (L3) caches splitting each unit; SMT siblings numbered either
 * {@code i, i+N} (Intel/AMD style) or adjacently; and CPU ids either dense or sparse (an offset,
 * and optionally a gap after every few ids). Core ids are the lowest sibling id, as upstream
 * {@code Discover} makes them; without uncore caches a CPU's cache is its socket, as upstream does.
 */
public final class Machines {

  private Machines() {}

  /** Synthetic machines of up to 192 CPUs. */
  public static Gen<Machine> machines() {
    Gen<Machine> gen = source -> {
      int sockets = Generate.range(1, 8).generate(source);
      boolean severalNodesPerSocket = Generate.booleans().generate(source);
      int nodesPerSocket = 1;
      int socketsPerNode = 1;
      if (severalNodesPerSocket) {
        nodesPerSocket = Generate.range(1, Math.max(1, 8 / sockets)).generate(source);
      } else {
        List<Integer> divisors = divisors(sockets);
        socketsPerNode = Generate.pick(divisors).generate(source);
      }
      int coresPerUnit = Generate.range(1, 6).generate(source);
      int threadsPerCore = Generate.pick(List.of(1, 2, 4)).generate(source);
      int cachesPerUnit = Generate.range(0, Math.min(3, coresPerUnit)).generate(source);
      boolean adjacentSiblings = Generate.booleans().generate(source);
      int offset = Generate.pick(List.of(0, 0, 1, 16)).generate(source);
      int gapEvery = Generate.pick(List.of(0, 0, 4, 8)).generate(source);
      int gapSize = Generate.range(1, 3).generate(source);
      Shape shape = new Shape(sockets, nodesPerSocket, socketsPerNode, coresPerUnit, threadsPerCore, cachesPerUnit,
          adjacentSiblings, offset, gapEvery, gapSize);
      return shape.machine();
    };
    return gen.describedAs(machine -> machine.name() + " (" + machine.cpus().size() + " CPUs)");
  }

  /**
   * Synthetic machines of {@code minNodes} to {@code maxNodes} NUMA nodes (1 or 2 sockets, several
   * nodes per socket, as sub-NUMA clustering makes them), 1 to 3 cores per node, SMT 1 or 2, with a
   * distance matrix: 10 to itself, 11 or 12 within a socket, 20 or 32 across.
   */
  public static Gen<Machine> manyNodes(int minNodes, int maxNodes) {
    Gen<Machine> gen = source -> {
      int nodes = Generate.range(minNodes, maxNodes).generate(source);
      int sockets = nodes % 2 == 0 && Generate.booleans().generate(source) ? 2 : 1;
      int coresPerUnit = Generate.range(1, 3).generate(source);
      int threadsPerCore = Generate.pick(List.of(1, 2)).generate(source);
      boolean adjacentSiblings = Generate.booleans().generate(source);
      Machine machine = new Shape(sockets, nodes / sockets, 1, coresPerUnit, threadsPerCore, 0, adjacentSiblings, 0, 0, 1)
          .machine();
      long near = Generate.pick(List.of(11L, 12L)).generate(source);
      long far = Generate.pick(List.of(20L, 32L)).generate(source);
      java.util.SortedMap<Integer, List<Integer>> distances = new java.util.TreeMap<>();
      for (int from = 0; from < nodes; from++) {
        List<Integer> row = new ArrayList<>();
        for (int to = 0; to < nodes; to++) {
          long distance = from == to ? 10 : from / (nodes / sockets) == to / (nodes / sockets) ? near : far;
          row.add((int) distance);
        }
        distances.put(from, row);
      }
      return new Machine.Builder().from(machine).distances(distances).build();
    };
    return gen.describedAs(machine -> machine.name() + " (" + machine.cpus().size() + " CPUs, "
        + machine.numaNodeIds().size() + " NUMA nodes)");
  }

  /** A subset of the machine's CPUs, each CPU kept with the given chance in percent (0 to 100). */
  public static Gen<CpuSet> subsetsOf(Machine machine, int percentKept) {
    List<Cpu> cpus = machine.cpus();
    return source -> {
      CpuSet.Builder kept = new CpuSet.Builder();
      for (Cpu cpu : cpus) {
        if (Generate.range(1, 100).generate(source) <= percentKept) {
          kept.add(cpu.id());
        }
      }
      return kept.build();
    };
  }

  private static List<Integer> divisors(int value) {
    List<Integer> divisors = new ArrayList<>();
    for (int d = 1; d <= value; d++) {
      if (value % d == 0) {
        divisors.add(d);
      }
    }
    return divisors;
  }

  /** The parameters of one synthetic machine. */
  private record Shape(int sockets, int nodesPerSocket, int socketsPerNode, int coresPerUnit, int threadsPerCore,
      int cachesPerUnit, boolean adjacentSiblings, int offset, int gapEvery, int gapSize) {

    Machine machine() {
      int units = sockets * nodesPerSocket;
      int cores = units * coresPerUnit;
      List<Cpu> cpus = new ArrayList<>();
      for (int core = 0; core < cores; core++) {
        int unit = core / coresPerUnit;
        int socket = unit / nodesPerSocket;
        int node = nodesPerSocket > 1 ? unit : socket / socketsPerNode;
        int cacheInUnit = cachesPerUnit == 0 ? 0 : (core % coresPerUnit) * cachesPerUnit / coresPerUnit;
        int cache = cachesPerUnit == 0 ? socket : unit * cachesPerUnit + cacheInUnit;
        int coreId = id(logical(core, 0, cores));
        for (int thread = 0; thread < threadsPerCore; thread++) {
          cpus.add(Cpu.of(id(logical(core, thread, cores)), coreId, socket, node, cache));
        }
      }
      return Machine.ofCpus(name(), cpus);
    }

    private int logical(int core, int thread, int cores) {
      return adjacentSiblings ? core * threadsPerCore + thread : thread * cores + core;
    }

    private int id(int logical) {
      int gaps = gapEvery == 0 ? 0 : logical / gapEvery * gapSize;
      return offset + logical + gaps;
    }

    private String name() {
      return sockets + "s" + (nodesPerSocket > 1 ? "x" + nodesPerSocket + "n" : "/" + socketsPerNode + "pn")
          + "-" + coresPerUnit + "c-smt" + threadsPerCore + "-l3x" + cachesPerUnit
          + (adjacentSiblings ? "-adj" : "-split") + (offset > 0 ? "-off" + offset : "")
          + (gapEvery > 0 ? "-gap" + gapSize + "per" + gapEvery : "");
    }
  }
}
