package io.podtopo.domain.cpumanager;

import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/** The upstream cpumanager test fixtures used by the worked examples of spec §2.7 and §5. */
final class UpstreamTopologies {

  private UpstreamTopologies() {}

  /** topoSingleSocketHT: 1 socket, 4 cores, siblings i and i+4. */
  static CpuTopology singleSocketHt() {
    return legacy("topoSingleSocketHT", 8, id -> Cpu.of(id, id % 4, 0, 0, 0));
  }

  /** topoDualSocketHT: 2 sockets = 2 NUMA nodes (even/odd ids), 6 cores, siblings i and i+6. */
  static CpuTopology dualSocketHt() {
    return legacy("topoDualSocketHT", 12, id -> Cpu.of(id, id % 6, id % 2, id % 2, 0));
  }

  /** topoDualSocketMultiNumaPerSocketHT: 2 sockets, 4 NUMA nodes of 10 cores, siblings i and i+40. */
  static CpuTopology dualSocketMultiNumaPerSocketHt() {
    return legacy("topoDualSocketMultiNumaPerSocketHT", 80,
        id -> Cpu.of(id, id % 40, id % 40 / 20, id % 40 / 10, 0));
  }

  /**
   * fakeTopoMultiSocketDualSocketPerNumaHT: 4 sockets, 2 NUMA nodes of 2 sockets (numaFirst), 40 cores,
   * siblings i and i+40; socket s = 10s..10s+9 and 40+10s..40+10s+9.
   */
  static CpuTopology multiSocketDualSocketPerNumaHt() {
    return legacy("fakeTopoMultiSocketDualSocketPerNumaHT", 80,
        id -> Cpu.of(id, id % 40, id % 40 / 10, id % 40 / 20, 0));
  }

  /** topoUncoreSingleSocketNoSMT: 16 cores, 4 uncore caches of 4. */
  static CpuTopology uncoreSingleSocketNoSmt() {
    return CpuTopology.of(machine("topoUncoreSingleSocketNoSMT", 16, id -> Cpu.of(id, id, 0, 0, id / 4)), 4);
  }

  /** topoUncoreSingleSocketSMT: 8 cores (siblings i and i+8), 2 uncore caches of 4 cores. */
  static CpuTopology uncoreSingleSocketSmt() {
    return CpuTopology.of(machine("topoUncoreSingleSocketSMT", 16, id -> Cpu.of(id, id % 8, 0, 0, id % 8 / 4)), 2);
  }

  /** Legacy fixtures declare no uncore cache: every CPU in cache 0, NumUncoreCache = 0. */
  private static CpuTopology legacy(String name, int cpus, IntFunction<Cpu> cpu) {
    return CpuTopology.of(machine(name, cpus, cpu), 0);
  }

  /** A machine of CPUs {@code 0..count-1}, each as {@code cpu} describes it. */
  static Machine machine(String name, int count, IntFunction<Cpu> cpu) {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < count; id++) {
      cpus.add(cpu.apply(id));
    }
    return Machine.ofCpus(name, cpus);
  }
}
