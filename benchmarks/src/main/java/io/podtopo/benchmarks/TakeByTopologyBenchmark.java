package io.podtopo.benchmarks;

import io.podtopo.domain.cpumanager.CpuAssignment;
import io.podtopo.domain.cpumanager.CpuSortingStrategy;
import io.podtopo.domain.cpumanager.CpuTopology;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The upstream CPU selection on a dual AMD EPYC 9654 in NPS4 mode: 2 sockets of 96 cores, 8 NUMA
 * nodes of 24 cores, SMT2 with siblings {@code i} and {@code i+192}, 24 L3 caches (CCDs) of 8
 * cores (16 CPUs), 3 per NUMA node: 384 CPUs, all free.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TakeByTopologyBenchmark {

  private static final int CORES = 192;

  @Param({"4", "32", "180"})
  public int numCpus;

  private CpuTopology topology;
  private CpuSet all;

  @Setup
  public void setUp() {
    List<Cpu> cpus = new ArrayList<>();
    for (int thread = 0; thread < 2; thread++) {
      for (int core = 0; core < CORES; core++) {
        cpus.add(Cpu.of(core + thread * CORES, core, core / 96, core / 24, core / 8));
      }
    }
    Machine machine = Machine.ofCpus("dual-epyc-9654-nps4", cpus);
    topology = CpuTopology.of(machine);
    all = machine.cpuSet();
  }

  @Benchmark
  public CpuSet packed() {
    return CpuAssignment.takeByTopologyNumaPacked(topology, all, numCpus, CpuSortingStrategy.PACKED, false);
  }

  @Benchmark
  public CpuSet packedPreferUncoreCache() {
    return CpuAssignment.takeByTopologyNumaPacked(topology, all, numCpus, CpuSortingStrategy.PACKED, true);
  }

  @Benchmark
  public CpuSet distributedInWholeCores() {
    return CpuAssignment.takeByTopologyNumaDistributed(topology, all, numCpus, 2, CpuSortingStrategy.PACKED, false, QuirkLog.of(Behaviour.KUBELET));
  }
}
