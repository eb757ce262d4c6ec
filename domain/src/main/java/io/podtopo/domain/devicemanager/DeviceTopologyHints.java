package io.podtopo.domain.devicemanager;

import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.FittingMasks;
import io.podtopo.domain.topologymanager.MaskFamily;
import io.podtopo.domain.topologymanager.ResourceHints;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Upstream {@code generateDeviceTopologyHints} for one resource: a hint per NUMA combination (in
 * {@code IterateBitMasks} order) that touches the NUMA node of every reusable device with topology
 * and whose available devices, with those reusable ones, cover the request; preferred when as
 * narrow as the narrowest combination whose devices, all of them (allocated and unhealthy
 * included), could ever cover it (all nodes when none can).
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
    long nodeBits = NumaMask.of(numaNodes).bits();
    int width = FittingMasks.minAffinity(numaNodes.stream().mapToLong(node -> total[node]).toArray(), request);
    long requiredNodes = required;
    long reused = reusableWithTopology;
    MaskFamily family = MaskFamily.over(nodeBits)
        .thresholdPart(nodeBits, required, 1, new long[][] {free}, new long[] {request - reusableWithTopology})
        .preferredWidth(width)
        .description(() -> "every mask holding NUMA " + NumaMask.fromBits(requiredNodes) + " with " + request + " "
            + resource + " devices available or reusable; preferred width " + width)
        .enumeration(() -> enumerated(total, free, requiredNodes, reused, request))
        .build();
    return ResourceHints.implicit(family);
  }

  /** The loop of {@code generateDeviceTopologyHints}, as upstream runs it. */
  private ResourceHints enumerated(long[] total, long[] free, long required, long reusableWithTopology, long request) {
    return FittingMasks.walk(numaNodes, total, free, required, reusableWithTopology, request).hints(mask -> false);
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
