package io.podtopo.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.invariants.Invariant;
import io.podtopo.conformance.invariants.Invariants;
import io.podtopo.conformance.invariants.Violation;
import io.podtopo.conformance.scenarios.AnswerReplay;
import io.podtopo.conformance.scenarios.InvariantCensus;
import io.podtopo.conformance.scenarios.PropertyCheck;
import io.podtopo.conformance.vectors.BrokenSubjectException;
import io.podtopo.conformance.vectors.ProcessSubject;
import io.podtopo.conformance.vectors.ReferenceSubject;
import io.podtopo.conformance.vectors.Subject;
import io.podtopo.conformance.vectors.VectorKinds;
import io.podtopo.domain.quirks.Behaviour;
import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code podtopo conformance properties}: the spec's invariants on generated node scenarios, in
 * podtopo's corrected behaviour until the first failure ({@link PropertyCheck}), or in the kubelet's
 * as a census of every invariant the subject breaks ({@link InvariantCensus}, {@link CensusReport}).
 */
@Command(
    name = "properties",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "Check the 36 invariants of the pod-level resource managers spec on generated node scenarios, "
            + "against podtopo or any program speaking the testee protocol.",
        "",
        "Each example is a machine, a kubelet configuration and up to 12 operations (admit, remove a "
            + "container, remove a pod, restart and admit again), sent as one node-scenario request; the "
            + "invariants are checked on the answer. A failure is shrunk to a smallest failing scenario, "
            + "printed as a node-scenario vector file to save and replay with 'conformance vectors --dir'. "
            + "The seed is always printed: --seed replays a run exactly.",
        "",
        "With --behaviour kubelet the scenarios are the kubelet's (pods as the API server creates them, a "
            + "restart re-admitting every active pod, \"behaviour\": \"kubelet\"), for the kubelet oracle "
            + "(oracle/kubelet testee), and the run is a census: every scenario is checked, each asked for one "
            + "outcome. Per invariant broken it prints how many scenarios broke it and the smallest counterexample "
            + "(shrunk with the testee, at most " + InvariantCensus.MAX_SHRINK_TRIES + " tries), written to --out "
            + "as a vector file, and explains it: podtopo's own kubelet behaviour is run on the counterexample, and "
            + "a breach it reproduces naming a kubelet quirk (ADR 0008) is explained; any "
            + "other is UNEXPLAINED, a finding. The last line is 'N scenarios, K invariants broken, U unexplained'.",
        "",
        "Exits 0 when no invariant broke (with --behaviour kubelet: when nothing is unexplained), 1 when one did, "
            + "2 on bad usage or a testee that cannot run, 4 when the testee broke during a census, 5 when nothing "
            + "was checked (the testee answers no node-scenario request, as 'conformance vectors' exits when every "
            + "case is skipped).",
        ""},
    footer = {
        "",
        "Examples:",
        "  ./podtopo conformance properties",
        "      100 generated scenarios against podtopo's reference implementation",
        "  ./podtopo conformance properties --testee \"./my-impl --testee\" --examples 500",
        "      another implementation, started once and sent one scenario per line",
        "  ./podtopo conformance properties --seed 42 --examples 500 --format json",
        "      replay the run of seed 42, as one JSON document",
        "  ./podtopo conformance properties --behaviour kubelet --testee \"oracle/kubelet testee --answer-timeout 540s\" "
            + "--seed 1 --examples 300 --out census/",
        "      which invariants kubelet v1.37.2 itself breaks, how often, and why",
        "  ./podtopo conformance properties --behaviour kubelet --examples 300",
        "      the same census of podtopo's kubelet behaviour, each breach a quirk's",
        "",
        "Invariants, node-scenario format and protocol: docs/conformance.md"})
public final class PropertiesCommand implements Callable<Integer> {

  private static final long SPEC_TIMEOUT_SECONDS = 10;
  private static final long CENSUS_TIMEOUT_SECONDS = 600;

  @Option(names = "--testee", paramLabel = "COMMAND",
      description = "Check this program instead of podtopo: a command line, split into words as a shell "
          + "would (quotes and backslashes, no expansion), started once for the whole run.")
  String testee;

  @Option(names = "--seed", paramLabel = "SEED",
      description = "Generate from this seed (a 64-bit integer) to replay a run; a fresh one by default.")
  Long seed;

  @Option(names = "--examples", paramLabel = "N", defaultValue = "100",
      description = "How many scenarios to generate (default: ${DEFAULT-VALUE}).")
  int examples;

