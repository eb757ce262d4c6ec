package io.podtopo.domain.memorymanager;

import io.podtopo.domain.admission.AdmissionCause;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.TestPods;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Machines, policies and pods for the memory-manager tests. */
final class MemoryFixtures {

  static final long MI = 1L << 20;
  static final long GI = 1L << 30;
  static final FeatureGates PLRM_ON = FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true);
  static final FeatureGates PLRM_OFF = FeatureGates.defaults();
  static final TopologyHint ANY = TopologyHint.any(false);

  private MemoryFixtures() {}

  /** {@code count} nodes, each with {@code memoryGi} GiB of memory and {@code hugepages1Gi} 1 GiB pages. */
  static List<NumaNode> nodes(int count, long memoryGi, long hugepages1Gi) {
    List<NumaNode> nodes = new ArrayList<>();
    for (int id = 0; id < count; id++) {
      NumaNode.Builder node = new NumaNode.Builder().id(id).memoryBytes(memoryGi * GI);
      if (hugepages1Gi > 0) {
        node.putHugepage(GI, hugepages1Gi);
      }
      nodes.add(node.build());
    }
    return nodes;
  }

  /** 1 GiB of regular memory reserved on every node. */
  static StaticMemoryPolicy policy(List<NumaNode> nodes, FeatureGates gates) {
    Map<Integer, Map<String, Long>> reserved = new TreeMap<>();
    nodes.forEach(node -> reserved.put(node.id(), Map.of("memory", GI)));
    return StaticMemoryPolicy.create(nodes, reserved, gates);
  }

  static MemoryManagerState started(StaticMemoryPolicy policy) {
    return policy.start(MemoryManagerState.empty());
  }

  /** The state an allocation gives; an allocation that refuses the pod fails the test. */
  static MemoryManagerState allocated(MemoryAllocationResult result) {
    if (result.error().isPresent()) {
      throw new AssertionError("the allocation refused the pod: " + result.error().get());
    }
    return result.state();
  }

  /** Why an allocation refused the pod; one that does not fails the test. */
  static AdmissionCause refused(MemoryAllocationResult result) {
    return result.error().orElseThrow(() -> new AssertionError("the allocation refused nothing: " + result.state()));
  }

  /** An equivalent-Guaranteed container: cpu and memory (and extra resources) request = limit. */
  static Container gu(String name, String cpu, String memory, String... extra) {
    return TestPods.pinned(name, cpu, memory, extra);
  }

  /** A container without resources. */
  static Container ngu(String name) {
    return Container.named(name);
  }

  static Container sidecar(Container container) {
    return TestPods.sidecar(container);
  }

  /** A pod-level pod with cpu and memory (and extra resources) request = limit. */
  static Pod.Builder podLevel(String uid, String cpu, String memory, String... extra) {
    return TestPods.podLevel(uid, cpu, memory, extra);
  }

  static TopologyHint hint(boolean preferred, int... nodes) {
    return TopologyHint.of(NumaMask.of(nodes), preferred);
  }

  static MemoryBlock block(String type, long size, Integer... nodes) {
    return MemoryBlock.of(List.of(nodes), type, size);
  }

  static MemoryTable table(MemoryManagerState state, int node, String type) {
    return state.machineState().table(node, type).orElseThrow();
  }
}
