package io.podtopo.domain.topologymanager;

import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaMask;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Upstream {@code NUMAInfo}: the machine's NUMA node ids and, when {@code prefer-closest-numa-nodes}
 * is on, their distance matrix; plus the two mask choices of the merge, {@link #narrowest} and
 * {@link #closest}.
 *
 * <p>A distance row holds one entry per NUMA node in ascending id order (the sysfs and cadvisor
 * layout). Upstream indexes a row by node id, which is the same thing on machines with ids
 * 0..n-1 and out of range on sparse ids; here a row is indexed by the node's position, which
 * agrees with upstream wherever upstream works.
 */
public final class NumaInfo {

  private final List<Integer> nodes;
  private final SortedMap<Integer, List<Long>> distances;
  private final List<Integer> sortedNodes;

  private NumaInfo(List<Integer> nodes, SortedMap<Integer, List<Long>> distances) {
    this.nodes = List.copyOf(nodes);
    this.distances = Collections.unmodifiableSortedMap(distances);
    this.sortedNodes = nodes.stream().sorted().toList();
  }

  /** NUMA info for these node ids (0..63) and distance rows (may be empty when unused). */
  public static NumaInfo of(List<Integer> nodes, Map<Integer, List<Long>> distances) {
    for (int node : nodes) {
      if (node < 0 || node > NumaMask.MAX_NODE_ID) {
        throw new InvalidTopologyManagerConfigException(
            "NUMA node " + node + " is outside 0.." + NumaMask.MAX_NODE_ID + ", the range of a topology hint mask");
      }
    }
    SortedMap<Integer, List<Long>> rows = new TreeMap<>();
    distances.forEach((node, row) -> rows.put(node, List.copyOf(row)));
    return new NumaInfo(nodes, rows);
  }

  /** NUMA info without distances. */
  public static NumaInfo of(List<Integer> nodes) {
    return of(nodes, Map.of());
  }

  /**
   * The NUMA info the kubelet builds at start for a policy other than none (upstream
   * {@code NewManager}): distances are required only with {@code prefer-closest-numa-nodes}, and a
   * machine with more NUMA nodes than {@code max-allowable-numa-nodes} is refused.
   *
   * @throws InvalidTopologyManagerConfigException with upstream's message
   */
  public static NumaInfo forMachine(Machine machine, TopologyManagerPolicy policy, TopologyManagerOptions options) {
    List<Integer> nodes = machine.numaNodeIds();
    SortedMap<Integer, List<Long>> rows = new TreeMap<>();
    if (options.preferClosestNumaNodes()) {
      if (!machine.hasDistances()) {
        throw new InvalidTopologyManagerConfigException(
            "cannot discover NUMA topology: error getting NUMA distances from cadvisor");
      }
      machine.distances().forEach((node, row) -> rows.put(node, row.stream().map(Integer::longValue).toList()));
    }
    if (policy != TopologyManagerPolicy.NONE && nodes.size() > options.maxAllowableNumaNodes()) {
      throw new InvalidTopologyManagerConfigException(
          "unsupported on machines with more than " + options.maxAllowableNumaNodes() + " NUMA Nodes");
    }
    if (policy == TopologyManagerPolicy.NONE) {
      return new NumaInfo(nodes, rows);
    }
    return of(nodes, rows);
  }

  /** The NUMA node ids, in machine order. */
  public List<Integer> nodes() {
    return nodes;
  }

  /** Distance rows by node id; empty when distances were not needed. */
  public SortedMap<Integer, List<Long>> distances() {
    return distances;
  }

  /** Upstream {@code DefaultAffinityMask}: every NUMA node. */
  public NumaMask defaultAffinityMask() {
    return NumaMask.of(nodes);
  }

  /** Upstream {@code Narrowest}: {@code m1} if it is narrower than {@code m2}, else {@code m2}. */
  public NumaMask narrowest(NumaMask m1, NumaMask m2) {
    return m1.isNarrowerThan(m2) ? m1 : m2;
  }

  /**
   * Upstream {@code Closest}: the narrower mask if the counts differ; else the smaller average
   * distance; equal averages pick the numerically smaller mask.
   */
  public NumaMask closest(NumaMask m1, NumaMask m2) {
    if (m1.count() != m2.count()) {
      return narrowest(m1, m2);
    }
    double d1 = averageDistance(m1);
    double d2 = averageDistance(m2);
    if (d1 == d2) {
      return m1.isLessThan(m2) ? m1 : m2;
    }
    return d1 < d2 ? m1 : m2;
  }

  /**
   * Upstream {@code CalculateAverageFor}: the mean of {@code dist[i][j]} over all ordered pairs of
   * the mask's nodes, diagonal included, in float64 and summed in the same order; 0 for an empty
   * mask.
   *
   * @throws IllegalStateException when a needed distance is missing
   */
  public double averageDistance(NumaMask mask) {
    if (mask.isEmpty()) {
      return 0;
    }
    double sum = 0;
    double count = 0;
    List<Integer> bits = mask.nodes();
    for (int from : bits) {
      List<Long> row = distances.get(from);
      for (int to : bits) {
        int column = sortedNodes.indexOf(to);
        if (row == null || column < 0 || column >= row.size()) {
          throw new IllegalStateException("no NUMA distance from node " + from + " to node " + to);
        }
        sum += (double) row.get(column);
        count++;
      }
    }
    return sum / count;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof NumaInfo that && nodes.equals(that.nodes) && distances.equals(that.distances);
  }

  @Override
  public int hashCode() {
    return nodes.hashCode() * 31 + distances.hashCode();
  }

  @Override
  public String toString() {
    return "NumaInfo" + nodes + (distances.isEmpty() ? "" : " distances " + new ArrayList<>(distances.values()));
  }
}
