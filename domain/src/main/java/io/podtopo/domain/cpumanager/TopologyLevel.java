package io.podtopo.domain.cpumanager;

import io.podtopo.domain.topology.CpuSet;

/** A level of the CPU hierarchy the selection walks: its ids and the CPUs of one id. */
enum TopologyLevel {
  NUMA_NODE {
    @Override
    CpuSet idsOf(CpuTopology topo, CpuSet cpus) {
      return topo.numaNodesOf(cpus);
    }

    @Override
    CpuSet cpusIn(CpuTopology topo, int id) {
      return topo.cpusInNumaNode(id);
    }
  },
  SOCKET {
    @Override
    CpuSet idsOf(CpuTopology topo, CpuSet cpus) {
      return topo.socketsOf(cpus);
    }

    @Override
    CpuSet cpusIn(CpuTopology topo, int id) {
      return topo.cpusInSocket(id);
    }
  },
  CORE {
    @Override
    CpuSet idsOf(CpuTopology topo, CpuSet cpus) {
      return topo.coresOf(cpus);
    }

    @Override
    CpuSet cpusIn(CpuTopology topo, int id) {
      return topo.cpusInCore(id);
    }
  },
  UNCORE_CACHE {
    @Override
    CpuSet idsOf(CpuTopology topo, CpuSet cpus) {
      return topo.uncoreCachesOf(cpus);
    }

    @Override
    CpuSet cpusIn(CpuTopology topo, int id) {
      return topo.cpusInUncoreCache(id);
    }
  };

  /** The ids of this level that hold at least one of {@code cpus}. */
  abstract CpuSet idsOf(CpuTopology topo, CpuSet cpus);

  /** Every CPU of the topology in element {@code id} of this level. */
  abstract CpuSet cpusIn(CpuTopology topo, int id);
}
