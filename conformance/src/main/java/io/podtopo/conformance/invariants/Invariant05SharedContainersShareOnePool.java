package io.podtopo.conformance.invariants;

import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** §15.5: the ineligible app containers and ineligible sidecars of a pod all hold the same set, P(p). */
public final class Invariant05SharedContainersShareOnePool extends NumberedInvariant implements SnapshotInvariant {

  public Invariant05SharedContainersShareOnePool() {
    super(5, "All ineligible app containers and ineligible sidecars of a pod have identical sets == P(p)");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (PodPartition partition : PodPartition.all(snapshot)) {
      CpuSet first = null;
      String firstName = null;
      for (Map.Entry<String, CpuSet> shared : partition.shared().entrySet()) {
        if (first == null) {
          first = shared.getValue();
          firstName = shared.getKey();
        } else if (!first.equals(shared.getValue())) {
          violations.add(Violation.ofContainer(number(), partition.pod().uid(), shared.getKey(), "shared set \""
              + shared.getValue() + "\" differs from \"" + first + "\" of " + firstName));
        }
      }
      if (first != null && partition.allSlicesPresent() && !first.equals(partition.expectedPool())) {
        violations.add(Violation.ofContainer(number(), partition.pod().uid(), firstName, "shared set \"" + first
            + "\" is not the pod shared pool \"" + partition.expectedPool() + "\""));
      }
    }
    return violations;
  }
}
