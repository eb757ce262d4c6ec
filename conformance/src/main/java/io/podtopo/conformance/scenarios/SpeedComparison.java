package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.KindNotSupportedException;
import io.podtopo.conformance.vectors.Subject;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.ports.in.ScenarioStep;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The same admissions timed in podtopo and in a testee, each inside its own process: a node scenario
 * is sent to the testee with {@code "timing": {"runs": R}} (FORMAT.md), which answers with the median
 * time each admission took in its code, and run R times through podtopo's reference in this JVM
 * ({@link ReferenceScenarioRun#timed}) after at least two seconds of runs that warm it up. The decisions and allocations
 * of both answers are compared as the differential compares them ({@link Differential#expectation}).
 *
 * <pre>{@code
 * SpeedComparison.Row row = new SpeedComparison(oracle, 5).measure("8 NUMA nodes", scenario);
 * double faster = row.ratio();
 * }</pre>
 */
public final class SpeedComparison {

  /** How long podtopo runs a scenario before it is timed, at the least. */
  static final Duration WARM_UP = Duration.ofSeconds(2);

  private final Subject testee;
  private final int runs;

  /**
   * @param runs how many times each scenario runs in each subject; the median of each admission counts
   */
  public SpeedComparison(Subject testee, int runs) {
    if (runs < 1) {
      throw new IllegalArgumentException("runs must be at least 1, got " + runs);
    }
    this.testee = testee;
    this.runs = runs;
  }

  /**
   * One scenario timed: its admissions, the sum over them of the median time each took in the testee
   * and in podtopo, and the differences between the two answers (none when they decide alike).
   */
  public record Row(String name, int numaNodes, boolean memoryManager, int admissions, long testeeNanos,
      long podtopoNanos, List<String> differences) {
    public Row {
      differences = List.copyOf(differences);
    }

    /** How many times faster podtopo admits than the testee. */
    public double ratio() {
      return (double) testeeNanos / Math.max(1, podtopoNanos);
    }

    /** Whether both decided and allocated alike. */
    public boolean sameDecisions() {
      return differences.isEmpty();
    }
  }

  /** The testee does not answer node scenarios, or not with their timings. */
  public static final class NotTimedException extends RuntimeException {
    NotTimedException(String message) {
      super(message);
    }
  }

  /**
   * Times {@code scenario}'s admissions in both subjects.
   *
   * @throws NotTimedException when the testee declines the scenario or answers without timings
   */
  public Row measure(String name, NodeScenario scenario) {
    warmUp(scenario);
    ObjectNode podtopo = ReferenceScenarioRun.timed(scenario, runs);
    JsonNode answer = ask(scenario);
    Verdict verdict = new NodeScenarioKind().compare(Differential.expectation(podtopo), answer);
    return new Row(name, scenario.machine().numaNodes().size(), scenario.config().memoryManagerPolicy() == MemoryManagerPolicy.STATIC,
        (int) scenario.steps().stream().filter(ScenarioStep.Admit.class::isInstance).count(),
        admissionNanos(answer), admissionNanos(podtopo), verdict.differences());
  }

  /**
   * Runs the scenario through podtopo until the JIT compiler has seen it: at least {@link #WARM_UP} and
   * {@code runs} times.
   */
  private void warmUp(NodeScenario scenario) {
    long until = System.nanoTime() + WARM_UP.toNanos();
    for (int run = 0; run < runs || System.nanoTime() < until; run++) {
      ReferenceScenarioRun.answer(scenario);
    }
  }

  private JsonNode ask(NodeScenario scenario) {
    ObjectNode input = scenario.write();
    input.put("outcomes", "one");
    input.putObject("timing").put("runs", runs);
    Optional<JsonNode> answer;
    try {
      answer = testee.run("speed", NodeScenarioKind.NAME, input);
    } catch (KindNotSupportedException e) {
      throw new NotTimedException(testee.name() + " does not answer node scenarios: " + e.reason());
    }
    JsonNode answered = answer.orElseThrow(() -> new NotTimedException(testee.name()
        + " does not answer node scenarios"));
    if (!answered.path("timings").path("steps").isArray()) {
      throw new NotTimedException(testee.name() + " answered without \"timings\": it does not time admissions");
    }
    return answered;
  }

  private static long admissionNanos(JsonNode answer) {
    long total = 0;
    for (JsonNode step : answer.path("timings").path("steps")) {
      total += step.asLong(0);
    }
    return total;
  }
}
