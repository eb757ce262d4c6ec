package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.InvalidNodeStateException;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
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
    Machine machine = scenario.machine();
    NodeResourceManagers managers = NodeResourceManagers.create(scenario.config(), machine);
    NodeState state = managers.initialState();
    ActivePods active = new ActivePods();
    ObjectNode answer = JSON.objectNode();
    answer.put("reservedCpus", managers.cpuPolicy().map(StaticPolicy::reservedCpus).orElse(CpuSet.empty()).toString());
    answer.set("initial", AnswerJson.node(managers, state, active));
    ArrayNode steps = answer.putArray("steps");
    List<List<KubeletQuirk>> quirksByStep = new ArrayList<>();
    for (NodeScenario.Step step : scenario.steps()) {
      Admission admission = null;
      Optional<String> startError = Optional.empty();
      if (step instanceof NodeScenario.Admit admit) {
        boolean wasActive = active.isActive(admit.pod().uid());
        admission = managers.admit(state, admit.pod(), active.others(admit.pod().uid()));
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
