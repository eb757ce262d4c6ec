package io.podtopo.conformance.invariants;

import java.util.List;

/** An invariant about one operation: the snapshot before it, the operation and the snapshot after it. */
public interface TransitionInvariant extends Invariant {

  /** The violations of this transition; empty when it holds. */
  List<Violation> checkTransition(NodeSnapshot before, Operation operation, NodeSnapshot after);
}
