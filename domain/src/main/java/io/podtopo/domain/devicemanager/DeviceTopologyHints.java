package io.podtopo.domain.devicemanager;

import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.FittingMasks;
import io.podtopo.domain.topologymanager.MaskFamily;
import io.podtopo.domain.topologymanager.ResourceHints;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Upstream {@code generateDeviceTopologyHints} for one resource: a hint per combination (in
 * {@code IterateBitMasks} order) of the NUMA nodes that host a device of the resource (upstream's
 * {@code deviceNUMANodes}: the machine's nodes any of its devices, allocated and unhealthy
 * included, reports; all the machine's nodes when none does) that touches the NUMA node of every
 * reusable device with topology and whose available devices, with those reusable ones, cover the
 * request; preferred when as narrow as the narrowest combination whose devices, all of them, could
 * ever cover it (all those nodes when none can). A node that hosts no device of the resource is in
 * no hint (kubernetes/kubernetes#138244, since v1.36).
 *
 * <p>Devices report one NUMA node here, so a combination's devices are the sum over its nodes and
 * the list is also given as a rule ({@link MaskFamily}, ADR 0007) that the Topology Manager can
 * merge on many NUMA nodes without listing it. A device without topology is never in a
 * combination.
 */
final class DeviceTopologyHints {

  private final List<Integer> numaNodes;

  DeviceTopologyHints(List<Integer> numaNodes) {
    this.numaNodes = List.copyOf(numaNodes);
  }

  /**
   * The hints for a request of {@code request} devices of a resource whose devices are
   * {@code allDevices} (by id), given the ids {@code available} and {@code reusable}.
   */
  ResourceHints generate(String resource, Map<String, Device> allDevices, Set<String> available, Set<String> reusable,
      long request) {
    long[] total = perNode(allDevices, allDevices.keySet());
    long[] free = perNode(allDevices, available);
    long required = 0;
    long reusableWithTopology = 0;
    for (String id : reusable) {
      Device device = allDevices.get(id);
      if (device != null && device.numaNode().isPresent()) {
        required |= 1L << device.numaNode().get();
        reusableWithTopology++;
      }
    }
    List<Integer> nodes = deviceNodes(allDevices);
    long nodeBits = NumaMask.of(nodes).bits();
    int width = FittingMasks.minAffinity(nodes.stream().mapToLong(node -> total[node]).toArray(), request);
    long requiredNodes = required;
    long reused = reusableWithTopology;
    MaskFamily family = MaskFamily.over(nodeBits)
        .thresholdPart(nodeBits, required, 1, new long[][] {free}, new long[] {request - reusableWithTopology})
        .preferredWidth(width)
        .description(() -> "every mask holding NUMA " + NumaMask.fromBits(requiredNodes) + " with " + request + " "
            + resource + " devices available or reusable; preferred width " + width)
        .enumeration(() -> enumerated(nodes, total, free, requiredNodes, reused, request))
        .build();
    return ResourceHints.implicit(family);
  }

  /** The loop of {@code generateDeviceTopologyHints}, as upstream runs it. */
  private static ResourceHints enumerated(List<Integer> nodes, long[] total, long[] free, long required,
      long reusableWithTopology, long request) {
    return FittingMasks.walk(nodes, total, free, required, reusableWithTopology, request).hints(mask -> false);
  }

  /**
   * Upstream {@code deviceNUMANodes}, the nodes the hints are made of: the machine's NUMA nodes that
   * host a device of the resource (any device, allocated and unhealthy included; a node the machine
   * does not have is dropped), in order; all the machine's nodes when there is none.
   */
  List<Integer> deviceNodes(Map<String, Device> allDevices) {
    SortedSet<Integer> hosting = new TreeSet<>();
    for (Device device : allDevices.values()) {
      device.numaNode().filter(numaNodes::contains).ifPresent(hosting::add);
    }
    return hosting.isEmpty() ? numaNodes : List.copyOf(hosting);
  }

  private static long[] perNode(Map<String, Device> allDevices, Set<String> ids) {
    long[] counts = new long[NumaMask.MAX_NODE_ID + 1];
    for (String id : ids) {
      Device device = allDevices.get(id);
      if (device != null) {
        device.numaNode().filter(node -> node <= NumaMask.MAX_NODE_ID).ifPresent(node -> counts[node]++);
      }
    }
    return counts;
  }
}
