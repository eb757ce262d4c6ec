package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.ports.in.ScenarioStep;
import java.util.List;
import java.util.Optional;

/**
 * An invariant about one step: the node before it, the step (an admission or a removal) with the
 * admission it made, and the node after it.
 */
public interface TransitionInvariant extends Invariant {

  /**
   * The violations of this transition; empty when it holds.
   *
   * @param admission the admission of an admit step (its outcome, with the trace); empty for a removal
   */
  List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after);
}
