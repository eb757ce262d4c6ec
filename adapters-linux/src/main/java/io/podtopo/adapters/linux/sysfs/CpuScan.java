package io.podtopo.adapters.linux.sysfs;

import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 *       siblings, and hwloc and cadvisor both keep them apart. As hwloc does, the first CPU with
 *       siblings decides for the machine: when they share its {@code core_id}, no other
 *       {@code core_id} is read.
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
   * read only where siblings may be separate cores (null otherwise, or without the file).
   */
  record Facts(int id, int socket, CpuSet coreThreads, Integer coreId, CpuSet l3Cpus, Integer l3Id) {}

  private final SysfsFiles files;
  private Boolean siblingsShareCoreId;

  CpuScan(SysfsFiles files) {
    this.files = files;
  }

  /** The online CPUs that have topology, ascending, with their facts. */
  List<Facts> read() {
    CpuSet online = online();
    Map<Integer, Integer> sockets = new HashMap<>();
    CpuSet.Builder inPlay = new CpuSet.Builder();
    online.forEachCpu(cpu -> {
      Integer socket = files.integer(folder(cpu) + "/topology/physical_package_id");
      if (socket != null || files.isFolder(folder(cpu) + "/topology")) {
        sockets.put(cpu, socket == null ? -1 : socket);
        inPlay.add(cpu);
      }
    });
    CpuSet cpus = inPlay.build();
    if (cpus.isEmpty()) {
      throw files.error(CPU, "no online CPU (" + online + ") has a topology folder");
    }
    List<Facts> facts = new ArrayList<>(cpus.size());
    Map<Integer, L3> announced = new HashMap<>();
    cpus.forEachCpu(cpu -> facts.add(facts(cpu, sockets.get(cpu), cpus, announced)));
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
        String flag = files.isFile(folder(cpu) + "/online") ? files.text(folder(cpu) + "/online") : null;
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

  private Facts facts(int cpu, int socket, CpuSet inPlay, Map<Integer, L3> announced) {
    String topology = folder(cpu) + "/topology";
    CpuSet threads = files.cpus(topology, CORE_LISTS, CORE_MASKS);
    CpuSet core = threads == null ? CpuSet.of(cpu) : threads.intersection(inPlay);
    Integer coreId = null;
    if (core.size() > 1) {
      if (siblingsShareCoreId == null) {
        siblingsShareCoreId = core.stream().mapToObj(this::coreId).distinct().count() == 1;
      }
      coreId = siblingsShareCoreId ? null : coreId(cpu);
    }
    L3 l3 = l3(cpu, core, inPlay, announced);
    return new Facts(cpu, socket, core, coreId, l3 == null ? null : l3.cpus(), l3 == null ? null : l3.id());
  }

  private Integer coreId(int cpu) {
    return files.integer(folder(cpu) + "/topology/core_id");
  }

  /** An L3 cache: the {@code cache/indexN} folder name it has on the CPU that found it, its CPUs, its id. */
  private record L3(String index, CpuSet cpus, Integer id) {}

  /**
   * The CPU's L3. The lowest CPU of a cache finds it by the levels of its {@code cache/indexN}
   * folders and announces it to the cache's other CPUs, which then read only their own
   * {@code shared_cpu_map} at that index to confirm it (else they search as well).
   */
  private L3 l3(int cpu, CpuSet core, CpuSet inPlay, Map<Integer, L3> announced) {
    String caches = folder(cpu) + "/cache";
    L3 known = announced.remove(cpu);
    if (known != null && known.cpus().equals(sharedCpus(caches + "/" + known.index(), core, inPlay))) {
      return known;
    }
    String index = l3Index(caches);
    CpuSet shared = index == null ? null : sharedCpus(caches + "/" + index, core, inPlay);
    if (shared == null) {
      return null;
    }
    String idFile = caches + "/" + index + "/id";
    Integer id = files.isFile(idFile) ? files.integer(idFile) : null;
    if (id != null && id < 0) {
      throw files.error(idFile, "a negative cache id: " + id);
    }
    L3 found = new L3(index, shared, id);
    shared.forEachCpu(other -> {
      if (other > cpu) {
        announced.put(other, found);
      }
    });
    return found;
  }

  /** The CPUs sharing the cache of a {@code cache/indexN} folder (in play only), or null when it does not say. */
  private CpuSet sharedCpus(String cache, CpuSet core, CpuSet inPlay) {
    CpuSet shared = files.cpuMask(cache + "/shared_cpu_map");
    if (shared == null) {
      shared = files.cpuList(cache + "/shared_cpu_list");
    }
    return shared == null ? null : shared.isEmpty() ? core : shared.intersection(inPlay);
  }

  /** The name of the first {@code indexN} folder of {@code caches} that is an L3 (unified or data), or null. */
  private String l3Index(String caches) {
    for (int index : files.numbered(caches, "index")) {
      String cache = caches + "/index" + index;
      Integer level = files.integer(cache + "/level");
      if (level != null && level == 3 && !"Instruction".equals(files.text(cache + "/type"))) {
        return "index" + index;
      }
    }
    return null;
  }

  static String folder(int cpu) {
    return CPU + "/cpu" + cpu;
  }
}
