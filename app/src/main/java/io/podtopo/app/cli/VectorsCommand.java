package io.podtopo.app.cli;

import io.podtopo.conformance.vectors.ProcessSubject;
import io.podtopo.conformance.vectors.ReferenceSubject;
import io.podtopo.conformance.vectors.RunSummary;
import io.podtopo.conformance.vectors.Subject;
import io.podtopo.conformance.vectors.SubjectBreak;
import io.podtopo.conformance.vectors.SuiteVersion;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import io.podtopo.conformance.vectors.VectorKinds;
import io.podtopo.conformance.vectors.VectorRun;
import io.podtopo.conformance.vectors.VectorRunner;
import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code podtopo conformance vectors}: runs vector files against podtopo or another implementation. */
@Command(
    name = "vectors",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "Run conformance vectors against podtopo or any program speaking the testee protocol.",
        "",
        "A vector is an input and the output upstream Kubernetes asserts for it. Prints the suite "
            + "version, the subject and each vector file's SHA-256, the counts per kind and every failed "
            + "case with its expected and actual values and the differences; the last line is "
            + "'N passed, M failed, K skipped'. A kind with no comparator in the suite, or one the "
            + "subject does not support, is skipped, never passed.",
        "",
        "A testee that exits, answers with a line that is not a protocol answer or does not answer "
            + "in time (its first answer within --startup-timeout, every later one within --timeout) is "
            + "reported once, with the case it broke on and the last lines of its standard error; the "
            + "cases left are counted as not run.",
        "",
        "Exit codes: 0 no case failed, 1 a case failed, 2 bad usage or input, 4 the testee broke "
            + "(exited, printed something that is not an answer, or gave no first answer within "
            + "--startup-timeout or no later one within --timeout), 5 nothing was checked (every case "
            + "skipped; --allow-all-skipped accepts it).",
        ""},
    footer = {
        "",
        "Examples:",
        "  ./podtopo conformance vectors",
        "      the bundled vectors against podtopo's reference implementation",
        "  ./podtopo conformance vectors --kind merge-hints --kind policy-admit",
        "      only the Topology Manager merge and admission cases",
        "  ./podtopo conformance vectors --case node-scenario/differential/refused-pod-leaves-broken-memory-group",
        "      one case again, by the id its report gave",
        "  ./podtopo conformance vectors --dir ./my-vectors --format json",
        "      every *.json vector file in ./my-vectors, as one JSON document",
        "  ./podtopo conformance vectors --testee \"./my-impl --testee\" --timeout 30",
        "      another implementation, started once and fed one case per line",
        "  ./podtopo conformance vectors --testee \"oracle/kubelet testee\" --startup-timeout 1800",
        "      the kubelet oracle, given 30 minutes to build itself before answering",
        "  ./podtopo conformance vectors --testee \"python3 examples/testee-python/testee.py\" --format junit > conformance.xml",
        "      the Python example testee, as a JUnit XML report for CI",
        "  ./podtopo conformance vectors --testee \"./my-impl\" --kind merge-hints --allow-all-skipped",
        "      exit 0 even if the testee supports no merge-hints case yet",
        "",
        "Vector format, protocol and how to add a subject: docs/conformance.md"})
public final class VectorsCommand implements Callable<Integer> {

