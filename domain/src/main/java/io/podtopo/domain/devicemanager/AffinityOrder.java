package io.podtopo.domain.devicemanager;

import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.DeviceIds;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * Upstream {@code filterByAffinity}: the available devices of a resource split into those on the
 * hint's NUMA nodes ({@link #aligned()}), on other nodes ({@link #unaligned()}) and without
 * topology ({@link #withoutTopology()}). Without topology for the resource, or with a hint that has
 * no NUMA nodes, every device is "without topology".
 *
 * <p>Within the first two groups the nodes come in upstream's sort order: fewer available devices
 * first, then (decision D-39, where Go's unstable sort leaves it open) the lower node id; within a
 * node, devices by {@link DeviceIds#ORDER}. Upstream turns the groups back into Go sets, so it
 * takes from a group in random order; this order makes the choice deterministic.
 */
record AffinityOrder(LinkedHashSet<String> aligned, LinkedHashSet<String> unaligned,
    LinkedHashSet<String> withoutTopology) {

  static AffinityOrder of(Map<String, Device> devices, SortedSet<String> available, TopologyHint hint,
      boolean hasTopologyAlignment) {
    if (!hasTopologyAlignment || hint.affinity().isEmpty()) {
      return new AffinityOrder(new LinkedHashSet<>(), new LinkedHashSet<>(), new LinkedHashSet<>(available));
    }
    NumaMask affinity = hint.affinity().get();
    TreeMap<Integer, List<String>> perNode = new TreeMap<>();
    LinkedHashSet<String> none = new LinkedHashSet<>();
    for (String id : available) {
      Device device = devices.get(id);
      if (device == null || device.numaNode().isEmpty()) {
        none.add(id);
      } else {
        perNode.computeIfAbsent(device.numaNode().get(), node -> new ArrayList<>()).add(id);
      }
    }
    Comparator<Integer> byCount = Comparator.comparingInt(node -> perNode.get(node).size());
    List<Integer> nodes = new ArrayList<>(perNode.keySet());
    nodes.sort(Comparator.<Integer, Boolean>comparing(node -> !affinity.isSet(node))
        .thenComparing(byCount).thenComparing(Comparator.naturalOrder()));
    LinkedHashSet<String> aligned = new LinkedHashSet<>();
    LinkedHashSet<String> unaligned = new LinkedHashSet<>();
    for (int node : nodes) {
      (affinity.isSet(node) ? aligned : unaligned).addAll(perNode.get(node));
    }
    return new AffinityOrder(aligned, unaligned, none);
  }

  /** The devices of {@code group} that are also in {@code among}, in the group's order. */
  static LinkedHashSet<String> within(Set<String> group, Set<String> among) {
    LinkedHashSet<String> kept = new LinkedHashSet<>();
    group.stream().filter(among::contains).forEach(kept::add);
    return kept;
  }
}
