package io.podtopo.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.scenarios.Differential;
import io.podtopo.conformance.vectors.BrokenSubjectException;
import io.podtopo.conformance.vectors.ProcessSubject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code podtopo conformance differential}: podtopo against a testee on generated node scenarios. */
@Command(
    name = "differential",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "Run generated node scenarios through podtopo (the kubelet's behaviour) and through a testee, "
            + "and compare every answer: each admission's decision, reason and message, every CPU set, "
            + "memory block and device id, the stored topology hints, the Memory Manager's machine state and "
            + "the PodResources view, step by step.",
        "",
        "The scenarios span every machine family (SMT on and off, several NUMA nodes per socket or sockets per "
            + "node, L3 groups, sparse CPU ids, NUMA nodes without CPUs, distances, 2Mi and 1Gi hugepages, devices "
            + "with and without topology), every CPU, memory and topology policy, option and scope, reserved CPUs "
            + "and memory, and 4 to 24 operations: pod-level and container-level pods of every QoS class with "
            + "init containers and sidecars, container and pod removals, and kubelet restarts that re-admit every "
            + "active pod.",
        "",
        "A scenario answered differently is shrunk to fewer operations that still differ and written to "
            + "--out as a vector file (the testee's answer as expectation, podtopo's beside it) to replay with "
            + "'conformance vectors --dir'. A testee that can find several answers to one scenario (the kubelet "
            + "oracle, where Go's map order decides) is asked for all of them before a difference is counted.",
        "",
        "The last line is 'N scenarios, A admissions, D differences'. Exits 0 when D is 0, 1 otherwise, 2 on "
            + "bad usage, 4 when the testee broke, 5 when nothing was checked (the testee answers no node-scenario "
            + "request).",
        ""},
    footer = {
        "",
        "Examples:",
        "  ./podtopo conformance differential --testee \"oracle/kubelet testee --answer-timeout 540s\" --seed 1 --scenarios 2000",
        "      2,000 scenarios against the kubelet's own code, given 540 s an answer",
        "  ./podtopo conformance differential --testee \"oracle/kubelet testee --answer-timeout 540s\" --scenarios 100000 --out found/",
        "      the whole campaign (hours on two cores); each difference lands in found/",
        "  ./podtopo conformance differential --testee \"./podtopo testee\" --scenarios 200 --format json",
        "      podtopo against itself, one JSON document",
        "",
        "Node-scenario format and the testee protocol: docs/conformance.md"})
public final class DifferentialCommand implements Callable<Integer> {

  @Option(names = "--testee", paramLabel = "COMMAND", required = true,
      description = "The program to compare podtopo with: a command line, split into words as a shell would "
          + "(quotes and backslashes, no expansion), started once for the whole run.")
  String testee;

  @Option(names = "--seed", paramLabel = "SEED",
      description = "Generate from this seed (a 64-bit integer) to replay a run; a fresh one by default.")
  Long seed;

  @Option(names = "--scenarios", paramLabel = "N", defaultValue = "2000",
      description = "How many scenarios to generate (default: ${DEFAULT-VALUE}).")
  int scenarios;

  @PathOption(PathKind.FOLDER_TO_WRITE)
  @Option(names = "--out", paramLabel = "DIR", defaultValue = "differential",
      description = "Where to write one vector file per difference (default: ${DEFAULT-VALUE}); made only "
          + "when there is one.")
  Path out;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  OutputFormat format;

