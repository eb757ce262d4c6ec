package io.podtopo.conformance.generators;

import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;

import io.podtopo.domain.cpumanager.CpuTopology;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.List;
import org.quicktheories.core.Gen;

/**
 * Generated CPU Manager machines: 1-2 sockets, 1-2 NUMA nodes per socket, 1-4 cores per NUMA node,
 * 1-2 threads per core (at most 32 CPUs), with SMT siblings numbered either adjacently
 * ({@code 2k, 2k+1}) or Linux-style ({@code k, k+cores}). Core ids are the lowest thread id, as
 * upstream {@code Discover} assigns them; the uncore cache is the socket.
 */
public final class CpuMachines {

  /** Most CPUs a generated machine has. */
  public static final int MAX_CPUS = 32;

  private CpuMachines() {}

  /** Machine shapes. */
  public static Gen<Shape> shapes() {
    return integers().between(1, 2).zip(integers().between(1, 2), integers().between(1, 4),
        integers().between(1, 2), booleans().all(), Shape::new);
  }

  /** Topologies of generated shapes. */
  public static Gen<CpuTopology> topologies() {
    return shapes().map(Shape::topology);
  }

  /** A machine shape; {@link #topology()} builds it. */
  public record Shape(int sockets, int numaPerSocket, int coresPerNuma, int threadsPerCore, boolean adjacentSiblings) {

    public int cores() {
      return sockets * numaPerSocket * coresPerNuma;
    }

    public int cpus() {
      return cores() * threadsPerCore;
    }

    /** The CPU Manager topology of this shape. */
    public CpuTopology topology() {
      List<Cpu> cpus = new ArrayList<>();
      int cores = cores();
      for (int core = 0; core < cores; core++) {
        int numa = core / coresPerNuma;
        int socket = numa / numaPerSocket;
        int coreId = cpuId(core, 0, cores);
        for (int thread = 0; thread < threadsPerCore; thread++) {
          cpus.add(Cpu.of(cpuId(core, thread, cores), coreId, socket, numa, socket));
        }
      }
      String name = sockets + "s" + numaPerSocket + "n" + coresPerNuma + "c" + threadsPerCore + "t"
          + (adjacentSiblings ? "-adjacent" : "-split");
      return CpuTopology.of(Machine.ofCpus(name, cpus));
    }

    private int cpuId(int core, int thread, int cores) {
      return adjacentSiblings ? core * threadsPerCore + thread : thread * cores + core;
    }
  }
}
