package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.conformance.invariants.Invariant;
import io.podtopo.conformance.invariants.Invariants;
import io.podtopo.conformance.invariants.NodeSnapshot;
import io.podtopo.conformance.invariants.Operation;
import io.podtopo.conformance.invariants.PodResourcesInvariant;
import io.podtopo.conformance.invariants.SnapshotInvariant;
import io.podtopo.conformance.invariants.TransitionInvariant;
import io.podtopo.conformance.invariants.Violation;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.AdmissionTrace;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Checks the invariants of spec §15 on any subject's answer to a node scenario: the answer is read
 * back into node snapshots (the state after each step, with the pods active then), every snapshot
 * and PodResources check runs on each of them, and every transition check on each admission and
 * removal. A restart must give back the saved state unchanged (invariant 25: a checkpoint write and
 * read preserves the entries and pod entries), unless the managers refused to start on it
 * ({@code startError}), which ends the answer.
 *
 * <p>The checks of invariants 14, 15, 18, 19 and 32 on an admission read the hints each provider gave
 * and the merged hint: they run on the admission steps whose answer carries {@code merges}, and are
 * reported as not checked on the others.
 */
public final class AnswerReplay {

  /** The invariants whose transition checks read the admission's merges. */
  public static final Set<Integer> READ_MERGES = Set.of(14, 15, 18, 19, 32);

  /**
   * What the replay found.
   *
   * @param violations every breach, each message prefixed with the step it was found after
   * @param firstBroken per broken invariant, the step it was first found broken after: 0 for the
   *     initial state, {@code i} for the {@code i}th step (1-based)
   * @param admissionsWithoutMerges how many admission steps had no {@code merges}, on which the
   *     invariants of {@link #READ_MERGES} were not checked
   */
  public record Result(List<Violation> violations, SortedMap<Integer, Integer> firstBroken,
      int admissionsWithoutMerges) {
    public Result {
      violations = List.copyOf(violations);
      firstBroken = Collections.unmodifiableSortedMap(new TreeMap<>(firstBroken));
    }
  }

  private AnswerReplay() {}

  /**
   * Replays {@code answer} to {@code scenario}.
   *
   * @throws IllegalArgumentException when the answer lacks a field the checks need, naming it
   */
  public static Result check(NodeScenario scenario, JsonNode answer) {
    CpuSet reserved = CpuSet.parse(AnswerJsonReader.required("the answer", answer, "reservedCpus").asText());
    JsonNode steps = AnswerJsonReader.required("the answer", answer, "steps");
    if (!steps.isArray() || steps.size() > scenario.steps().size()
        || steps.size() < scenario.steps().size() && !endsWithRefusedStart(scenario, steps)) {
      throw new IllegalArgumentException("the answer has " + (steps.isArray() ? steps.size() : "no") + " steps for "
          + scenario.steps().size() + " (fewer only after a restart with a \"startError\")");
    }
    List<Violation> violations = new ArrayList<>();
    SortedMap<Integer, Integer> firstBroken = new TreeMap<>();
    ActivePods active = new ActivePods();
    JsonNode initialNode = AnswerJsonReader.required("the answer", answer, "initial");
    NodeSnapshot before = snapshot(scenario, reserved, AnswerJsonReader.state("initial", initialNode), active);
    checkSnapshot("initial", before, initialNode, violations);
    violations.forEach(violation -> firstBroken.putIfAbsent(violation.invariant(), 0));
    int withoutMerges = 0;
    for (int i = 0; i < steps.size(); i++) {
      NodeScenario.Step step = scenario.steps().get(i);
      JsonNode node = steps.get(i);
      String where = "step " + (i + 1) + " (" + describe(step) + ")";
      NodeState state = AnswerJsonReader.state(where, node);
      Optional<Operation> operation = Optional.empty();
      boolean merges = true;
      if (step instanceof NodeScenario.Admit admit) {
        Optional<AdmissionTrace> trace = AnswerJsonReader.trace(node);
        merges = trace.isPresent();
        withoutMerges += merges ? 0 : 1;
        Admission admission = admission(where, node, admit.pod(), state, trace.orElse(new AdmissionTrace.Builder().build()));
        if (refusedReadmission(admission, active.isActive(admit.pod().uid()))) {
          active.podRemoved(admit.pod().uid()); // failed: no longer active (FORMAT.md, node-scenario steps)
        }
        active.admitted(admit.pod(), admission.admitted());
        operation = Optional.of(new Operation.Admit(admit.pod(), admission));
      } else if (step instanceof NodeScenario.RemoveContainer removal) {
        active.containerRemoved(removal.podUid(), removal.container());
        operation = Optional.of(new Operation.RemoveContainer(removal.podUid(), removal.container()));
      } else if (step instanceof NodeScenario.RemovePod removal) {
        operation = active.known(removal.podUid()).map(Operation.RemovePod::new);
        active.podRemoved(removal.podUid());
      } else if (node.path("startError").isNull() || node.path("startError").isMissingNode()) {
        restartKeptTheState(where, before.state(), state, violations);
      }
      NodeSnapshot after = snapshot(scenario, reserved, state, active);
      if (operation.isPresent()) {
        checkTransition(where, before, operation.get(), after, merges, violations);
      }
      checkSnapshot(where, after, node, violations);
      int stepNumber = i + 1;
      violations.forEach(violation -> firstBroken.putIfAbsent(violation.invariant(), stepNumber));
      before = after;
    }
    return new Result(violations, firstBroken, withoutMerges);
  }