  @Option(names = "--behaviour", paramLabel = "spec|kubelet", defaultValue = "spec",
      completionCandidates = BehaviourNames.class,
      description = "spec (default): scenarios in podtopo's corrected behaviour, where every invariant must hold; "
          + "the first failure stops the run and is shrunk. kubelet: the kubelet's scenarios, checked as a census "
          + "(every scenario, every invariant broken counted and explained by a quirk or UNEXPLAINED).")
  String behaviour;

  @PathOption(PathKind.FOLDER_TO_WRITE)
  @Option(names = "--out", paramLabel = "DIR",
      description = "With --behaviour kubelet: write each broken invariant's counterexample here, as "
          + "seed-SEED-invariant-N.json, to replay with 'conformance vectors --dir DIR'.")
  Path out;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  OutputFormat format;

  @Option(names = "--timeout", paramLabel = "SECONDS",
      description = "How long to wait for the testee's answer to each scenario after the first (default: "
          + SPEC_TIMEOUT_SECONDS + "; " + CENSUS_TIMEOUT_SECONDS + " with --behaviour kubelet, as for the differential: "
          + "the kubelet oracle may take minutes on a long scenario).")
  Long timeoutSeconds;

  @Mixin
  StartupTimeoutOption startupTimeout;

  @Spec
  CommandSpec spec;

  private final VectorKinds kinds;

  @Inject
  public PropertiesCommand(VectorKinds kinds) {
    this.kinds = kinds;
  }

  @Override
  public Integer call() {
    if (examples <= 0) {
      throw new UserInputException("--examples must be a positive number, got " + examples);
    }
    Behaviour asked = behaviour();
    if (asked == Behaviour.SPEC && out != null) {
      throw new UserInputException("--out is written by a census, --behaviour kubelet; with --behaviour spec the "
          + "counterexample is printed");
    }
    long runSeed = seed != null ? seed : System.nanoTime();
    long timeout = timeoutSeconds != null ? timeoutSeconds
        : asked == Behaviour.KUBELET ? CENSUS_TIMEOUT_SECONDS : SPEC_TIMEOUT_SECONDS;
    TesteeProcess.checkWaits(timeout, startupTimeout.seconds);
    if (asked == Behaviour.KUBELET) {
      return census(runSeed, timeout);
    }
    ProcessSubject process = testee == null ? null
        : TesteeProcess.start(testee, timeout, startupTimeout.seconds);
    Subject subject = process != null ? process : new ReferenceSubject(kinds);
    PropertyCheck.Report report;
    try {
      report = new PropertyCheck(subject).run(runSeed, examples);
    } catch (PropertyCheck.UnsupportedKindException e) {
      return nothingChecked(e);
    } finally {
      if (process != null) {
        process.close();
      }
    }
    ObjectNode document = document(report);
    PrintWriter out = spec.commandLine().getOut();
    if (format == OutputFormat.json) {
      out.println(document.toPrettyString());
    } else {
      table(report, document, out);
    }
    out.flush();
    return report.passed() ? ExitCodes.OK : ExitCodes.FAILURES;
  }

  private Behaviour behaviour() {
    try {
      return Behaviour.parse(behaviour);
    } catch (IllegalArgumentException e) {
      throw new UserInputException("--behaviour: " + e.getMessage());
    }
  }

  /** The census of {@code --behaviour kubelet}: every scenario checked, every broken invariant explained. */
  private int census(long runSeed, long timeout) {
    PrintWriter err = spec.commandLine().getErr();
    Progress progress = new Progress(err, examples, "scenarios", System::nanoTime);
    InvariantCensus.Listener listener = new InvariantCensus.Listener() {
      @Override
      public void scenarioDone(int scenarios, int broken) {
        progress.done(scenarios, ", " + broken + " invariants broken");
      }

      @Override
      public void shrinking(int invariant, int steps) {
        err.println("podtopo: shrinking the counterexample of invariant " + invariant + " (" + steps + " steps)");
        err.flush();
      }
    };
    ProcessSubject process = testee == null ? null
        : TesteeProcess.start(testee, timeout, startupTimeout.seconds);
    InvariantCensus.Report census;
    try {
      census = new InvariantCensus(process != null ? process : new ReferenceSubject(kinds)).run(runSeed, examples,
          listener);
    } catch (PropertyCheck.UnsupportedKindException e) {
      return nothingChecked(e);
    } catch (BrokenSubjectException e) {
      err.println(spec.qualifiedName() + ": the testee broke: " + e.getMessage() + "; replay with --seed " + runSeed);
      e.stderrTail().forEach(line -> err.println("  " + line));
      err.flush();
      return ExitCodes.BROKEN_TESTEE;
    } finally {
      if (process != null) {
        process.close();
      }
    }
    Map<Integer, Path> files = new TreeMap<>();
    for (InvariantCensus.Finding finding : census.findings()) {
      if (out != null) {
        files.put(finding.invariant(), write("seed-" + runSeed + "-invariant-" + finding.invariant(),
            InvariantCensus.counterexample(census, finding)));
      }
    }
    CensusReport report = new CensusReport(census, files, "./podtopo conformance properties --behaviour kubelet --seed "
        + runSeed + " --examples " + examples + (testee == null ? "" : " --testee \"" + testee.replace("\"", "\\\"")
        + "\""));
    PrintWriter printed = spec.commandLine().getOut();
    if (format == OutputFormat.json) {
      printed.println(report.document().toPrettyString());
    } else {
      report.table(printed);
    }
    printed.flush();
    return census.unexplained() == 0 ? ExitCodes.OK : ExitCodes.FAILURES;
  }

