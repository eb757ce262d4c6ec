package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.app.PodtopoComponent;
import io.podtopo.conformance.vectors.SuiteVersion;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code podtopo conformance vectors}: counts, failures, formats and exit codes; every report names
 * the suite, the subject and each vector file's SHA-256 (issue 11).
 */
class VectorsCommandTest {

  private static final Pattern TOTALS = Pattern.compile("(\\d+) passed, (\\d+) failed, (\\d+) skipped");
  private static final PodtopoComponent SUM = PodtopoComponent.over(SumKind.KINDS);
  private static final String SUM_DIR = CliRun.testResourceDir("vectors-sum");
  /** {@code sha256sum app/src/test/resources/io/podtopo/app/cli/vectors-sum/sum.json} */
  static final String SUM_SHA256 = "b9c77d54fbe16139b156768ea4800a893ea882b9594ecf2da0120fafa688dddc";

  /**
   * The bundled cases: 361 transcribed of the CPU, Memory and Topology Managers, 57 of the Device
   * Manager, 68 node scenarios, 19 quirk cases, 73 pod defaulting cases (FORMAT.md).
   */
  private static final int CASES = 361 + 57 + 68 + 19 + 88 + 26;

  @Test
  void theBundledVectorsPassAgainstTheReferenceAndEveryCaseIsCountedOnTheLastLine() {
    CliRun run = CliRun.reference("conformance", "vectors");

    Matcher totals = TOTALS.matcher(run.lastOutLine());
    assertThat(totals.matches()).as(run.lastOutLine()).isTrue();
    assertThat(totals.group(2)).isEqualTo("0");
    assertThat(Integer.parseInt(totals.group(1)) + Integer.parseInt(totals.group(3))).isEqualTo(CASES);
    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.err().lines()).as("standard error holds progress lines only")
        .allMatch(line -> line.matches("podtopo: \\d+/" + CASES + " cases run( \\(about \\d+ (s|min) left\\))?"));
  }

  /** A failure shows the case's input too (issue 24 item 8), then what was expected and what came. */
  @Test
  void aFailureIsListedWithExpectedActualAndDifferencesAndTheRunExitsWithOne() {
    CliRun run = CliRun.of(SUM, "conformance", "vectors", "--dir", SUM_DIR);

    assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILURES);
    assertThat(run.outLines()).containsSubsequence(
        "suite: io.podtopo:podtopo-conformance:" + SuiteVersion.current().version(),
        "subject: podtopo (reference)",
        "vectors: sum.json sha256:" + SUM_SHA256,
        "KIND     PASSED  FAILED  SKIPPED  WHY SKIPPED",
        "sum           1       1        0",
        "product       0       0        1  kind not implemented by the suite",
        "FAILED sum/wrong/deliberately-wrong-expectation",
        "  upstream: clitest/wrong (sum.json)",
        "  input:    {\"a\":2,\"b\":2}",
        "  expected: {\"sum\":5}",
        "  actual:   {\"sum\":4}",
        "  - sum: expected 5, got 4");
    assertThat(run.lastOutLine()).isEqualTo("1 passed, 1 failed, 1 skipped");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void jsonIsOneStableDocumentWithCountsFailuresAndTotals() throws Exception {
    CliRun run = CliRun.of(SUM, "conformance", "vectors", "--dir", SUM_DIR, "--format", "json");

    JsonNode document = new ObjectMapper().readTree(run.out());
    assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILURES);
    assertThat(document.get("suite").toString()).isEqualTo("{\"artifact\":\"io.podtopo:podtopo-conformance\","
        + "\"version\":\"" + SuiteVersion.current().version() + "\"}");
    assertThat(document.get("subject").asText()).isEqualTo("podtopo (reference)");
    assertThat(document.get("files").toString())
        .isEqualTo("[{\"name\":\"sum.json\",\"sha256\":\"" + SUM_SHA256 + "\",\"cases\":3}]");
    assertThat(document.get("totals").toString())
        .isEqualTo("{\"passed\":1,\"failed\":1,\"skipped\":1,\"notRun\":0}");
    assertThat(document.get("kinds").get(0).toString()).isEqualTo(
        "{\"kind\":\"sum\",\"passed\":1,\"failed\":1,\"skipped\":0,\"notRun\":0,\"skipReason\":\"\"}");
    assertThat(document.get("broken").isNull()).isTrue();
    assertThat(document.get("failures").get(0).toString()).isEqualTo("{\"id\":\"sum/wrong/deliberately-wrong-"
        + "expectation\",\"kind\":\"sum\",\"file\":\"sum.json\",\"upstream\":\"clitest/wrong\",\"input\":{\"a\":2,\"b\":2},\"expected\":"
        + "{\"sum\":5},\"actual\":{\"sum\":4},\"differences\":[\"sum: expected 5, got 4\"]}");
    assertThat(CliRun.of(SUM, "conformance", "vectors", "--dir", SUM_DIR, "--format", "json").out())
        .isEqualTo(run.out());
  }

  @Test
  void kindSelectsTheCasesOfThatKindOnly() {
    CliRun run = CliRun.of(SUM, "conformance", "vectors", "--dir", SUM_DIR, "--kind", "sum");

    assertThat(run.lastOutLine()).isEqualTo("1 passed, 1 failed, 0 skipped");
  }

  /** Issue 24 item 8: one case runs again by the id its report gave; an unknown id is a one-line error. */
  @Test
  void caseSelectsOneCaseByItsId() {
    CliRun right = CliRun.of(SUM, "conformance", "vectors", "--dir", SUM_DIR, "--case", "sum/right/two-and-three");
    CliRun wrong = CliRun.of(SUM, "conformance", "vectors", "--dir", SUM_DIR, "--case",
        "sum/wrong/deliberately-wrong-expectation");

    assertThat(right.lastOutLine()).isEqualTo("1 passed, 0 failed, 0 skipped");
    assertThat(right.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(wrong.lastOutLine()).isEqualTo("0 passed, 1 failed, 0 skipped");
    assertOneLineUsageError(CliRun.of(SUM, "conformance", "vectors", "--dir", SUM_DIR, "--case", "sum/nope"),
        "podtopo conformance vectors: error: no case 'sum/nope' in the vectors (ids are printed beside each failure "
            + "and in --format json)");
  }

  @Test
  void aRunWhereEveryCaseWasSkippedCheckedNothingAndExitsFiveWithOneLineSayingWhy() {
    CliRun run = CliRun.of(SUM, "conformance", "vectors", "--dir", SUM_DIR, "--kind", "product");

    assertThat(run.lastOutLine()).isEqualTo("0 passed, 0 failed, 1 skipped");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.NOTHING_CHECKED);
    assertThat(run.err()).isEqualTo("podtopo conformance vectors: nothing was checked: all 1 selected cases were "
        + "skipped (kind not implemented by the suite); --allow-all-skipped accepts such a run" + System.lineSeparator());
  }

  @Test
  void allowAllSkippedAcceptsARunThatCheckedNothing() {
    CliRun run = CliRun.of(SUM, "conformance", "vectors", "--dir", SUM_DIR, "--kind", "product", "--allow-all-skipped");

    assertThat(run.lastOutLine()).isEqualTo("0 passed, 0 failed, 1 skipped");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.err()).isEmpty();
  }

  @Test
  void aMissingDirectoryIsAOneLineErrorWithExitTwo() {
    assertOneLineUsageError(CliRun.reference("conformance", "vectors", "--dir", "/nonexistent/vectors"),
        "podtopo conformance vectors: error: --dir /nonexistent/vectors: no such directory");
  }

  @Test
  void aVectorFileThatIsNotJsonIsAOneLineErrorNamingTheFile() {
    CliRun run = CliRun.reference("conformance", "vectors", "--dir", CliRun.testResourceDir("vectors-bad-json"));

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).startsWith("podtopo conformance vectors: error: ").contains("broken.json: not JSON: ")
        .doesNotContain("\tat ");
    assertThat(run.err().lines()).hasSize(1);
  }

  @Test
  void anUnknownKindIsAOneLineErrorListingTheKindsPresent() {
    assertOneLineUsageError(CliRun.of(SUM, "conformance", "vectors", "--dir", SUM_DIR, "--kind", "nope"),
        "podtopo conformance vectors: error: no case of kind 'nope' in the vectors; kinds present: sum, product");
  }

  @Test
  void badOptionsAreOneLineErrorsPointingAtHelp() {
    assertOneLineUsageError(CliRun.reference("conformance", "vectors", "--format", "xml"),
        "podtopo conformance vectors: Invalid value for option '--format': expected one of [table, json, junit] "
            + "(case-sensitive) but was 'xml' (see 'podtopo conformance vectors --help')");
    assertOneLineUsageError(CliRun.reference("conformance", "vectors", "--bogus"),
        "podtopo conformance vectors: Unknown option: '--bogus' (see 'podtopo conformance vectors --help')");
    assertOneLineUsageError(CliRun.reference("conformance", "vectors", "--timeout", "0"),
        "podtopo conformance vectors: error: --timeout must be a positive number of seconds, got 0");
  }

  @Test
  void aTesteeThatCannotBeStartedIsAOneLineError() {
    CliRun run = CliRun.reference("conformance", "vectors", "--testee", "/nonexistent/testee --flag");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).startsWith(
        "podtopo conformance vectors: error: cannot start testee '/nonexistent/testee --flag': ");
    assertThat(run.err().lines()).hasSize(1);
  }

  private static void assertOneLineUsageError(CliRun run, String line) {
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).isEqualTo(line + System.lineSeparator());
    assertThat(run.out()).isEmpty();
  }
}
