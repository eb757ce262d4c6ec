package io.podtopo.app.cli;

import io.podtopo.conformance.vectors.CaseResult;
import io.podtopo.conformance.vectors.ProcessSubject;
import io.podtopo.conformance.vectors.ReferenceSubject;
import io.podtopo.conformance.vectors.RunSummary;
import io.podtopo.conformance.vectors.Subject;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import io.podtopo.conformance.vectors.VectorKinds;
import io.podtopo.conformance.vectors.VectorRunner;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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
        "A vector is an input and the output upstream Kubernetes asserts for it. Prints the counts per "
            + "kind and every failed case with its expected and actual values and the differences; the "
            + "last line is 'N passed, M failed, K skipped'. A kind with no comparator in the suite, or "
            + "one the subject does not support, is skipped, never passed.",
        "",
        "Exits 0 when no case failed, 1 when one did, 2 on bad usage or input.",
        ""},
    footer = {
        "",
        "Examples:",
        "  ./podtopo conformance vectors",
        "      the bundled vectors against podtopo's reference implementation",
        "  ./podtopo conformance vectors --kind merge-hints --kind policy-admit",
        "      only the Topology Manager merge and admission cases",
        "  ./podtopo conformance vectors --dir ./my-vectors --format json",
        "      every *.json vector file in ./my-vectors, as one JSON document",
        "  ./podtopo conformance vectors --testee \"./my-impl --testee\" --timeout 30",
        "      another implementation, started once and fed one case per line",
        "",
        "Vector format, protocol and how to add a subject: docs/conformance.md"})
public final class VectorsCommand implements Callable<Integer> {

  @Option(names = "--dir", paramLabel = "DIR",
      description = "Run every *.json vector file in DIR instead of the bundled vectors.")
  Path dir;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  OutputFormat format;

  @Option(names = "--kind", paramLabel = "KIND",
      description = "Run only cases of this kind (repeatable), e.g. merge-hints, take-by-topology.")
  List<String> onlyKinds = new ArrayList<>();

  @Option(names = "--testee", paramLabel = "COMMAND",
      description = "Check this program instead of podtopo: a command line, split into words as a shell "
          + "would (quotes and backslashes, no expansion), started once for the whole run.")
  String testee;

  @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "10",
      description = "How long to wait for the testee's answer to each case (default: ${DEFAULT-VALUE}).")
  long timeoutSeconds;

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
    List<VectorCase> cases = selectedCases(dir == null ? VectorFile.bundled() : VectorFile.inDirectory(dir));
    if (timeoutSeconds <= 0) {
      throw new UserInputException("--timeout must be a positive number of seconds, got " + timeoutSeconds);
    }
    ProcessSubject process = testee == null ? null
        : ProcessSubject.start(CommandWords.split(testee), Duration.ofSeconds(timeoutSeconds));
    Subject subject = process != null ? process : new ReferenceSubject(kinds);
    RunSummary summary;
    try {
      summary = RunSummary.of(run(subject, cases));
    } finally {
      if (process != null) {
        process.close();
      }
    }
    new VectorReport(subject.name(), summary).write(format, spec.commandLine().getOut());
    return summary.succeeded() ? ExitCodes.OK : ExitCodes.FAILURES;
  }

  private List<VectorCase> selectedCases(List<VectorFile> files) {
    if (files.isEmpty()) {
      throw new UserInputException(dir + ": no *.json vector file in this directory");
    }
    List<VectorCase> all = files.stream().flatMap(f -> f.cases().stream()).toList();
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

  private List<CaseResult> run(Subject subject, List<VectorCase> cases) {
    Progress progress = new Progress(spec.commandLine().getErr(), cases.size(), System::nanoTime);
    List<CaseResult> results = new ArrayList<>();
    for (VectorCase vectorCase : cases) {
      results.add(runner.run(subject, vectorCase));
      progress.done(results.size());
    }
    return results;
  }
}