  private Path write(String name, ObjectNode file) {
    return new VectorFileWriter(out, "a counterexample").write(name, file);
  }

  /** The testee answers no node scenario: as {@code vectors} with every case skipped, nothing was checked. */
  private int nothingChecked(RuntimeException unsupported) {
    PrintWriter err = spec.commandLine().getErr();
    err.println(spec.qualifiedName() + ": nothing was checked: " + unsupported.getMessage());
    err.flush();
    return ExitCodes.NOTHING_CHECKED;
  }

  private String replay(PropertyCheck.Report report) {
    return "./podtopo conformance properties --seed " + report.seed() + " --examples " + report.examples()
        + (testee == null ? "" : " --testee \"" + testee.replace("\"", "\\\"") + "\"");
  }

  private ObjectNode document(PropertyCheck.Report report) {
    ObjectNode document = new ObjectMapper().createObjectNode();
    document.put("subject", report.subject());
    document.put("seed", report.seed());
    document.put("examples", report.examples());
    document.put("passed", report.passedExamples());
    document.put("failed", report.passed() ? 0 : 1);
    document.put("admissionsWithoutMerges", report.admissionsWithoutMerges());
    if (report.failure().isPresent()) {
      PropertyCheck.Outcome failure = report.failure().get();
      ObjectNode written = document.putObject("failure");
      written.put("steps", failure.scenario().steps().size());
      ArrayNode violations = written.putArray("violations");
      for (Violation violation : failure.violations()) {
        violations.addObject().put("invariant", violation.invariant()).put("pod", violation.pod())
            .put("container", violation.container()).put("message", violation.message());
      }
      written.set("counterexample", PropertyCheck.counterexample(report, failure));
    } else {
      document.putNull("failure");
    }
    document.put("replay", replay(report));
    return document;
  }

  private void table(PropertyCheck.Report report, ObjectNode document, PrintWriter out) {
    out.println("subject: " + report.subject());
    out.println("seed:    " + report.seed() + "   examples: " + report.examples());
    if (report.admissionsWithoutMerges() > 0) {
      out.println("not checked on " + report.admissionsWithoutMerges() + " admissions whose answer has no \"merges\": "
          + "the hint checks of invariants " + AnswerReplay.READ_MERGES.stream().sorted().toList());
    }
    report.failure().ifPresent(failure -> {
      List<Integer> broken = failure.violations().stream().map(Violation::invariant).distinct().sorted().toList();
      out.println();
      int steps = failure.scenario().steps().size();
      out.println("FAILED after " + report.passedExamples() + " passing examples; shrunk to " + steps
          + (steps == 1 ? " step" : " steps"));
      for (int number : broken) {
        out.println("  invariant " + number + ": " + rule(number));
      }
      failure.violations().forEach(violation -> out.println("  - " + violation));
      out.println();
      out.println("counterexample: save it as DIR/counterexample.json and replay it with");
      out.println("  ./podtopo conformance vectors --dir DIR" + (testee == null ? "" : " --testee \"" + testee + "\""));
      ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
      try {
        out.println(mapper.writeValueAsString(document.get("failure").get("counterexample")));
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new IllegalStateException(e);
      }
    });
    out.println("replay:  " + replay(report));
    out.println(report.passedExamples() + " passed, " + (report.passed() ? 0 : 1) + " failed");
  }

  /** The rule of invariant {@code number} in the spec's words (0: the answer could be had and read). */
  static String rule(int number) {
    if (number == 0) {
      return "the subject's answer could be had and read";
    }
    return Invariants.all().stream().filter(invariant -> invariant.number() == number).map(Invariant::rule)
        .findFirst().orElse("");
  }
}
