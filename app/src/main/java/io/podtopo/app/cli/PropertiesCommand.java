package io.podtopo.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.invariants.Invariant;
import io.podtopo.conformance.invariants.Invariants;
import io.podtopo.conformance.invariants.Violation;
import io.podtopo.conformance.scenarios.AnswerReplay;
import io.podtopo.conformance.scenarios.PropertyCheck;
import io.podtopo.conformance.vectors.ProcessSubject;
import io.podtopo.conformance.vectors.ReferenceSubject;
import io.podtopo.conformance.vectors.Subject;
import io.podtopo.conformance.vectors.VectorKinds;
import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code podtopo conformance properties}: the spec's invariants on generated node scenarios. */
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
        "Exits 0 when no invariant broke, 1 when one did, 2 on bad usage or a testee that cannot run.",
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
        "",
        "Invariants, node-scenario format and protocol: docs/conformance.md"})
public final class PropertiesCommand implements Callable<Integer> {

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

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  OutputFormat format;

  @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "10",
      description = "How long to wait for the testee's answer to each scenario after the first "
          + "(default: ${DEFAULT-VALUE}).")
  long timeoutSeconds;

  @Option(names = "--startup-timeout", paramLabel = "SECONDS", defaultValue = "900",
      description = "How long to wait for the testee's first answer, for a testee that takes long to "
          + "start (default: ${DEFAULT-VALUE}; --timeout if that is longer).")
  long startupTimeoutSeconds;

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
    long runSeed = seed != null ? seed : System.nanoTime();
    TesteeProcess.checkWaits(timeoutSeconds, startupTimeoutSeconds);
    ProcessSubject process = testee == null ? null
        : TesteeProcess.start(testee, timeoutSeconds, startupTimeoutSeconds);
    Subject subject = process != null ? process : new ReferenceSubject(kinds);
    PropertyCheck.Report report;
    try {
      report = new PropertyCheck(subject).run(runSeed, examples);
    } catch (PropertyCheck.UnsupportedKindException e) {
      throw new UserInputException(e.getMessage());
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

  private static String rule(int number) {
    if (number == 0) {
      return "the subject's answer could be had and read";
    }
    return Invariants.all().stream().filter(invariant -> invariant.number() == number).map(Invariant::rule)
        .findFirst().orElse("");
  }
}