  @PathOption(PathKind.FOLDER)
  @Option(names = "--dir", paramLabel = "DIR",
      description = "Run every *.json vector file in DIR instead of the bundled vectors.")
  Path dir;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); junit is "
          + "JUnit XML for CI, one testsuite per kind.")
  VectorsFormat format;

  @Option(names = "--kind", paramLabel = "KIND", completionCandidates = VectorKindNames.class,
      description = "Run only cases of this kind (repeatable), e.g. merge-hints, take-by-topology.")
  List<String> onlyKinds = new ArrayList<>();

  @Option(names = "--case", paramLabel = "ID",
      description = "Run only the case of this id (repeatable), as a report names it, e.g. "
          + "node-scenario/differential/seed-2-344.")
  List<String> onlyCases = new ArrayList<>();

  @Option(names = "--testee", paramLabel = "COMMAND",
      description = "Check this program instead of podtopo: a command line, split into words as a shell "
          + "would (quotes and backslashes, no expansion), started once for the whole run.")
  String testee;

  @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "10",
      description = "How long to wait for the testee's answer to each case after the first "
          + "(default: ${DEFAULT-VALUE}).")
  long timeoutSeconds;

  @Mixin
  StartupTimeoutOption startupTimeout;

  @Option(names = "--allow-all-skipped",
      description = "Exit 0 even when every selected case was skipped, so nothing was checked "
          + "(without it such a run exits 5).")
  boolean allowAllSkipped;

  @Spec
  CommandSpec spec;

  private final VectorKinds kinds;
  private final VectorRunner runner;

  @Inject
  public VectorsCommand(VectorKinds kinds, VectorRunner runner) {
    this.kinds = kinds;
    this.runner = runner;
  }

  @Override
  public Integer call() {
    List<VectorFile> files = dir == null ? VectorFile.bundled() : VectorFile.inDirectory(dir);
    List<VectorCase> cases = selectedCases(files);
    TesteeProcess.checkWaits(timeoutSeconds, startupTimeout.seconds);
    ProcessSubject process = testee == null ? null
        : TesteeProcess.start(testee, timeoutSeconds, startupTimeout.seconds);
    Subject subject = process != null ? process : new ReferenceSubject(kinds);
    VectorRun run;
    try {
      Progress progress = new Progress(spec.commandLine().getErr(), cases.size(), "cases", System::nanoTime);
      run = runner.run(subject, cases, progress::done);
    } finally {
      if (process != null) {
        process.close();
      }
    }
    VectorReport report = new VectorReport(SuiteVersion.current(), subject.name(), files, run);
    report.write(format, spec.commandLine().getOut());
    return exitCode(report.summary(), cases.size());
  }

  private int exitCode(RunSummary summary, int selected) {
    PrintWriter err = spec.commandLine().getErr();
    String command = spec.qualifiedName() + ": ";
    if (summary.broken().isPresent()) {
      SubjectBreak broken = summary.broken().get();
      err.println(command + "the testee broke on " + broken.atCase().id() + ": " + broken.message() + "; "
          + summary.notRun() + " of " + selected + " cases not run");
      err.flush();
      return ExitCodes.BROKEN_TESTEE;
    }
    if (!summary.succeeded()) {
      return ExitCodes.FAILURES;
    }
    if (summary.nothingChecked() && !allowAllSkipped) {
      err.println(command + "nothing was checked: " + (selected == 0 ? "the vectors hold no case"
          : "all " + selected + " selected cases were skipped (" + summary.skipReasons() + ")")
          + "; --allow-all-skipped accepts such a run");
      err.flush();
      return ExitCodes.NOTHING_CHECKED;
    }
    return ExitCodes.OK;
  }

  private List<VectorCase> selectedCases(List<VectorFile> files) {
    if (files.isEmpty()) {
      throw new UserInputException(dir + ": no *.json vector file in this directory");
    }
    List<VectorCase> all = files.stream().flatMap(f -> f.cases().stream()).toList();
    if (!onlyCases.isEmpty()) {
      Set<String> ids = new LinkedHashSet<>();
      all.forEach(c -> ids.add(c.id()));
      for (String id : onlyCases) {
        if (!ids.contains(id)) {
          throw new UserInputException("no case '" + id + "' in the vectors (ids are printed beside each failure and "
              + "in --format json)");
        }
      }
      all = all.stream().filter(c -> onlyCases.contains(c.id())).toList();
    }
    if (onlyKinds.isEmpty()) {
      return all;
    }
    Set<String> present = new LinkedHashSet<>();
    all.forEach(c -> present.add(c.kind()));
    for (String kind : onlyKinds) {
      if (!present.contains(kind)) {
        throw new UserInputException("no case of kind '" + kind + "' in the vectors; kinds present: "
            + String.join(", ", present));
      }
    }
    return all.stream().filter(c -> onlyKinds.contains(c.kind())).toList();
  }
}
