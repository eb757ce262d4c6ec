package io.podtopo.adapters.linux.sysfs;

import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what {@code sys/devices/system/cpu} says about each online CPU (ABI:
 * {@code Documentation/ABI/stable/sysfs-devices-system-cpu} and
 * {@code Documentation/ABI/testing/sysfs-devices-system-cpu}).
 *
 * <ul>
 *   <li>Online CPUs: {@code cpu/online}; on kernels without it, every {@code cpuN} folder whose
 *       {@code cpuN/online} is not {@code 0} (a missing or empty file means online). A CPU without
 *       a {@code topology} folder is left out, as hwloc and cadvisor leave it out.
 *   <li>Socket: {@code topology/physical_package_id} as written ({@code -1} when missing).
 *   <li>Core threads: {@code topology/thread_siblings_list} or {@code core_cpus_list}, else the hex
 *       masks {@code thread_siblings} or {@code core_cpus}; the CPU alone when none is there. Of
 *       those, only the threads with the CPU's {@code core_id}: AMD compute units list two cores as
 *       siblings, and hwloc and cadvisor both keep them apart.
 *   <li>L3: the first {@code cache/indexN} with {@code level} 3 and a {@code type} other than
 *       {@code Instruction}; its CPUs from {@code shared_cpu_map} (the file hwloc and cadvisor read)
 *       or else {@code shared_cpu_list}; its kernel {@code id} when there is one. An empty map (old
 *       ia64 kernels) means the core's threads, as hwloc reads it.
 * </ul>
 */
final class CpuScan {

  static final String CPU = DirectoryTree.CPU_FOLDER;

  private static final List<String> CORE_LISTS = List.of("thread_siblings_list", "core_cpus_list");
  private static final List<String> CORE_MASKS = List.of("thread_siblings", "core_cpus");

  /**
   * What the kernel says about one CPU; the sets are limited to the CPUs in play. {@code coreId} is
   * read only when the CPU has sibling threads (null otherwise, or without the file).
   */
  record Facts(int id, int socket, CpuSet coreThreads, Integer coreId, CpuSet l3Cpus, Integer l3Id) {}

  private final SysfsFiles files;

  CpuScan(SysfsFiles files) {
    this.files = files;
  }

  /** The online CPUs that have topology, ascending, with their facts. */
  List<Facts> read() {
    CpuSet online = online();
    CpuSet.Builder inPlay = new CpuSet.Builder();
    online.forEachCpu(cpu -> {
      if (files.isFolder(folder(cpu) + "/topology")) {
        inPlay.add(cpu);
      }
    });
    CpuSet cpus = inPlay.build();
    if (cpus.isEmpty()) {
      throw files.error(CPU, "no online CPU (" + online + ") has a topology folder");
    }
    List<Facts> facts = new ArrayList<>(cpus.size());
    cpus.forEachCpu(cpu -> facts.add(facts(cpu, cpus)));
    return facts;
  }

  private CpuSet online() {
    CpuSet online = files.cpuList(CPU + "/online");
    if (online == null) {
      int[] present = files.numbered(CPU, "cpu");
      if (present.length == 0) {
        throw files.error(CPU + "/online", "missing, and there is no cpuN folder to fall back on");
      }
      CpuSet.Builder found = new CpuSet.Builder();
      for (int cpu : present) {
        String flag = files.text(folder(cpu) + "/online");
        if (flag != null && !flag.isEmpty() && !flag.equals("0") && !flag.equals("1")) {
          throw files.error(folder(cpu) + "/online", "not 0 or 1: " + SysfsFiles.quote(flag));
        }
        if (!"0".equals(flag)) {
          found.add(cpu);
        }
      }
      online = found.build();
    }
    if (online.isEmpty()) {
      throw files.error(CPU + "/online", "no CPU is online");
    }
    return online;
  }

  private Facts facts(int cpu, CpuSet inPlay) {
    String topology = folder(cpu) + "/topology";
    Integer socket = files.integer(topology + "/physical_package_id");
    CpuSet threads = files.cpus(topology, CORE_LISTS, CORE_MASKS);
    CpuSet core = threads == null ? CpuSet.of(cpu) : threads.intersection(inPlay);
    Integer coreId = core.size() > 1 ? files.integer(topology + "/core_id") : null;
    String cache = l3Folder(cpu);
    CpuSet l3 = null;
    Integer l3Id = null;
    if (cache != null) {
      CpuSet shared = files.cpuMask(cache + "/shared_cpu_map");
      if (shared == null) {
        shared = files.cpuList(cache + "/shared_cpu_list");
      }
      l3 = shared == null ? null : shared.isEmpty() ? core : shared.intersection(inPlay);
      l3Id = files.integer(cache + "/id");
      if (l3Id != null && l3Id < 0) {
        throw files.error(cache + "/id", "a negative cache id: " + l3Id);
      }
    }
    return new Facts(cpu, socket == null ? -1 : socket, core, coreId, l3, l3Id);
  }

  /** The {@code cache/indexN} folder of the CPU's L3 (unified or data), or null. */
  private String l3Folder(int cpu) {
    String caches = folder(cpu) + "/cache";
    for (int index : files.numbered(caches, "index")) {
      String cache = caches + "/index" + index;
      Integer level = files.integer(cache + "/level");
      if (level != null && level == 3 && !"Instruction".equals(files.text(cache + "/type"))) {
        return cache;
      }
    }
    return null;
  }

  static String folder(int cpu) {
    return CPU + "/cpu" + cpu;
  }
}
