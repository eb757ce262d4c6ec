package io.podtopo.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.app.input.MachineArgument;
import io.podtopo.conformance.scenarios.SpeedComparison;
import io.podtopo.conformance.scenarios.SpeedScenarios;
import io.podtopo.conformance.vectors.BrokenSubjectException;
import io.podtopo.conformance.vectors.ProcessSubject;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topologymanager.TopologyManagerOptions;
import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code podtopo conformance speed}: the same admissions timed in podtopo and in a testee. */
@Command(
    name = "speed",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "Time the same pod-level admissions in podtopo and in a testee (the kubelet's own code: "
            + "oracle/kubelet testee), each inside its own process, and check that both decide alike.",
        "",
        "On each machine, two pod-level pods per NUMA node are admitted in pod scope under best-effort (the "
            + "policy that merges every NUMA mask of every hint provider), CPU Manager static: once with the CPU "
            + "Manager alone and, up to 8 NUMA nodes, once with the Memory Manager Static too (beyond 8 the "
            + "kubelet's merge of two providers' 2^N-1 masks each does not end in useful time). Machines of more "
            + "than 8 NUMA nodes get max-allowable-numa-nodes. Each scenario runs --runs times on each side "
            + "(podtopo first warmed up for two seconds of runs); each admission counts with its median time, and a row "
            + "is the sum over its admissions. Times are what the admissions took inside each process (hints, "
            + "merge, allocation, the resource-fit predicate), not the testee protocol's round trips.",
        "",
        "Exits 0 when every row decided alike, 1 when one did not, 2 on bad usage, 4 when the testee broke or "
            + "does not time admissions.",
        ""},
    footer = {
        "",
        "Examples:",
        "  ./podtopo conformance speed --testee \"oracle/kubelet testee --answer-timeout 540s\"",
        "      2, 4, 8 and 16 NUMA nodes against kubelet v1.37.2's code",
        "  ./podtopo conformance speed --testee \"./podtopo testee\" --machine 2s8n8c2t --runs 9 --format json",
        "      podtopo against itself on one machine, as one JSON document",
        "",
        "The node-scenario \"timing\" field: docs/conformance.md"})
public final class SpeedCommand implements Callable<Integer> {

  /** The machines timed when none is given: 2, 4, 8 and 16 NUMA nodes of 8 cores with 2 threads. */
  static final List<String> DEFAULT_MACHINES = List.of("1s2n8c2t,mem=16Gi", "2s4n8c2t,mem=16Gi",
      "2s8n8c2t,mem=16Gi", "4s16n8c2t,mem=16Gi");

  @Option(names = "--testee", paramLabel = "COMMAND", required = true,
      description = "The program to time podtopo against: a command line, split into words as a shell would "
          + "(quotes and backslashes, no expansion), started once for the whole run.")
  String testee;

  @Option(names = "--machine", paramLabel = "MACHINE", completionCandidates = MachineNames.class,
      description = "A machine to time on, as simulate --machine takes it (repeatable; a shape such as "
          + "2s8n8c2t,mem=16Gi, a catalog name, a machine JSON file; default: 1s2n8c2t, 2s4n8c2t, 2s8n8c2t and "
          + "4s16n8c2t, 16Gi per NUMA node).")
  List<String> machines;

  @Option(names = "--runs", paramLabel = "N", defaultValue = "5",
      description = "How many times each scenario runs on each side (default: ${DEFAULT-VALUE}).")
  int runs;

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

  private final MachineCatalog catalog;

