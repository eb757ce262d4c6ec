package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.PodResourcesView;
import java.util.List;

/** An invariant of the PodResources v1 {@code List} answer given for a node snapshot. */
public interface PodResourcesInvariant extends Invariant {

  /** The violations of {@code view}, the answer for the active pods of {@code snapshot}. */
  List<Violation> checkPodResources(ObservedNode snapshot, PodResourcesView view);
}