  private static boolean endsWithRefusedStart(NodeScenario scenario, JsonNode steps) {
    int last = steps.size() - 1;
    return last >= 0 && scenario.steps().get(last) instanceof NodeScenario.Restart
        && steps.get(last).path("startError").isTextual();
  }

  /**
   * Whether an active pod given again was refused: the kubelet fails it, so it is no longer active.
   * Where the kubelet gives no answer ({@value AdmissionFailure#KUBELET_NO_ANSWER}) the pod stays.
   */
  private static boolean refusedReadmission(Admission admission, boolean wasActive) {
    return wasActive && !admission.admitted()
        && !admission.reason().filter(AdmissionFailure.KUBELET_NO_ANSWER::equals).isPresent();
  }

  private static Admission admission(String where, JsonNode node, Pod pod, NodeState state, AdmissionTrace trace) {
    JsonNode decision = AnswerJsonReader.required(where, node, "decision");
    if (!decision.path("admitted").isBoolean()) {
      throw new IllegalArgumentException(where + ": decision.admitted must be true or false");
    }
    if (decision.get("admitted").booleanValue()) {
      return Admission.admitted(state, AnswerJsonReader.assignment(where, node, pod, state), trace);
    }
    return Admission.rejected(state, AdmissionFailure.of(decision.path("reason").asText(""),
        decision.path("message").asText("")), trace);
  }

  private static NodeSnapshot snapshot(NodeScenario scenario, CpuSet reserved, NodeState state, ActivePods active) {
    return new NodeSnapshot(scenario.config(), scenario.machine(), reserved, state, active.pods());
  }

  private static void checkSnapshot(String where, NodeSnapshot snapshot, JsonNode node, List<Violation> violations) {
    var view = AnswerJsonReader.podResources(where, node);
    for (Invariant invariant : Invariants.all()) {
      if (invariant instanceof SnapshotInvariant check) {
        check.check(snapshot).forEach(v -> violations.add(at(where, v)));
      }
      if (invariant instanceof PodResourcesInvariant check) {
        check.checkPodResources(snapshot, view).forEach(v -> violations.add(at(where, v)));
      }
    }
  }

  private static void checkTransition(String where, NodeSnapshot before, Operation operation, NodeSnapshot after,
      boolean merges, List<Violation> violations) {
    for (Invariant invariant : Invariants.all()) {
      if (invariant instanceof TransitionInvariant check && (merges || !READ_MERGES.contains(invariant.number()))) {
        check.checkTransition(before, operation, after).forEach(v -> violations.add(at(where, v)));
      }
    }
  }

  private static void restartKeptTheState(String where, NodeState saved, NodeState restored, List<Violation> violations) {
    if (!restored.cpu().equals(saved.cpu()) || !restored.memory().containerEntries().equals(saved.memory().containerEntries())
        || !restored.memory().podEntries().equals(saved.memory().podEntries())
        || !restored.memory().machineState().equals(saved.memory().machineState())) {
      violations.add(at(where, Violation.ofPod(25, "", "the restart did not restore the saved state: CPU "
          + saved.cpu() + " became " + restored.cpu() + ", memory entries " + saved.memory().containerEntries()
          + " became " + restored.memory().containerEntries())));
    }
  }

  private static Violation at(String where, Violation violation) {
    return new Violation(violation.invariant(), violation.pod(), violation.container(), where + ": " + violation.message());
  }

  static String describe(NodeScenario.Step step) {
    if (step instanceof NodeScenario.Admit admit) {
      return "admit " + admit.pod().uid();
    }
    if (step instanceof NodeScenario.RemoveContainer removal) {
      return "remove container " + removal.podUid() + "/" + removal.container();
    }
    if (step instanceof NodeScenario.RemovePod removal) {
      return "remove pod " + removal.podUid();
    }
    return "restart";
  }
}