  @Inject
  public SpeedCommand(MachineCatalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public Integer call() {
    if (runs <= 0) {
      throw new UserInputException("--runs must be a positive number, got " + runs);
    }
    List<Machine> timed = new ArrayList<>();
    for (String machine : machines == null ? DEFAULT_MACHINES : machines) {
      timed.add(MachineArgument.resolve(machine, catalog));
    }
    PrintWriter err = spec.commandLine().getErr();
    List<SpeedComparison.Row> rows = new ArrayList<>();
    try (ProcessSubject process = TesteeProcess.start(testee, timeoutSeconds, startupTimeout.seconds)) {
      SpeedComparison comparison = new SpeedComparison(process, runs);
      for (Machine machine : timed) {
        for (boolean memory : new boolean[] {false, true}) {
          if (memory && machine.numaNodes().size() > TopologyManagerOptions.DEFAULT_MAX_ALLOWABLE_NUMA_NODES) {
            continue;
          }
          SpeedComparison.Row row = comparison.measure(machine.name(), SpeedScenarios.podScope(machine, memory));
          rows.add(row);
          err.printf(Locale.ROOT, "podtopo: %s, %s: testee %.1f ms, podtopo %.2f ms%n", row.name(), managers(row),
              row.testeeNanos() / 1e6, row.podtopoNanos() / 1e6);
          err.flush();
        }
      }
    } catch (SpeedComparison.NotTimedException | BrokenSubjectException e) {
      err.println(spec.qualifiedName() + ": " + e.getMessage());
      err.flush();
      return ExitCodes.BROKEN_TESTEE;
    }
    PrintWriter out = spec.commandLine().getOut();
    if (format == OutputFormat.json) {
      out.println(document(rows).toPrettyString());
    } else {
      table(rows, out);
    }
    out.flush();
    return rows.stream().allMatch(SpeedComparison.Row::sameDecisions) ? ExitCodes.OK : ExitCodes.FAILURES;
  }

  private static String managers(SpeedComparison.Row row) {
    return row.memoryManager() ? "cpu+memory" : "cpu";
  }

  private ObjectNode document(List<SpeedComparison.Row> rows) {
    ObjectNode document = new ObjectMapper().createObjectNode();
    document.put("testee", testee);
    document.put("runs", runs);
    ArrayNode written = document.putArray("rows");
    for (SpeedComparison.Row row : rows) {
      ObjectNode item = written.addObject();
      item.put("machine", row.name());
      item.put("numaNodes", row.numaNodes());
      item.put("managers", managers(row));
      item.put("admissions", row.admissions());
      item.put("testeeNanos", row.testeeNanos());
      item.put("podtopoNanos", row.podtopoNanos());
      item.put("ratio", Math.round(row.ratio() * 10) / 10.0);
      ArrayNode differences = item.putArray("differences");
      row.differences().forEach(differences::add);
    }
    return document;
  }

  private void table(List<SpeedComparison.Row> rows, PrintWriter out) {
    out.println("testee: " + testee + "   runs: " + runs + " (median per admission)");
    out.printf(Locale.ROOT, "%-22s %5s %-11s %10s %12s %12s %9s  %s%n", "MACHINE", "NUMA", "MANAGERS", "ADMISSIONS",
        "TESTEE ms", "PODTOPO ms", "FASTER", "DECISIONS");
    for (SpeedComparison.Row row : rows) {
      out.printf(Locale.ROOT, "%-22s %5d %-11s %10d %12.2f %12.2f %8.1fx  %s%n", row.name(), row.numaNodes(), managers(row),
          row.admissions(), row.testeeNanos() / 1e6, row.podtopoNanos() / 1e6, row.ratio(),
          row.sameDecisions() ? "alike" : "DIFFER");
    }
    for (SpeedComparison.Row row : rows) {
      if (!row.sameDecisions()) {
        out.println();
        out.println("DIFFER on " + row.name() + ", " + managers(row) + ":");
        row.differences().stream().limit(5).forEach(line -> out.println("  - " + line));
      }
    }
    long alike = rows.stream().filter(SpeedComparison.Row::sameDecisions).count();
    out.printf(Locale.ROOT, "%d rows, %d decided alike, podtopo %.1fx to %.1fx faster%n", rows.size(), alike,
        rows.stream().mapToDouble(SpeedComparison.Row::ratio).min().orElse(0),
        rows.stream().mapToDouble(SpeedComparison.Row::ratio).max().orElse(0));
  }
}
