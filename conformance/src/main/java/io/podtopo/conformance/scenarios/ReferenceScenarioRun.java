package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.InvalidNodeStateException;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The reference answer to a node scenario: its steps run through the domain's
 * {@link NodeResourceManagers} as the kubelet runs its managers: an admitted pod's containers start
 * ({@link NodeResourceManagers#startContainers}); a removed container only stops
 * ({@link NodeResourceManagers#stopContainer}) and its entries stay until its pod is no longer
 * active (rejected, removed, or every init and app container removed), when the managers'
 * stale-state cleanup drops the whole pod ({@link NodeResourceManagers#removePod}). A restart builds
 * the managers anew from the configuration and the machine (with the devices the restart gives, if
 * it gives them) and starts them on the state saved before it (the agent's store gives the saved
 * state back equal), as {@code NodeResourceManagerService} does at start.
 */
public final class ReferenceScenarioRun {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private ReferenceScenarioRun() {}

  /**
   * The reference's run of a scenario: its {@link #answer} and, per answered step, the quirks that
   * changed the decision of the pod it admitted ({@link Admission#quirks()}, with the quirk at which
   * the kubelet gives no answer), empty for a step that admits nothing or that no quirk changed.
   */
  public record Run(ObjectNode answer, List<List<KubeletQuirk>> quirksByStep) {
    public Run {
      quirksByStep = quirksByStep.stream().map(List::copyOf).toList();
    }
  }

  /**
   * The reference's answer to {@code scenario}: {@link #run}'s.
   *
   * @throws io.podtopo.domain.node.InvalidNodeConfigException when the kubelet would not start
   */
  public static ObjectNode answer(NodeScenario scenario) {
    return run(scenario).answer();
  }

  /**
   * Runs the scenario; the answer is {@code {"reservedCpus", "initial": node, "steps": [node + "decision" + "merges"? +
   * "startError"?]}}. A restart the managers refuse (upstream {@code validateState}, e.g. "default
   * cpuset cannot be empty" when every CPU is assigned) ends the answer: the kubelet does not start,
   * so that step carries the error and no later step is answered.
   *
   * @throws io.podtopo.domain.node.InvalidNodeConfigException when the kubelet would not start
   */
  public static Run run(NodeScenario scenario) {
    return run(scenario, new long[scenario.steps().size()]);
  }

  /**
   * {@link #answer} run {@code runs} times, each in fresh managers: the first run's answer with
   * {@code "timings": {"runs", "steps": [nanoseconds or null]}}, per step the median time its
   * admission took ({@link NodeResourceManagers#admit}: hints, merge, allocation and the resource-fit
   * predicate; {@code null} for a step that admits nothing). FORMAT.md, {@code "timing"}.
   */
  public static ObjectNode timed(NodeScenario scenario, int runs) {
    if (runs < 1) {
      throw new IllegalArgumentException("runs must be at least 1, got " + runs);
    }
    long[][] nanos = new long[runs][scenario.steps().size()];
    ObjectNode first = run(scenario, nanos[0]).answer();
    for (int run = 1; run < runs; run++) {
      run(scenario, nanos[run]);
    }
    ObjectNode timings = first.putObject("timings");
    timings.put("runs", runs);
    ArrayNode medians = timings.putArray("steps");
    for (int step = 0; step < scenario.steps().size(); step++) {
      if (scenario.steps().get(step) instanceof NodeScenario.Admit) {
        long[] times = new long[runs];
        for (int run = 0; run < runs; run++) {
          times[run] = nanos[run][step];
        }
        Arrays.sort(times);
        medians.add(times[runs / 2]);
      } else {
        medians.addNull();
      }
    }
    return first;
  }

  /** The run, each admission's duration written into {@code admissionNanos} by step. */
  private static Run run(NodeScenario scenario, long[] admissionNanos) {
    Machine machine = scenario.machine();
    NodeResourceManagers managers = NodeResourceManagers.create(scenario.config(), machine);
    NodeState state = managers.initialState();
    ActivePods active = new ActivePods();
    ObjectNode answer = JSON.objectNode();
    answer.put("reservedCpus", managers.cpuPolicy().reservedCpus().toString());
    answer.set("initial", AnswerJson.node(managers, state, active));
    ArrayNode steps = answer.putArray("steps");
    List<List<KubeletQuirk>> quirksByStep = new ArrayList<>();
    for (int index = 0; index < scenario.steps().size(); index++) {
      NodeScenario.Step step = scenario.steps().get(index);
      Admission admission = null;
      Optional<String> startError = Optional.empty();
      if (step instanceof NodeScenario.Admit admit) {
        boolean wasActive = active.isActive(admit.pod().uid());
        List<Pod> others = active.others(admit.pod().uid());
        long started = System.nanoTime();
        admission = managers.admit(state, admit.pod(), others);
        admissionNanos[index] = System.nanoTime() - started;
        state = admission.state();
        if (admission.admitted() && !wasActive) {
          state = managers.startContainers(state, admit.pod());
        } else if (!admission.admitted() && wasActive && admission.noAnswer().isEmpty()) {
          // A rejected pod is failed: no longer active, the managers' stale-state cleanup drops it.
          state = managers.removePod(state, admit.pod());
          active.podRemoved(admit.pod().uid());
        }
        active.admitted(admit.pod(), admission.admitted());
      } else if (step instanceof NodeScenario.RemoveContainer removal) {
        boolean wasActive = active.isActive(removal.podUid());
        state = managers.stopContainer(state, removal.podUid(), removal.container());
        active.containerRemoved(removal.podUid(), removal.container());
        Optional<Pod> pod = active.known(removal.podUid());
        if (wasActive && !active.isActive(removal.podUid()) && pod.isPresent()) {
          // Its last container gone, the pod has terminated: the stale-state cleanup drops it.
          state = managers.removePod(state, pod.get());
        }
      } else if (step instanceof NodeScenario.RemovePod removal) {
        Optional<Pod> pod = active.known(removal.podUid());
        if (pod.isPresent()) {
          state = managers.removePod(state, pod.get());
        }
        active.podRemoved(removal.podUid());
      } else {
        Optional<List<Device>> devices = ((NodeScenario.Restart) step).devices();
        if (devices.isPresent()) {
          machine = new Machine.Builder().from(machine).devices(devices.get()).build();
        }
        NodeResourceManagers restarted = NodeResourceManagers.create(scenario.config(), machine);
        try {
          state = restarted.start(state);
          managers = restarted;
        } catch (InvalidNodeStateException e) {
          startError = Optional.of(e.getMessage());
        }
      }
      ObjectNode node = AnswerJson.node(managers, state, active);
      if (step instanceof NodeScenario.Restart) {
        node.put("startError", startError.orElse(null));
      }
      if (admission == null) {
        node.putNull("decision");
      } else {
        node.set("decision", AnswerJson.decision(admission));
        AnswerJson.merges(admission).ifPresent(merges -> node.set("merges", merges));
      }
      steps.add(node);
      quirksByStep.add(admission == null ? List.of() : quirks(admission));
      if (startError.isPresent()) {
        break;
      }
    }
    return new Run(answer, quirksByStep);
  }

  private static List<KubeletQuirk> quirks(Admission admission) {
    List<KubeletQuirk> quirks = new ArrayList<>(admission.quirks());
    admission.noAnswer().filter(quirk -> !quirks.contains(quirk)).ifPresent(quirks::add);
    return quirks;
  }
}
