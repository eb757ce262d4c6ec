package io.podtopo.conformance.scenarios;

import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.generators.OperationPlans;
import io.podtopo.conformance.invariants.Violation;
import io.podtopo.conformance.vectors.BrokenSubjectException;
import io.podtopo.conformance.vectors.KindNotSupportedException;
import io.podtopo.conformance.vectors.Subject;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The census of the spec's invariants on the kubelet: node scenarios generated as for
 * {@link PropertyCheck} but in the kubelet's behaviour ({@link GeneratedScenarios#kubelet}: pods as
 * the API server creates them, a restart re-admitting every active pod) are sent to a subject (the
 * kubelet oracle, say), each asked for one outcome, and every one is checked ({@link AnswerReplay}):
 * the run does not stop at the first failure. Per invariant broken it counts the scenarios that broke
 * it, each explained by podtopo's own kubelet behaviour ({@link QuirkExplanation}: a breach a named
 * quirk explains is a known departure of the kubelet from the spec, any other is a finding), and keeps
 * the smallest (fewest steps, the first found among equals; an unexplained one if there is one),
 * shrunk with the subject ({@link OperationShrinker}, at most {@value #MAX_SHRINK_TRIES} tries, each a
 * question to the subject).
 *
 * <p>An answer the subject cannot give because the kubelet's code crashed or never returned outside
 * an admission ({@link KubeletCrash}) is counted apart; any other error, and an answer that cannot be
 * read, breaks invariant 0 (the subject's answer could be had and read).
 *
 * <pre>{@code
 * InvariantCensus.Report census = new InvariantCensus(oracle).run(seed, 300, listener);
 * census.findings().forEach(finding -> save(InvariantCensus.counterexample(census, finding)));
 * }</pre>
 */
public final class InvariantCensus {

  /** The most smaller scenarios tried when shrinking the counterexample of one invariant. */
  public static final int MAX_SHRINK_TRIES = Differential.MAX_SHRINK_TRIES;

  private final Subject subject;

  public InvariantCensus(Subject subject) {
    this.subject = subject;
  }

  /** What a census tells as it goes. */
  public interface Listener {
    /** {@code scenarios} checked so far, {@code broken} invariants broken by them. */
    void scenarioDone(int scenarios, int broken);

    /** The counterexample of {@code invariant}, of {@code steps} steps, is being shrunk with the subject. */
    void shrinking(int invariant, int steps);
  }

  /**
   * One invariant the subject broke.
   *
   * @param invariant its number (0: the subject's answer could not be had or read)
   * @param scenarios how many scenarios broke it
   * @param unexplained how many of them no quirk explains (each explained as the counterexample is)
   * @param index the counterexample's place in the run (1-based)
   * @param operations how many operations the counterexample had before shrinking
   * @param counterexample the smallest scenario found that breaks it, an unexplained one if any, shrunk
   *     (keeping it explained or unexplained)
   * @param violations the counterexample's breaches of it, in the subject's answer
   * @param explanation why, as far as podtopo's kubelet behaviour knows
   */
  public record Finding(int invariant, int scenarios, int unexplained, int index, int operations, NodeScenario counterexample,
      List<Violation> violations, QuirkExplanation explanation) {
    public Finding {
      violations = List.copyOf(violations);
    }
  }

  /**
   * A census: the subject, the seed that replays it, the scenarios checked, how many admission steps
   * had no {@code merges} (invariants 14, 15, 18, 19 and 32 unchecked there), the scenarios the
   * kubelet crashed on (by their place in the run, with the subject's error), and the invariants
   * broken, in number order.
   */
  public record Report(String subject, long seed, int scenarios, int admissionsWithoutMerges,
      SortedMap<Integer, String> kubeletCrashes, List<Finding> findings) {
    public Report {
      kubeletCrashes = Collections.unmodifiableSortedMap(new TreeMap<>(kubeletCrashes));
      findings = List.copyOf(findings);
    }

    /** How many broken invariants some scenario breaks where no quirk explains it. */
    public long unexplained() {
      return findings.stream().filter(finding -> finding.unexplained() > 0).count();
    }
  }

  /** One scenario's answer checked: the breaches, and the step after which each invariant first broke. */
  private record Checked(NodeScenario scenario, List<Violation> violations, SortedMap<Integer, Integer> firstBroken,
      int admissionsWithoutMerges, Optional<String> kubeletCrash) {

    Optional<Checked> breaking(int invariant) {
      return firstBroken.containsKey(invariant) ? Optional.of(this) : Optional.empty();
    }

    boolean explained(int invariant) {
      return QuirkExplanation.of(scenario, invariant, firstBroken.get(invariant)).explained();
    }

    List<Violation> of(int invariant) {
      return violations.stream().filter(violation -> violation.invariant() == invariant).toList();
    }
  }

  /**
   * The scenarios breaking one invariant so far: how many, how many of them no quirk explains, and the
   * smallest, an unexplained one when there is one (a breach no quirk explains is never hidden behind a
   * smaller explained one).
   */
  private static final class Count {
    int scenarios;
    int unexplained;
    int index;
    boolean smallestExplained;
    OperationPlans.Plan generated;
    Checked smallest;

    void add(int at, OperationPlans.Plan scenario, Checked checked, boolean explained) {
      scenarios++;
      unexplained += explained ? 0 : 1;
      boolean replaces = smallest == null || !explained && smallestExplained
          || explained == smallestExplained && checked.scenario().steps().size() < smallest.scenario().steps().size();
      if (replaces) {
        index = at;
        generated = scenario;
        smallest = checked;
        smallestExplained = explained;
      }
    }
  }

  /** Running counts of a census. */
  private static final class Tally {
    int scenarios;
    int admissionsWithoutMerges;
    final SortedMap<Integer, String> kubeletCrashes = new TreeMap<>();
    final SortedMap<Integer, Count> counts = new TreeMap<>();
    RuntimeException stopped;
  }

  /**
   * Checks {@code examples} scenarios generated from {@code seed}, then shrinks and explains the
   * counterexample of each invariant broken.
   *
   * @throws PropertyCheck.UnsupportedKindException when the subject does not answer node scenarios
   * @throws BrokenSubjectException when the subject broke
   */
  public Report run(long seed, int examples, Listener listener) {
    Tally tally = new Tally();
    qt().withFixedSeed(seed).withExamples(examples).withShrinkCycles(0)
        .forAll(OperationPlans.scenarios(PropertyCheck.MAX_OPERATIONS)).checkAssert(generated -> {
          if (tally.stopped != null) {
            return; // the subject broke or declined: the examples left are generated but not checked
          }
          try {
            count(generated, tally);
          } catch (BrokenSubjectException | PropertyCheck.UnsupportedKindException e) {
            tally.stopped = e;
            return;
          }
          listener.scenarioDone(tally.scenarios, tally.counts.size());
        });
    if (tally.stopped != null) {
      throw tally.stopped;
    }
    List<Finding> findings = tally.counts.entrySet().stream()
        .map(entry -> finding(entry.getKey(), entry.getValue(), listener)).toList();
    return new Report(subject.name(), seed, tally.scenarios, tally.admissionsWithoutMerges, tally.kubeletCrashes,
        findings);
  }

  private void count(OperationPlans.Plan generated, Tally tally) {
    tally.scenarios++;
    Checked checked = check(GeneratedScenarios.kubelet(generated));
    tally.admissionsWithoutMerges += checked.admissionsWithoutMerges();
    checked.kubeletCrash().ifPresent(error -> tally.kubeletCrashes.put(tally.scenarios, error));
    checked.firstBroken().forEach((invariant, step) -> tally.counts.computeIfAbsent(invariant, number -> new Count())
        .add(tally.scenarios, generated, checked, QuirkExplanation.of(checked.scenario(), invariant, step).explained()));
  }

  private Finding finding(int invariant, Count count, Listener listener) {
    listener.shrinking(invariant, count.smallest.scenario().steps().size());
    Checked shrunk = OperationShrinker.shrink(count.generated, count.smallest,
        fewer -> check(GeneratedScenarios.kubelet(fewer)).breaking(invariant)
            .filter(smaller -> smaller.explained(invariant) == count.smallestExplained), MAX_SHRINK_TRIES);
    return new Finding(invariant, count.scenarios, count.unexplained, count.index, count.generated.steps().size(),
        shrunk.scenario(),
        shrunk.of(invariant),
        QuirkExplanation.of(shrunk.scenario(), invariant, shrunk.firstBroken().get(invariant)));
  }

  /** Asks the subject for one outcome of the scenario and checks the invariants on it. */
  private Checked check(NodeScenario scenario) {
    ObjectNode input = scenario.write();
    input.put("outcomes", "one");
    Optional<JsonNode> answer;
    try {
      answer = subject.run("properties", NodeScenarioKind.NAME, input);
    } catch (KindNotSupportedException e) {
      throw new PropertyCheck.UnsupportedKindException(subject.name(), e.reason());
    } catch (BrokenSubjectException e) {
      throw e;
    } catch (RuntimeException e) {
      String error = String.valueOf(e.getMessage());
      if (KubeletCrash.named(error)) {
        return new Checked(scenario, List.of(), new TreeMap<>(), 0, Optional.of(error));
      }
      return unanswered(scenario, "the subject failed: " + e.getMessage());
    }
    if (answer.isEmpty()) {
      throw new PropertyCheck.UnsupportedKindException(subject.name(), null);
    }
    try {
      AnswerReplay.Result result = AnswerReplay.check(scenario, answer.get());
      return new Checked(scenario, result.violations(), result.firstBroken(), result.admissionsWithoutMerges(),
          Optional.empty());
    } catch (RuntimeException e) {
      return unanswered(scenario, "the answer cannot be read: " + e.getMessage());
    }
  }

  private static Checked unanswered(NodeScenario scenario, String why) {
    return new Checked(scenario, List.of(Violation.ofPod(0, "", why)), new TreeMap<>(Map.of(0, 0)), 0,
        Optional.empty());
  }

  /**
   * The counterexample of a finding as a vector file of one {@code node-scenario} case (the format of
   * {@link PropertyCheck#counterexample}), whose expectation is podtopo's answer in kubelet behaviour.
   */
  public static ObjectNode counterexample(Report report, Finding finding) {
    String run = "podtopo conformance properties --behaviour kubelet --seed " + report.seed() + " --examples "
        + report.scenarios();
    return CounterexampleFile.of(
        "node-scenario/counterexample/seed-" + report.seed() + "-invariant-" + finding.invariant(),
        "seed " + report.seed() + ", " + report.scenarios() + " examples, subject " + report.subject()
            + ", kubelet behaviour",
        "found by '" + run + "' against " + report.subject() + ": invariant " + finding.invariant() + " broken in "
            + finding.scenarios() + " scenarios; this one (scenario " + finding.index() + ", shrunk from "
            + finding.operations() + " operations to " + finding.counterexample().steps().size() + " steps): "
            + finding.violations().get(0) + ". podtopo's kubelet behaviour: " + finding.explanation().describe()
            + ". The expectation is podtopo's reference answer in kubelet behaviour.",
        finding.counterexample(), finding.violations());
  }
}
