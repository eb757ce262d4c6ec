package io.podtopo.adapters.linux.sysfs;

import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a {@link SysfsTopology} from a tree: the CPUs ({@link CpuScan}), their cores and L3 caches
 * as consistent groups ({@link Groups}), the NUMA nodes ({@link NodeScan}), then the PCI functions
 * a {@link DeviceMapping} names as devices ({@link PciScan}).
 */
final class SysfsReader {

  private SysfsReader() {}

  static SysfsTopology read(SysfsTree tree, DeviceMapping mapping) {
    SysfsFiles files = new SysfsFiles(tree);
    List<CpuScan.Facts> facts = new CpuScan(files).read();
    int[] ids = facts.stream().mapToInt(CpuScan.Facts::id).toArray();
    int[] cores = coreLabels(facts, ids);
    int[] l3s = Groups.labels(ids, facts.stream().map(CpuScan.Facts::l3Cpus).toArray(CpuSet[]::new));
    NodeScan.Layout layout = new NodeScan(files).read(CpuSet.of(ids));

    int[] nodes = new int[ids.length];
    for (int i = 0; i < ids.length; i++) {
      nodes[i] = layout.nodeOfCpu().get(ids[i]);
    }
    boolean[] nodeCaches = CadvisorUncore.nodeCaches(cores, l3s, nodes);
    Map<Integer, Integer> l3IdOf = new HashMap<>();
    facts.forEach(cpu -> l3IdOf.put(cpu.id(), cpu.l3Id()));
    List<SysfsTopology.Cpu> cpus = new ArrayList<>(ids.length);
    for (int i = 0; i < ids.length; i++) {
      SysfsTopology.L3 l3 = null;
      if (l3s[i] != Groups.NONE) {
        Integer id = l3IdOf.get(l3s[i]);
        l3 = new SysfsTopology.L3(l3s[i], id, id != null && !nodeCaches[i]);
      }
      cpus.add(new SysfsTopology.Cpu(ids[i], facts.get(i).socket(), cores[i], nodes[i], l3));
    }
    java.util.Set<Integer> nodeIds = new java.util.TreeSet<>();
    layout.nodes().forEach(node -> nodeIds.add(node.id()));
    return new SysfsTopology(tree.name(), cpus, layout.nodes(), layout.distances(),
        new PciScan(files).read(mapping, nodeIds));
  }

  /** The core label of each CPU: its group of siblings sharing its {@code core_id}, else the CPU alone. */
  private static int[] coreLabels(List<CpuScan.Facts> facts, int[] ids) {
    Map<Integer, Integer> coreIdOf = new HashMap<>();
    facts.forEach(cpu -> coreIdOf.put(cpu.id(), cpu.coreId()));
    CpuSet[] threads = facts.stream().map(cpu -> sameCoreId(cpu, coreIdOf)).toArray(CpuSet[]::new);
    int[] cores = Groups.labels(ids, threads);
    for (int i = 0; i < ids.length; i++) {
      if (cores[i] == Groups.NONE) {
        cores[i] = ids[i];
      }
    }
    return cores;
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
