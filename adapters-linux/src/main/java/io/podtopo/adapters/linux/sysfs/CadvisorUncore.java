package io.podtopo.adapters.linux.sysfs;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which L3 caches cadvisor reports as a CPU's uncore cache. cadvisor files an L3 that holds exactly
 * as many CPUs as the CPU's NUMA node (the node's cores times this core's threads) as the node's
 * cache, not the core's, so the kubelet's {@code topology.Discover} does not see it and falls back
 * to the socket (decision D-23).
 */
final class CadvisorUncore {

  private CadvisorUncore() {}

  /**
   * For each CPU {@code i} (core label {@code cores[i]}, L3 label {@code l3s[i]} or
   * {@link Groups#NONE}, NUMA node {@code nodes[i]}): whether its L3 is filed as its NUMA node's
   * cache. False for a CPU without an L3.
   */
  static boolean[] nodeCaches(int[] cores, int[] l3s, int[] nodes) {
    Map<Integer, Integer> threadsOfCore = new HashMap<>();
    Map<Integer, Integer> cpusOfL3 = new HashMap<>();
    Map<Integer, Set<Integer>> coresOfNode = new HashMap<>();
    for (int i = 0; i < cores.length; i++) {
      threadsOfCore.merge(cores[i], 1, Integer::sum);
      cpusOfL3.merge(l3s[i], 1, Integer::sum);
      coresOfNode.computeIfAbsent(nodes[i], node -> new HashSet<>()).add(cores[i]);
    }
    boolean[] nodeCache = new boolean[cores.length];
    for (int i = 0; i < cores.length; i++) {
      nodeCache[i] = l3s[i] != Groups.NONE
          && cpusOfL3.get(l3s[i]) == coresOfNode.get(nodes[i]).size() * threadsOfCore.get(cores[i]);
    }
    return nodeCache;
  }
}
