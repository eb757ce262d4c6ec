package io.podtopo.conformance.kinds;

import io.podtopo.conformance.scenarios.NodeScenarioKind;
import io.podtopo.conformance.vectors.VectorKind;
import java.util.List;

/** Every vector kind the reference implementation answers, one class per kind. */
public final class ReferenceKinds {

  private ReferenceKinds() {}

  /** The kinds, in the order of the vector files. */
  public static List<VectorKind> all() {
    return List.of(
        // topologymanager_policy.json
        new MergeHintsKind(),
        new PolicyAdmitKind(),
        new SingleNumaFilterHintsKind(),
        // cpu_assignment.json
        new TakeByTopologyKind(),
        new TakeByTopologyResizeKind(),
        // cpu_topology_hints.json
        new CpuHintsKind(),
        new PodGuaranteedCpusKind(),
        // cpu_static_policy.json
        new StaticStartKind(),
        new StaticAllocateKind(),
        new StaticAllocateSequenceKind(),
        new StaticRemoveKind(),
        new StaticAllocateCpusKind(),
        new StaticPolicyOptionsKind(),
        new SmtAlignmentErrorTextKind(),
        new StaticAllocatePodKind(),
        new StaticValidatePodScopeKind(),
        // memory_static_policy.json
        new MemoryNewKind(),
        new MemoryStartKind(),
        new MemoryAllocateKind(),
        // device_manager.json
        new DeviceHintsKind(),
        new DeviceAllocateKind(),
        new DevicePreferredAllocationKind(),
        new DevicePodRequestKind(),
        new DeviceAllocateSequenceKind(),
        // node_scenarios.json
        new NodeScenarioKind(),
        // pod_defaulting.json
        new PodCreateKind(),
        new StaticPodDecodeKind());
  }
}
