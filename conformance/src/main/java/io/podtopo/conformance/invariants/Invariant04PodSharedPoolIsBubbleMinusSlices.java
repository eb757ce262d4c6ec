package io.podtopo.conformance.invariants;

import java.util.ArrayList;
import java.util.List;

/**
 * §15.4: the pod shared pool is the bubble minus the exclusive slices of the eligible long-running
 * containers, and it meets none of them. The pool is what the ineligible long-running containers
 * hold; once an eligible container is gone its slice stays out of the pool (§15.34), so equality is
 * checked only while every slice is present, disjointness always.
 */
public final class Invariant04PodSharedPoolIsBubbleMinusSlices extends NumberedInvariant implements SnapshotInvariant {

  public Invariant04PodSharedPoolIsBubbleMinusSlices() {
    super(4, "P(p) = B(p) − ∪{X(c) : c ∈ LR(p), eligible}; P(p) ∩ X(c) = ∅ for every eligible c ∈ LR(p)");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (PodPartition partition : PodPartition.all(snapshot)) {
      partition.shared().forEach((name, pool) -> {
        if (pool.intersects(partition.allSlices())) {
          violations.add(Violation.ofContainer(number(), partition.pod().uid(), name, "shared pool \"" + pool
              + "\" meets the exclusive slices " + partition.slices()));
        } else if (partition.allSlicesPresent() && !pool.equals(partition.expectedPool())) {
          violations.add(Violation.ofContainer(number(), partition.pod().uid(), name, "shared pool \"" + pool
              + "\" is not bubble \"" + partition.bubble() + "\" minus slices " + partition.slices() + " = \""
              + partition.expectedPool() + "\""));
        }
      });
    }
    return violations;
  }
}
