package io.podtopo.conformance.invariants;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.node.Admission;
import io.podtopo.ports.in.ScenarioStep;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * §15.22: the memory machine state's reserved bytes grow by exactly the pod budget per type when a
 * pod memory entry is created, do not move while the pod loses non-last containers, and shrink by the
 * same amount once, with its last container (or the whole pod).
 */
public final class Invariant22MachineReservationMovesByPodBudget extends NumberedInvariant
    implements TransitionInvariant {

  public Invariant22MachineReservationMovesByPodBudget() {
    super(22, "Machine state Reserved grows by exactly the pod budget per type at AllocatePod and shrinks by the same "
        + "amount exactly once, when the pod's last container entry is removed");
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    MemoryManagerState was = before.state().memory();
    MemoryManagerState is = after.state().memory();
    String uid = Steps.podUid(step);
    SortedMap<String, Long> delta = StateViews.reservedDelta(was.machineState(), is.machineState());
    SortedMap<String, Long> expected;
    if (step instanceof ScenarioStep.Admit admit) {
      Optional<List<MemoryBlock>> created = is.podBlocks(uid);
      if (!admission.orElseThrow().admitted() || created.isEmpty() || was.podBlocks(uid).isPresent()) {
        return List.of();
      }
      expected = StateViews.sizesByType(created.get());
    } else {
      Optional<List<MemoryBlock>> existing = was.podBlocks(uid);
      if (existing.isEmpty()) {
        return List.of();
      }
      boolean released = is.containersOf(uid).isEmpty();
      expected = new TreeMap<>();
      if (released) {
        StateViews.sizesByType(existing.get()).forEach((type, size) -> expected.put(type, -size));
      }
    }
    if (!delta.equals(expected)) {
      return List.of(Violation.ofPod(number(), uid, Steps.kind(step) + " moved reserved memory by "
          + delta + ", expected " + expected));
    }
    return List.of();
  }
}
