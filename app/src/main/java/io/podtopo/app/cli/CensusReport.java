package io.podtopo.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.invariants.Violation;
import io.podtopo.conformance.scenarios.AnswerReplay;
import io.podtopo.conformance.scenarios.InvariantCensus;
import io.podtopo.conformance.scenarios.QuirkExplanation;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code conformance properties --behaviour kubelet} prints of an {@link InvariantCensus}: per
 * invariant broken, its rule, how many scenarios broke it and how many of them no quirk explains, the
 * quirks that explain its counterexample or {@code UNEXPLAINED} and why, and its counterexample file; as a table whose last line is
 * {@code N scenarios, K invariants broken, U unexplained}, or as one JSON document.
 */
final class CensusReport {

  /** The longest a violation is shown in the table (the counterexample file has it whole). */
  private static final int VIOLATION_CHARS = 240;

  private final InvariantCensus.Report census;
  private final Map<Integer, Path> files;
  private final String replay;

  /**
   * @param files the counterexample file written per invariant (none without {@code --out})
   * @param replay the command line that replays the census
   */
  CensusReport(InvariantCensus.Report census, Map<Integer, Path> files, String replay) {
    this.census = census;
    this.files = Map.copyOf(files);
    this.replay = replay;
  }

  /** The summary line, e.g. {@code 300 scenarios, 5 invariants broken, 0 unexplained}. */
  String summary() {
    return census.scenarios() + " scenarios, " + census.findings().size() + " invariants broken, "
        + census.unexplained() + " unexplained";
  }

  ObjectNode document() {
    ObjectNode document = new ObjectMapper().createObjectNode();
    document.put("subject", census.subject());
    document.put("behaviour", "kubelet");
    document.put("seed", census.seed());
    document.put("scenarios", census.scenarios());
    document.put("admissionsWithoutMerges", census.admissionsWithoutMerges());
    ArrayNode crashes = document.putArray("kubeletCrashes");
    census.kubeletCrashes().forEach((scenario, error) -> crashes.addObject().put("scenario", scenario)
        .put("error", error));
    ArrayNode invariants = document.putArray("invariants");
    for (InvariantCensus.Finding finding : census.findings()) {
      ObjectNode item = invariants.addObject();
      item.put("invariant", finding.invariant());
      item.put("rule", PropertiesCommand.rule(finding.invariant()));
      item.put("scenarios", finding.scenarios());
      item.put("unexplainedScenarios", finding.unexplained());
      QuirkExplanation explanation = finding.explanation();
      ObjectNode explained = item.putObject("explanation");
      explained.put("explained", explanation.explained());
      explanation.quirkIds().forEach(explained.putArray("quirks")::add);
      explained.put("reference", explanation.reference().name().toLowerCase(Locale.ROOT).replace('_', '-'));
      explained.put("text", explanation.describe());
      ObjectNode counterexample = item.putObject("counterexample");
      counterexample.put("scenario", finding.index());
      counterexample.put("operations", finding.operations());
      counterexample.put("steps", finding.counterexample().steps().size());
      Path file = files.get(finding.invariant());
      if (file == null) {
        counterexample.putNull("file");
      } else {
        counterexample.put("file", file.toString());
      }
      ArrayNode violations = counterexample.putArray("violations");
      finding.violations().forEach(violation -> violations.add(violation.toString()));
    }
    document.put("unexplained", census.unexplained());
    document.put("replay", replay);
    return document;
  }

  void table(PrintWriter out) {
    out.println("subject: " + census.subject());
    out.println("seed:    " + census.seed() + "   examples: " + census.scenarios() + "   behaviour: kubelet");
    if (census.admissionsWithoutMerges() > 0) {
      out.println("not checked on " + census.admissionsWithoutMerges() + " admissions whose answer has no \"merges\": "
          + "the hint checks of invariants " + AnswerReplay.READ_MERGES.stream().sorted().toList());
    }
    census.kubeletCrashes().forEach((scenario, error) -> out.println("not checked: scenario " + scenario
        + ", the subject's kubelet crashed or hung outside an admission (counted apart, as the differential does): "
        + error.lines().findFirst().orElse("")));
    if (!census.findings().isEmpty()) {
      out.println();
      out.printf("%9s  %9s  %11s  %s%n", "INVARIANT", "SCENARIOS", "UNEXPLAINED", "EXPLANATION OF THE COUNTEREXAMPLE");
    }
    for (InvariantCensus.Finding finding : census.findings()) {
      out.printf("%9d  %9d  %11d  %s%n", finding.invariant(), finding.scenarios(), finding.unexplained(),
          finding.explanation().describe());
      out.println("           rule: " + PropertiesCommand.rule(finding.invariant()));
      Path file = files.get(finding.invariant());
      out.println("           counterexample: scenario " + finding.index() + ", shrunk from " + finding.operations()
          + " operations to " + steps(finding.counterexample().steps().size())
          + (file == null ? " (--out DIR writes it)" : ": " + file));
      out.println("           " + shortened(finding.violations().get(0)));
    }
    if (!files.isEmpty()) {
      out.println();
      out.println("replay a counterexample: ./podtopo conformance vectors --dir " + files.values().iterator().next()
          .getParent());
    }
    out.println("replay:  " + replay);
    out.println(summary());
  }

  private static String steps(int count) {
    return count + (count == 1 ? " step" : " steps");
  }

  private static String shortened(Violation violation) {
    String text = violation.toString();
    return text.length() <= VIOLATION_CHARS ? text : text.substring(0, VIOLATION_CHARS) + " ...";
  }
}
