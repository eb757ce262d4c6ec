package io.podtopo.adapters.linux.sysfs;

import io.podtopo.domain.topology.CpuSet;
import java.util.HashMap;
import java.util.Map;

/**
 * Groups CPUs by the set each one reports sharing with (its core's threads, its L3 cache's CPUs).
 *
 * <p>A group stands only when every CPU in it reports exactly that set; a CPU whose set is missing,
 * leaves the CPU itself out, or is not reported alike by all its members gets no group. This is how
 * hwloc treats conflicting sets (it drops them), and it always yields a partition, whatever a
 * garbled tree says.
 */
final class Groups {

  /** No group. */
  static final int NONE = -1;

  private Groups() {}

  /**
   * The group label of each CPU: the lowest CPU id of its group, or {@link #NONE}.
   *
   * @param cpus CPU ids
   * @param reported the set {@code cpus[i]} reports (already limited to the CPUs in play), or null
   */
  static int[] labels(int[] cpus, CpuSet[] reported) {
    Map<CpuSet, CpuSet.Builder> reporters = new HashMap<>();
    for (int i = 0; i < cpus.length; i++) {
      if (reported[i] != null && reported[i].contains(cpus[i])) {
        reporters.computeIfAbsent(reported[i], set -> new CpuSet.Builder()).add(cpus[i]);
      }
    }
    Map<CpuSet, Boolean> consistent = new HashMap<>();
    reporters.forEach((set, members) -> consistent.put(set, members.build().equals(set)));
    int[] labels = new int[cpus.length];
    for (int i = 0; i < cpus.length; i++) {
      boolean stands = reported[i] != null && consistent.getOrDefault(reported[i], false);
      labels[i] = stands ? reported[i].first() : NONE;
    }
    return labels;
  }
}
