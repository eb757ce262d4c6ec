package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A testee's {@code "reason"} for answering {@code unsupported} reaches every report: a real program
 * ({@code testees/says-why.sh}) gives one reason for every merge-hints case, two different ones among
 * the policy-admit cases and none for smt-alignment-error-text. The table and the JSON show one
 * reason per kind (the first, saying when there were others), the JUnit report each case's own, and
 * the nothing-checked line the kinds' reasons.
 */
class UnsupportedReasonReportTest {

  private static final String TESTEE = "sh " + CliRun.testResourceDir("testees") + "/says-why.sh";
  private static final String[] KINDS = {"--kind", "merge-hints", "--kind", "policy-admit", "--kind",
      "smt-alignment-error-text"};
  private static final String MERGE = "kind not supported by the subject: v1.37.2 has no such entry point";
  private static final String ADMIT = "kind not supported by the subject: the first admission "
      + "(the first of 2 reasons its cases gave)";
  private static final String SMT = "kind not supported by the subject";

  private static CliRun run(String... format) {
    List<String> args = new ArrayList<>(List.of("conformance", "vectors", "--testee", TESTEE));
    args.addAll(List.of(KINDS));
    args.addAll(List.of(format));
    return CliRun.reference(args.toArray(String[]::new));
  }

  @Test
  void theTableGivesEachKindsReasonAndTheNothingCheckedLineNamesThemAll() {
    CliRun run = run();

    assertThat(run.exitCode()).isEqualTo(ExitCodes.NOTHING_CHECKED);
    assertThat(run.outLines()).anyMatch(line -> line.matches("merge-hints +0 +0 +114  " + MERGE))
        .anyMatch(line -> line.matches("policy-admit +0 +0 +6  " + ADMIT.replace("(", "\\(").replace(")", "\\)")))
        .anyMatch(line -> line.matches("smt-alignment-error-text +0 +0 +3  " + SMT));
    assertThat(run.err().lines().filter(line -> !line.startsWith("podtopo: "))).containsExactly(
        "podtopo conformance vectors: nothing was checked: all 123 selected cases were skipped ("
            + String.join("; ", reasonsInKindOrder(run)) + "); --allow-all-skipped accepts such a run");
  }

  @Test
  void theJsonGivesEachKindsReason() throws Exception {
    JsonNode document = new ObjectMapper().readTree(run("--format", "json", "--allow-all-skipped").out());
    Map<String, String> reasons = new LinkedHashMap<>();
    document.get("kinds").forEach(k -> reasons.put(k.get("kind").asText(), k.get("skipReason").asText()));

    assertThat(reasons).containsOnly(Map.entry("merge-hints", MERGE), Map.entry("policy-admit", ADMIT),
        Map.entry("smt-alignment-error-text", SMT));
  }

  @Test
  void theJunitReportGivesEachCaseItsOwnReason() {
    CliRun run = run("--format", "junit", "--allow-all-skipped");
    Document document = JunitXmlDialect.parse(run.out());
    Map<String, List<String>> messages = new LinkedHashMap<>();
    for (Element testcase : JunitXmlDialect.elements(document, "testcase")) {
      messages.computeIfAbsent(testcase.getAttribute("classname"), k -> new ArrayList<>())
          .add(JunitXmlDialect.children(testcase, "skipped").get(0).getAttribute("message"));
    }

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(JunitXmlDialect.violations(document)).isEmpty();
    assertThat(messages.get("merge-hints")).hasSize(114).containsOnly(MERGE);
    assertThat(messages.get("policy-admit")).hasSize(6).first()
        .isEqualTo("kind not supported by the subject: the first admission");
    assertThat(messages.get("policy-admit").subList(1, 6))
        .containsOnly("kind not supported by the subject: a later admission");
    assertThat(messages.get("smt-alignment-error-text")).hasSize(3).containsOnly(SMT);
  }

  /** The three reasons in the order the kinds first appear in the table. */
  private static List<String> reasonsInKindOrder(CliRun run) {
    return run.outLines().stream().filter(line -> line.contains("kind not supported by the subject"))
        .map(line -> line.substring(line.indexOf("kind not supported by the subject"))).toList();
  }
}