  @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "600",
      description = "How long to wait for the testee's answer to each scenario after the first "
          + "(default: ${DEFAULT-VALUE}).")
  long timeoutSeconds;

  @Mixin
  StartupTimeoutOption startupTimeout;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    if (scenarios <= 0) {
      throw new UserInputException("--scenarios must be a positive number, got " + scenarios);
    }
    long runSeed = seed != null ? seed : System.nanoTime();
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter out = spec.commandLine().getOut();
    Progress progress = new Progress(err, scenarios, "scenarios", System::nanoTime);
    long start = System.nanoTime();
    Differential.Report report;
    List<Path> written = new ArrayList<>();
    try (ProcessSubject process = TesteeProcess.start(testee, timeoutSeconds, startupTimeout.seconds)) {
      report = new Differential(process).run(runSeed, scenarios, new Differential.Listener() {
        @Override
        public void found(Differential.Difference difference, ObjectNode file) {
          Path path = write("seed-" + runSeed + "-" + difference.index(), file);
          written.add(path);
          err.println("podtopo: difference at scenario " + difference.index() + ", shrunk to "
              + difference.scenario().steps().size() + " steps: " + path);
          err.flush();
        }

        @Override
        public void kubeletCrashed(Differential.Difference crash, ObjectNode file) {
          Path path = write("crash-" + runSeed + "-" + crash.index(), file);
          err.println("podtopo: the testee's kubelet crashed at scenario " + crash.index() + " (explained, not a "
              + "difference): " + path);
          err.flush();
        }

        @Override
        public void scenarioDone(int done, long admissions, int differences) {
          progress.done(done, ", " + admissions + " admissions, " + differences + " differences");
        }
      });
    } catch (Differential.UnsupportedKindException e) {
      err.println(spec.qualifiedName() + ": nothing was checked: " + e.getMessage());
      err.flush();
      return ExitCodes.NOTHING_CHECKED;
    } catch (BrokenSubjectException e) {
      err.println(spec.qualifiedName() + ": the testee broke: " + e.getMessage() + "; replay with --seed " + runSeed);
      e.stderrTail().forEach(line -> err.println("  " + line));
      err.flush();
      return ExitCodes.BROKEN_TESTEE;
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    if (format == OutputFormat.json) {
      out.println(document(report, written, seconds).toPrettyString());
    } else {
      table(report, written, seconds, out);
    }
    out.flush();
    return report.differences().isEmpty() ? ExitCodes.OK : ExitCodes.FAILURES;
  }

  private Path write(String name, ObjectNode file) {
    return new VectorFileWriter(out, "a difference").write(name, file);
  }

  private String replay(Differential.Report report) {
    return "./podtopo conformance differential --seed " + report.seed() + " --scenarios " + report.scenarios()
        + " --testee \"" + testee.replace("\"", "\\\"") + "\"";
  }

  private ObjectNode document(Differential.Report report, List<Path> written, double seconds) {
    ObjectNode document = new ObjectMapper().createObjectNode();
    document.put("testee", report.testee());
    document.put("seed", report.seed());
    document.put("scenarios", report.scenarios());
    document.put("admissions", report.admissions());
    document.put("seconds", Math.round(seconds * 10) / 10.0);
    document.put("podtopoSeconds", Math.round(report.podtopoNanos() / 1e8) / 10.0);
    document.put("testeeSeconds", Math.round(report.testeeNanos() / 1e8) / 10.0);
    document.put("kubeletCrashes", report.kubeletCrashes().size());
    ArrayNode differences = document.putArray("differences");
    for (int i = 0; i < report.differences().size(); i++) {
      Differential.Difference difference = report.differences().get(i);
      ObjectNode item = differences.addObject();
      item.put("scenario", difference.index());
      item.put("operations", difference.operations());
      item.put("steps", difference.scenario().steps().size());
      item.put("file", written.get(i).toString());
      ArrayNode what = item.putArray("differences");
      difference.differences().forEach(what::add);
    }
    document.put("replay", replay(report));
    return document;
  }

  private void table(Differential.Report report, List<Path> written, double seconds, PrintWriter out) {
    out.println("testee:  " + report.testee());
    out.println("seed:    " + report.seed() + "   scenarios: " + report.scenarios());
    for (int i = 0; i < report.differences().size(); i++) {
      Differential.Difference difference = report.differences().get(i);
      out.println();
      out.println("DIFFERENCE at scenario " + difference.index() + ", shrunk from " + difference.operations()
          + " operations to " + difference.scenario().steps().size() + " steps: " + written.get(i));
      difference.differences().stream().limit(5).forEach(line -> out.println("  - " + line));
      if (difference.differences().size() > 5) {
        out.println("  ... " + (difference.differences().size() - 5) + " more in the file");
      }
    }
    if (!report.differences().isEmpty()) {
      out.println();
      out.println("replay one: ./podtopo conformance vectors --dir " + this.out + " --testee \"" + testee + "\"");
    }
    out.printf(Locale.ROOT, "time:    %.1f s (%.0f scenarios/s); answering: podtopo %.1f s, testee %.1f s%n", seconds,
        report.scenarios() / seconds, report.podtopoNanos() / 1e9, report.testeeNanos() / 1e9);
    out.println("replay:  " + replay(report));
    if (!report.kubeletCrashes().isEmpty()) {
      out.println("kubelet crashes (explained, not differences): " + report.kubeletCrashes().size()
          + " scenarios the testee's kubelet could not answer (" + report.kubeletCrashes().get(0).differences().get(0)
          .lines().findFirst().orElse("") + ", ...), written to " + this.out + "/crash-*.json");
    }
    out.println(report.scenarios() + " scenarios, " + report.admissions() + " admissions, "
        + report.differences().size() + " differences");
  }
}
