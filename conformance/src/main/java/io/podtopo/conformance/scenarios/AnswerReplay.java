package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.conformance.invariants.Invariant;
import io.podtopo.conformance.invariants.Invariants;
import io.podtopo.conformance.invariants.ObservedNode;
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
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
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
    JsonNode initialNode = AnswerJsonReader.required("the answer", answer, "initial");
    NodeSnapshot node = NodeSnapshot.of(AnswerJsonReader.state("initial", initialNode));
    ObservedNode before = observed(scenario, reserved, node);
    checkSnapshot("initial", before, initialNode, violations);
    violations.forEach(violation -> firstBroken.putIfAbsent(violation.invariant(), 0));
    Set<String> given = new HashSet<>();
    int withoutMerges = 0;
    for (int i = 0; i < steps.size(); i++) {
      ScenarioStep step = scenario.steps().get(i);
      JsonNode answered = steps.get(i);
      String where = "step " + (i + 1) + " (" + step + ")";
      NodeState state = AnswerJsonReader.state(where, answered);
      NodeSnapshot next = new NodeSnapshot.Builder().from(node).state(state).build();
      Optional<Admission> admission = Optional.empty();
      boolean transition = true;
      boolean merges = true;
      if (step instanceof ScenarioStep.Admit admit) {
        String uid = admit.pod().uid();
        Optional<AdmissionTrace> trace = AnswerJsonReader.trace(answered);
        merges = trace.isPresent();
        withoutMerges += merges ? 0 : 1;
        Admission decided = admission(where, answered, admit.pod(), state,
            trace.orElse(new AdmissionTrace.Builder().build()));
        if (refusedReadmission(decided, node.activePod(uid).isPresent())) {
          next = next.withPodRemoved(state, uid); // failed: no longer active (FORMAT.md, node-scenario steps)
        }
        if (decided.admitted()) {
          next = next.withAdmitted(state, admit.pod());
        }
        given.add(uid);
        admission = Optional.of(decided);
      } else if (step instanceof ScenarioStep.RemoveContainer removal) {
        next = next.withContainerRemoved(state, removal.podUid(), removal.containerName());
        if (next.hasTerminated(removal.podUid())) {
          next = next.withPodRemoved(state, removal.podUid());
        }
      } else if (step instanceof ScenarioStep.RemovePod removal) {
        transition = given.contains(removal.podUid()); // a pod never given is no transition to check
        next = next.withPodRemoved(state, removal.podUid());
      } else {
        transition = false;
        if (answered.path("startError").isNull() || answered.path("startError").isMissingNode()) {
          restartKeptTheState(where, before.state(), state, violations);
        }
      }
      ObservedNode after = observed(scenario, reserved, next);
      if (transition) {
        checkTransition(where, before, step, admission, after, merges, violations);
      }
      checkSnapshot(where, after, answered, violations);
      int stepNumber = i + 1;
      violations.forEach(violation -> firstBroken.putIfAbsent(violation.invariant(), stepNumber));
      node = next;
      before = after;
    }
    return new Result(violations, firstBroken, withoutMerges);
  }

  private static boolean endsWithRefusedStart(NodeScenario scenario, JsonNode steps) {
    int last = steps.size() - 1;
    return last >= 0 && scenario.steps().get(last) instanceof ScenarioStep.Restart
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

  private static ObservedNode observed(NodeScenario scenario, CpuSet reserved, NodeSnapshot node) {
    return new ObservedNode(scenario.config(), scenario.machine(), reserved, node.state(), node.activePods());
  }

  private static void checkSnapshot(String where, ObservedNode snapshot, JsonNode node, List<Violation> violations) {
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

  private static void checkTransition(String where, ObservedNode before, ScenarioStep step,
      Optional<Admission> admission, ObservedNode after, boolean merges, List<Violation> violations) {
    for (Invariant invariant : Invariants.all()) {
      if (invariant instanceof TransitionInvariant check && (merges || !READ_MERGES.contains(invariant.number()))) {
        check.checkTransition(before, step, admission, after).forEach(v -> violations.add(at(where, v)));
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
}
