package io.podtopo.adapters.linux.sysfs;

import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads a {@link SysfsTopology} from a tree: CPUs ({@link CpuScan}), then nodes ({@link NodeScan}). */
final class SysfsReader {

  private SysfsReader() {}

  static SysfsTopology read(SysfsTree tree) {
    SysfsFiles files = new SysfsFiles(tree);
    List<CpuScan.Facts> facts = new CpuScan(files).read();
    int count = facts.size();
    int[] ids = new int[count];
    CpuSet[] coreThreads = new CpuSet[count];
    CpuSet[] l3Cpus = new CpuSet[count];
    Map<Integer, Integer> l3IdOf = new HashMap<>();
    Map<Integer, Integer> coreIdOf = new HashMap<>();
    for (int i = 0; i < count; i++) {
      CpuScan.Facts cpu = facts.get(i);
      ids[i] = cpu.id();
      l3Cpus[i] = cpu.l3Cpus();
      l3IdOf.put(cpu.id(), cpu.l3Id());
      coreIdOf.put(cpu.id(), cpu.coreId());
    }
    for (int i = 0; i < count; i++) {
      coreThreads[i] = sameCoreId(facts.get(i), coreIdOf);
    }
    int[] cores = Groups.labels(ids, coreThreads);
    int[] l3s = Groups.labels(ids, l3Cpus);
    NodeScan.Layout layout = new NodeScan(files).read(CpuSet.of(ids));

    Map<Integer, Integer> threadsOfCore = new HashMap<>();
    Map<Integer, Integer> cpusOfL3 = new HashMap<>();
    Map<Integer, Set<Integer>> coresOfNode = new HashMap<>();
    for (int i = 0; i < count; i++) {
      if (cores[i] == Groups.NONE) {
        cores[i] = ids[i];
      }
      threadsOfCore.merge(cores[i], 1, Integer::sum);
      cpusOfL3.merge(l3s[i], 1, Integer::sum);
      coresOfNode.computeIfAbsent(layout.nodeOfCpu().get(ids[i]), node -> new HashSet<>()).add(cores[i]);
    }
    List<SysfsTopology.Cpu> cpus = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int node = layout.nodeOfCpu().get(ids[i]);
      SysfsTopology.L3 l3 = null;
      if (l3s[i] != Groups.NONE) {
        Integer id = l3IdOf.get(l3s[i]);
        boolean nodeCache = cpusOfL3.get(l3s[i]) == coresOfNode.get(node).size() * threadsOfCore.get(cores[i]);
        l3 = new SysfsTopology.L3(l3s[i], id, id != null && !nodeCache);
      }
      cpus.add(new SysfsTopology.Cpu(ids[i], facts.get(i).socket(), cores[i], node, l3));
    }
    return new SysfsTopology(tree.name(), cpus, layout.nodes(), layout.distances());
  }

  /** The CPU's sibling threads that share its {@code core_id} (all of them when it has none). */
  private static CpuSet sameCoreId(CpuScan.Facts cpu, Map<Integer, Integer> coreIdOf) {
    if (cpu.coreId() == null) {
      return cpu.coreThreads();
    }
    CpuSet.Builder same = new CpuSet.Builder();
    cpu.coreThreads().forEachCpu(thread -> {
      if (cpu.coreId().equals(coreIdOf.get(thread))) {
        same.add(thread);
      }
    });
    return same.build();
  }
}
