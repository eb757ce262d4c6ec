package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeState;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * §15.34: when a container of a pod with a bubble (or pod memory) goes and others remain, nothing of
 * it returns to the pod shared pool or the default set: every remaining container keeps exactly its
 * CPUs and memory blocks, and the bubble and the default set stay as they were. The removed
 * container's own entries may stay as they were: the kubelet keeps them until its pod is no longer
 * active (NA-21).
 */
public final class Invariant34ExitedSlicesNotReturned extends NumberedInvariant implements TransitionInvariant {

  public Invariant34ExitedSlicesNotReturned() {
    super(34, "Exclusive slices of exited/restarted containers are not returned to P(p) or D before pod teardown");
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.RemoveContainer removal)) {
      return List.of();
    }
    String uid = removal.podUid();
    NodeState was = before.state();
    NodeState is = after.state();
    List<Violation> violations = new ArrayList<>();
    if (was.cpu().podCpus(uid).isPresent() && !is.cpu().containerEntries(uid).isEmpty()) {
      if (!othersKept(was.cpu().containerEntries(uid), is.cpu().containerEntries(uid), removal.containerName())
          || !is.cpu().podCpus(uid).equals(was.cpu().podCpus(uid))
          || !is.cpu().defaultCpuSet().equals(was.cpu().defaultCpuSet())) {
        violations.add(Violation.ofContainer(number(), uid, removal.containerName(), "removal changed the pod's CPUs: "
            + was.cpu().containerEntries(uid) + " -> " + is.cpu().containerEntries(uid) + ", bubble "
            + is.cpu().podCpus(uid) + ", default set \"" + is.cpu().defaultCpuSet() + "\""));
      }
    }
    if (was.memory().podBlocks(uid).isPresent() && !is.memory().containersOf(uid).isEmpty()) {
      if (!othersKept(was.memory().containersOf(uid), is.memory().containersOf(uid), removal.containerName())
          || !is.memory().podBlocks(uid).equals(was.memory().podBlocks(uid))) {
        violations.add(Violation.ofContainer(number(), uid, removal.containerName(), "removal changed the pod's memory: "
            + was.memory().containersOf(uid) + " -> " + is.memory().containersOf(uid)));
      }
    }
    return violations;
  }

  /**
   * Every other container keeps exactly its entry; the removed one's entry is gone or, as the kubelet
   * keeps it until its pod is no longer active (NA-21), unchanged.
   */
  private static <T> boolean othersKept(SortedMap<String, T> before, SortedMap<String, T> after, String removed) {
    SortedMap<String, T> others = new TreeMap<>(after);
    T kept = others.remove(removed);
    SortedMap<String, T> expected = new TreeMap<>(before);
    T was = expected.remove(removed);
    return others.equals(expected) && (kept == null || kept.equals(was));
  }
}
