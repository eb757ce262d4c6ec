package io.podtopo.conformance.invariants;

import java.util.List;

/** An invariant that every node snapshot must satisfy. */
public interface SnapshotInvariant extends Invariant {

  /** The violations in {@code snapshot}; empty when it holds. */
  List<Violation> check(ObservedNode snapshot);
}
