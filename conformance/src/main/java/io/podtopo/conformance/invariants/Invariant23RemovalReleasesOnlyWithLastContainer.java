package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §15.23: removing a non-last container of a pod with a bubble or pod memory changes neither the
 * default set nor the memory machine state; removing its last container returns exactly the bubble
 * to the default set and drops the pod entries. The round trip (admit, then remove every container,
 * with nothing else in between) is {@link #roundTrip}.
 */
public final class Invariant23RemovalReleasesOnlyWithLastContainer extends NumberedInvariant
    implements TransitionInvariant {

  public Invariant23RemovalReleasesOnlyWithLastContainer() {
    super(23, "Removing a non-last container of a PLR pod never changes D or machine state; removing the last restores "
        + "D/machine state to their pre-admission values (round trip)");
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (step instanceof ScenarioStep.Admit) {
      return List.of();
    }
    String uid = Steps.podUid(step);
    NodeState was = before.state();
    NodeState is = after.state();
    List<Violation> violations = new ArrayList<>();
    Optional<CpuSet> bubble = was.cpu().podCpus(uid);
    if (bubble.isPresent()) {
      boolean last = is.cpu().containerEntries(uid).isEmpty();
      CpuSet expected = last ? was.cpu().defaultCpuSet().union(bubble.get()) : was.cpu().defaultCpuSet();
      if (!is.cpu().defaultCpuSet().equals(expected)) {
        violations.add(Violation.ofPod(number(), uid, (last ? "last" : "non-last") + " removal left the default set \""
            + is.cpu().defaultCpuSet() + "\", expected \"" + expected + "\" (bubble \"" + bubble.get() + "\")"));
      }
      if (last == is.cpu().podCpus(uid).isPresent()) {
        violations.add(Violation.ofPod(number(), uid, "bubble after " + (last ? "last" : "non-last") + " removal: "
            + is.cpu().podCpus(uid)));
      }
    }
    if (was.memory().podBlocks(uid).isPresent()) {
      boolean last = is.memory().containersOf(uid).isEmpty();
      if (!last && !is.memory().machineState().equals(was.memory().machineState())) {
        violations.add(Violation.ofPod(number(), uid, "non-last removal changed the memory machine state"));
      }
      if (last == is.memory().podBlocks(uid).isPresent()) {
        violations.add(Violation.ofPod(number(), uid, "pod memory after " + (last ? "last" : "non-last") + " removal: "
            + is.memory().podBlocks(uid)));
      }
    }
    return violations;
  }

  /**
   * The round trip: after admitting pod {@code uid} on {@code beforeAdmission} and removing all its
   * containers (nothing else in between), the default set and the memory machine state are as before
   * and the pod has no state left.
   */
  public List<Violation> roundTrip(ObservedNode beforeAdmission, ObservedNode afterRemoval, String uid) {
    List<Violation> violations = new ArrayList<>();
    NodeState was = beforeAdmission.state();
    NodeState is = afterRemoval.state();
    if (!is.cpu().defaultCpuSet().equals(was.cpu().defaultCpuSet())) {
      violations.add(Violation.ofPod(number(), uid, "default set \"" + is.cpu().defaultCpuSet()
          + "\" after the round trip, \"" + was.cpu().defaultCpuSet() + "\" before"));
    }
    if (!is.memory().machineState().equals(was.memory().machineState())) {
      violations.add(Violation.ofPod(number(), uid, "memory machine state differs after the round trip"));
    }
    if (StateViews.hasAnyState(is, uid)) {
      violations.add(Violation.ofPod(number(), uid, "state left after the round trip"));
    }
    return violations;
  }
}
