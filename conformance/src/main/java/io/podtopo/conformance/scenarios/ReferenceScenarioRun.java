package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.ports.in.Scenario;
import io.podtopo.ports.in.ScenarioResult;
import io.podtopo.ports.in.ScenarioStep;
import io.podtopo.ports.in.Simulator;
import io.podtopo.ports.in.StepOutcome;
import io.podtopo.service.SimulatorService;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference answer to a node scenario: its steps run by the {@link Simulator} use case, as the
 * kubelet runs its managers (an admitted pod's containers start; a removed container keeps its entries
 * until its pod is no longer active, when the stale-state cleanup drops the whole pod; a restart builds
 * the managers anew, with the devices it gives, and starts them on the state saved before it, as
 * {@code NodeResourceManagerService} does at start), each step's node written as FORMAT.md says
 * ({@link AnswerJson}).
 */
public final class ReferenceScenarioRun {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final Simulator SIMULATOR = new SimulatorService();

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
    return written(scenario, SIMULATOR.run(scenarioOf(scenario)));
  }

  /**
   * {@link #answer} run {@code runs} times, each in fresh managers: the first run's answer with
   * {@code "timings": {"runs", "steps": [nanoseconds or null]}}, per step the median time its
   * admission took ({@link StepOutcome#admissionNanos()}: hints, merge, allocation and the
   * resource-fit predicate; {@code null} for a step that admits nothing). FORMAT.md, {@code "timing"}.
   */
  public static ObjectNode timed(NodeScenario scenario, int runs) {
    if (runs < 1) {
      throw new IllegalArgumentException("runs must be at least 1, got " + runs);
    }
    Scenario asked = scenarioOf(scenario);
    List<ScenarioResult> results = new ArrayList<>();
    for (int run = 0; run < runs; run++) {
      results.add(SIMULATOR.run(asked));
    }
    ObjectNode first = written(scenario, results.get(0)).answer();
    ObjectNode timings = first.putObject("timings");
    timings.put("runs", runs);
    ArrayNode medians = timings.putArray("steps");
    for (int step = 0; step < scenario.steps().size(); step++) {
      if (scenario.steps().get(step) instanceof ScenarioStep.Admit) {
        long[] times = new long[runs];
        for (int run = 0; run < runs; run++) {
          times[run] = nanos(results.get(run), step);
        }
        Arrays.sort(times);
        medians.add(times[runs / 2]);
      } else {
        medians.addNull();
      }
    }
    return first;
  }

  private static Scenario scenarioOf(NodeScenario scenario) {
    return new Scenario.Builder().machine(scenario.machine()).config(scenario.config()).steps(scenario.steps()).build();
  }

  /** How long the step's admission took; 0 for a step after a refused restart, which never ran. */
  private static long nanos(ScenarioResult result, int step) {
    return step < result.outcomes().size() ? result.outcomes().get(step).admissionNanos() : 0;
  }

  /** The answer of {@code result}, the simulator's run of {@code scenario}. */
  private static Run written(NodeScenario scenario, ScenarioResult result) {
    Map<String, Pod> given = new HashMap<>();
    ObjectNode answer = JSON.objectNode();
    answer.put("reservedCpus", result.managers().cpuPolicy().reservedCpus().toString());
    answer.set("initial", AnswerJson.node(result.managers(), result.initial(), given));
    ArrayNode steps = answer.putArray("steps");
    List<List<KubeletQuirk>> quirksByStep = new ArrayList<>();
    for (StepOutcome outcome : result.outcomes()) {
      if (outcome.step() instanceof ScenarioStep.Admit admit) {
        given.put(admit.pod().uid(), admit.pod());
      }
      ObjectNode node = AnswerJson.node(outcome.managers(), outcome.after(), given);
      if (outcome.step() instanceof ScenarioStep.Restart) {
        node.put("startError", outcome.startError().orElse(null));
      }
      if (outcome.admission().isEmpty()) {
        node.putNull("decision");
      } else {
        node.set("decision", AnswerJson.decision(outcome.admission().get()));
        AnswerJson.merges(outcome.admission().get()).ifPresent(merges -> node.set("merges", merges));
      }
      steps.add(node);
      quirksByStep.add(outcome.admission().map(ReferenceScenarioRun::quirks).orElse(List.of()));
    }
    return new Run(answer, quirksByStep);
  }

  private static List<KubeletQuirk> quirks(Admission admission) {
    List<KubeletQuirk> quirks = new ArrayList<>(admission.quirks());
    admission.noAnswer().filter(quirk -> !quirks.contains(quirk)).ifPresent(quirks::add);
    return quirks;
  }
}
