package io.podtopo.adapters.linux.cgroup;

import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.out.CpusetWrite;

/**
 * The two files a cpuset writer sets. Both hold a list of ids in the cpulist syntax ({@code 0-3,8}),
 * so a {@link CpuSet} holds either: CPU ids for {@code cpuset.cpus}, NUMA node ids for
 * {@code cpuset.mems}.
 */
enum CpusetFile {

  CPUS("cpuset.cpus") {
    @Override
    CpuSet of(CpusetWrite write) {
      return write.cpus();
    }
  },

  MEMS("cpuset.mems") {
    @Override
    CpuSet of(CpusetWrite write) {
      return CpuSet.of(write.mems().nodes());
    }
  };

  private final String fileName;

  CpusetFile(String fileName) {
    this.fileName = fileName;
  }

  String fileName() {
    return fileName;
  }

  /** The ids {@code write} puts in this file. */
  abstract CpuSet of(CpusetWrite write);
}
