package io.podtopo.conformance.scenarios;

import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.generators.OperationPlans;
import io.podtopo.conformance.vectors.BrokenSubjectException;
import io.podtopo.conformance.vectors.KindNotSupportedException;
import io.podtopo.conformance.vectors.Subject;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.node.InvalidNodeConfigException;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The differential campaign: node scenarios generated over the whole space
 * ({@link OperationPlans#wideScenarios}, in the kubelet's behaviour, {@link GeneratedScenarios#kubelet})
 * answered by podtopo's reference ({@link ReferenceScenarioRun}) and by a testee, every field of every
 * step compared ({@link #expectation}, {@link ScenarioComparator}), interchangeable devices taken as
 * the same ({@link InterchangeableDevices}: the kubelet picks among them in Go's map order), as are the
 * memory kinds a pod-scope refusal names ({@link MapOrderedMessages}); the testee is sent podtopo's
 * device choices, to break the kubelet's device ties podtopo's way where they are its own
 * ({@link DevicePicks}). A scenario
 * the two answer
 * differently is a difference: it is shrunk (operations left out while the difference stays) and
 * kept with both answers, as a vector file that replays it ({@link Listener#found}).
 *
 * <p>The testee is first asked for one outcome ({@code "outcomes": "one"}, FORMAT.md), up to
 * {@value #ONE_OUTCOME_TRIES} times, which is quick for a testee that runs a scenario several times to
 * find every outcome Go's map order gives; only when none of those is podtopo's is it asked for all of
 * them (up to {@value #ALL_OUTCOMES_TRIES} times), and the scenario is a difference only when none of
 * them is podtopo's. A configuration podtopo
 * refuses to start with (the kubelet's start checks) must be refused by the testee too (an error).
 *
 * <pre>{@code
 * Differential.Report report = new Differential(testee).run(seed, 2000, listener);
 * // listener.found(difference, file) is told of each difference as it is found
 * }</pre>
 */
public final class Differential {

  /** The fewest operations of a generated scenario. */
  public static final int MIN_OPERATIONS = 4;
  /** The most operations of a generated scenario (a restart re-admits every active pod). */
  public static final int MAX_OPERATIONS = 24;
  /**
   * How many times the testee is asked for one outcome before it is asked for all of them: an outcome
   * Go's map order decides often comes up in a few runs, far quicker than every outcome is sought.
   */
  public static final int ONE_OUTCOME_TRIES = 3;
  /**
   * How many times the testee is asked for every outcome before podtopo's is taken to be none of them:
   * a testee that runs a scenario as often as fits in its time (the kubelet oracle: 16 runs, fewer
   * for a slow scenario) can miss Go's rarer orders, more so on a loaded machine (seed 10, scenario
   * 1614: one run, one of seven GPUs, whose NUMA node a restart's hints then show).
   */
  public static final int ALL_OUTCOMES_TRIES = 4;
  /** The most smaller scenarios tried when shrinking one difference. */
  public static final int MAX_SHRINK_TRIES = 120;

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final Subject testee;

  public Differential(Subject testee) {
    this.testee = testee;
  }

  /** What a run tells as it goes: each difference as it is found (shrunk), and after each scenario. */
  public interface Listener {
    /** A difference found, shrunk; {@code file} is it as a vector file ({@link #vectorFile}). */
    void found(Difference difference, ObjectNode file);

    /**
     * A scenario the testee could not answer because the kubelet's code crashed or never finished
     * outside an admission (explained, not a difference); {@code file} replays it.
     */
    void kubeletCrashed(Difference crash, ObjectNode file);

    /** {@code scenarios} run so far, with {@code admissions} admission steps and {@code differences} found. */
    void scenarioDone(int scenarios, long admissions, int differences);
  }

  /**
   * One scenario the two answer differently, shrunk.
   *
   * @param index the scenario's place in the run (1-based)
   * @param scenario the smallest scenario found that still differs
   * @param operations how many operations the generated scenario had before shrinking
   * @param podtopo podtopo's answer
   * @param testee the testee's answer (with every outcome it found)
   * @param differences what differs, as the comparator words it (podtopo's answer as expectation)
   */
  public record Difference(int index, NodeScenario scenario, int operations, JsonNode podtopo, JsonNode testee,
      List<String> differences) {
    public Difference {
      differences = List.copyOf(differences);
    }
  }

  /**
   * A run: the testee, the seed that replays it, how many scenarios and admission steps it ran, the
   * differences found, and the time spent answering in podtopo and in the testee.
   */
  public record Report(String testee, long seed, int scenarios, long admissions, List<Difference> differences,
      List<Difference> kubeletCrashes, long podtopoNanos, long testeeNanos) {
    public Report {
      differences = List.copyOf(differences);
      kubeletCrashes = List.copyOf(kubeletCrashes);
    }
  }

  /** Thrown when the testee answers {@code node-scenario} requests with "unsupported". */
  public static final class UnsupportedKindException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UnsupportedKindException(String testee, String reason) {
      super(testee + " does not support the kind " + NodeScenarioKind.NAME + ", which the differential needs"
          + (reason == null ? "" : " (" + reason + ")"));
    }
  }

  /**
   * Runs {@code scenarios} generated scenarios from {@code seed} through podtopo and the testee.
   *
   * @throws UnsupportedKindException when the testee does not answer node scenarios
   * @throws io.podtopo.conformance.vectors.BrokenSubjectException when the testee broke
   */
  public Report run(long seed, int scenarios, Listener listener) {
    Tally tally = new Tally();
    qt().withFixedSeed(seed).withExamples(scenarios).withShrinkCycles(0)
        .forAll(OperationPlans.wideScenarios(MIN_OPERATIONS, MAX_OPERATIONS)).checkAssert(generated -> {
          if (tally.broken != null || tally.unsupported != null) {
            return; // the testee broke or answers no node scenario: the examples left are generated but not run
          }
          try {
            consider(generated, seed, scenarios, tally, listener);
          } catch (BrokenSubjectException e) {
            tally.broken = e;
          } catch (UnsupportedKindException e) {
            tally.unsupported = e;
          }
        });
    if (tally.broken != null) {
      throw tally.broken;
    }
    if (tally.unsupported != null) {
      throw tally.unsupported;
    }
    return new Report(testee.name(), seed, tally.scenarios, tally.admissions, tally.differences, tally.crashes,
        tally.podtopoNanos, tally.testeeNanos);
  }

  /** One generated scenario run through both, a difference shrunk and told. */
  private void consider(OperationPlans.Plan generated, long seed, int scenarios, Tally tally, Listener listener) {
    tally.scenarios++;
    NodeScenario scenario = GeneratedScenarios.kubelet(generated);
    tally.admissions += scenario.steps().stream().filter(ScenarioStep.Admit.class::isInstance).count();
    Optional<Comparison> differing = compare(scenario, tally);
    differing.ifPresent(comparison -> {
      if (kubeletCrashes(comparison.testee())) {
        // Explained: the kubelet crashes or never finishes where no admission is refused for it (a
        // restart's start checks, say); podtopo answers such a scenario on.
        Difference crash = new Difference(tally.scenarios, scenario, generated.steps().size(), comparison.podtopo(),
            comparison.testee(), List.of(comparison.testee().path("error").asText()));
        tally.crashes.add(crash);
        listener.kubeletCrashed(crash, vectorFile(testee.name(), seed, scenarios, crash));
        return;
      }
      Difference difference = shrink(tally.scenarios, generated, comparison);
      tally.differences.add(difference);
      listener.found(difference, vectorFile(testee.name(), seed, scenarios, difference));
    });
    listener.scenarioDone(tally.scenarios, tally.admissions, tally.differences.size());
  }

  /** Whether the testee's answer is the kubelet oracle's error for code that crashed or never returned. */
  private static boolean kubeletCrashes(JsonNode testeeAnswer) {
    return KubeletCrash.named(testeeAnswer.path("error").asText(""));
  }

  /** The answers of one scenario that differ, and how. */
  private record Comparison(NodeScenario scenario, JsonNode podtopo, JsonNode testee, List<String> differences) {}

  /** Running counts of a run. */
  private static final class Tally {
    int scenarios;
    long admissions;
    long podtopoNanos;
    long testeeNanos;
    final List<Difference> differences = new ArrayList<>();
    final List<Difference> crashes = new ArrayList<>();
    BrokenSubjectException broken;
    UnsupportedKindException unsupported;
  }

  /** The scenario's answers when they differ: one outcome of the testee first, all of them when that differs. */
  private Optional<Comparison> compare(NodeScenario scenario, Tally tally) {
    long start = System.nanoTime();
    JsonNode podtopo;
    try {
      podtopo = ReferenceScenarioRun.answer(scenario);
    } catch (InvalidNodeConfigException e) {
      podtopo = JSON.objectNode().put("error", "the kubelet would not start: " + e.getMessage());
    }
    long answered = System.nanoTime();
    tally.podtopoNanos += answered - start;
    // The scenario as the testee is asked it, podtopo's device choices sent along (DevicePicks).
    ObjectNode input = DevicePicks.added(scenario.write(), scenario, podtopo);
    if (podtopo.has("error")) {
      // A configuration the kubelet refuses to start with: the testee must refuse it too.
      JsonNode testeeAnswer = ask(input, "one");
      tally.testeeNanos += System.nanoTime() - answered;
      return testeeAnswer.has("error") ? Optional.empty() : Optional.of(new Comparison(scenario, podtopo, testeeAnswer,
          List.of("podtopo refuses the configuration (" + podtopo.get("error").asText() + "), the testee answers")));
    }
    JsonNode expect = expectation(tiesLeftOut(scenario, podtopo));
    for (int tries = 0; tries < ONE_OUTCOME_TRIES; tries++) {
      JsonNode one = ask(input, "one");
      if (ScenarioComparator.compare(expect, tiesLeftOut(scenario, one)).passed()) {
        tally.testeeNanos += System.nanoTime() - answered;
        return Optional.empty();
      }
      if (kubeletCrashes(one)) {
        // Asked again, the kubelet's code would crash or run out of time again: once is enough.
        tally.testeeNanos += System.nanoTime() - answered;
        return Optional.of(new Comparison(scenario, podtopo, one, List.of(one.path("error").asText())));
      }
    }
    long tested = System.nanoTime();
    tally.testeeNanos += tested - answered;
    JsonNode all = ask(input, "all");
    Verdict verdict = ScenarioComparator.compare(expect, tiesLeftOut(scenario, all));
    for (int tries = 1; tries < ALL_OUTCOMES_TRIES && !verdict.passed() && !kubeletCrashes(all); tries++) {
      // A slow scenario gets fewer runs within the testee's time for it: asked again, it may show more outcomes.
      JsonNode again = ask(input, "all");
      Verdict other = ScenarioComparator.compare(expect, tiesLeftOut(scenario, again));
      if (other.passed()) {
        all = again;
        verdict = other;
      }
    }
    tally.testeeNanos += System.nanoTime() - tested;
    return verdict.passed() ? Optional.empty()
        : Optional.of(new Comparison(scenario, podtopo, all, verdict.differences()));
  }

  /**
   * An answer with the choices Go's map order makes written so that each of them compares alike:
   * which interchangeable devices a container got ({@link InterchangeableDevices}) and which memory
   * kind a pod-scope refusal names ({@link MapOrderedMessages}).
   */
  private static JsonNode tiesLeftOut(NodeScenario scenario, JsonNode answer) {
    return MapOrderedMessages.canonical(InterchangeableDevices.canonical(scenario.machine(), answer));
  }

  /**
   * The smallest scenario found that still differs ({@link OperationShrinker}), trying at most
   * {@value #MAX_SHRINK_TRIES} smaller scenarios.
   */
  private Difference shrink(int index, OperationPlans.Plan generated, Comparison found) {
    Tally ignored = new Tally();
    Comparison smallest = OperationShrinker.shrink(generated, found,
        fewer -> compare(GeneratedScenarios.kubelet(fewer), ignored), MAX_SHRINK_TRIES);
    return new Difference(index, smallest.scenario(), generated.steps().size(), smallest.podtopo(),
        smallest.testee(), smallest.differences());
  }

  /** The testee's answer to a scenario's {@code input}, asked for {@code outcomes}. */
  private JsonNode ask(ObjectNode input, String outcomes) {
    input.put("outcomes", outcomes);
    Optional<JsonNode> answer;
    try {
      answer = testee.run("differential", NodeScenarioKind.NAME, input);
    } catch (KindNotSupportedException e) {
      throw new UnsupportedKindException(testee.name(), e.reason());
    } catch (BrokenSubjectException e) {
      throw e;
    } catch (RuntimeException e) {
      return JSON.objectNode().put("error", String.valueOf(e.getMessage()));
    }
    return answer.orElseThrow(() -> new UnsupportedKindException(testee.name(), null));
  }

  /**
   * Every field of podtopo's answer that a subject must answer alike: the reserved CPUs and, per step,
   * the decision, start error, default CPU set, pods (CPU sets, memory blocks, devices, isolation),
   * stored topology hints, the Memory Manager's machine state and the PodResources view. Where the
   * kubelet gives no answer (reason {@code KubeletNoAnswer}: it would crash or never finish) the message is
   * left out: podtopo names the quirk, the kubelet oracle the panic.
   */
  public static ObjectNode expectation(JsonNode answer) {
    ObjectNode expect = JSON.objectNode();
    if (answer.has("reservedCpus")) {
      expect.set("reservedCpus", answer.get("reservedCpus").deepCopy());
    }
    ArrayNode steps = expect.putArray("steps");
    for (JsonNode step : answer.path("steps")) {
      ObjectNode expected = steps.addObject();
      for (String field : List.of("decision", "startError", "defaultCpuSet", "pods", "topologyHints", "machineState",
          "podResources")) {
        if (step.has(field)) {
          expected.set(field, step.get(field).deepCopy());
        }
      }
      JsonNode decision = expected.path("decision");
      if (AdmissionFailure.KUBELET_NO_ANSWER.equals(decision.path("reason").asText())) {
        // Where the kubelet would crash or never finish, each subject words that in its own way.
        ((ObjectNode) decision).remove("message");
      }
    }
    return expect;
  }

  /**
   * A difference as a vector file of one {@code node-scenario} case that replays it: the shrunk
   * scenario as input, the testee's answer as expectation (the kubelet's, when the testee is the
   * kubelet oracle), podtopo's answer and the differences beside it.
   */
  static ObjectNode vectorFile(String testee, long seed, int scenarios, Difference difference) {
    ObjectNode file = JSON.objectNode();
    file.put("source", "podtopo conformance differential");
    file.put("sourceVersion", "seed " + seed + ", scenario " + difference.index() + " of " + scenarios + ", testee "
        + testee);
    ObjectNode vectorCase = file.putArray("cases").addObject();
    vectorCase.put("id", "node-scenario/differential/seed-" + seed + "-" + difference.index());
    vectorCase.put("upstream", "the answer of " + testee);
    vectorCase.put("kind", NodeScenarioKind.NAME);
    vectorCase.put("note", "found by 'podtopo conformance differential --seed " + seed + " --scenarios "
        + scenarios + "' (scenario " + difference.index() + ", shrunk from " + difference.operations()
        + " operations to " + difference.scenario().steps().size() + " steps): " + difference.differences().get(0)
        + " (in \"differences\", \"expected\" is podtopo's answer and \"got\" the testee's). This case's"
        + " expectation is the testee's answer; \"podtopo\" holds podtopo's.");
    vectorCase.set("input", DevicePicks.added(difference.scenario().write(), difference.scenario(),
        difference.podtopo()));
    JsonNode testeeAnswer = difference.testee();
    JsonNode alternatives = testeeAnswer.path("alternatives");
    vectorCase.set("expect", expectation(alternatives.isArray() && !alternatives.isEmpty() ? alternatives.get(0)
        : testeeAnswer));
    ArrayNode differences = vectorCase.putArray("differences");
    difference.differences().forEach(differences::add);
    vectorCase.set("podtopo", difference.podtopo());
    if (alternatives.isArray() && alternatives.size() > 1) {
      vectorCase.set("testeeAlternatives", alternatives);
    }
    return file;
  }
}
