package io.podtopo.conformance.kinds;

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
        new TakeByTopologyResizeKind()
        // cpu_topology_hints.json
        // cpu_static_policy.json
        // memory_static_policy.json
        );
  }
}
