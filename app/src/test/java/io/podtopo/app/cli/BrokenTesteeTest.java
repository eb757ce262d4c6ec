package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Issue 11, a broken testee is reported once: real programs ({@code broken-testees/*.sh}, run by
 * {@code sh}) that crash after two answers, print a line that is not JSON, or never answer, against
 * the bundled vectors. Each run ends on the case the testee broke on, with the cause and the last
 * lines of its standard error, once; the cases left are not run (never failed one by one), and the
 * run exits {@link ExitCodes#BROKEN_TESTEE} with one line on standard error.
 */
class BrokenTesteeTest {

  private static final List<VectorCase> BUNDLED = VectorFile.bundled().stream()
      .flatMap(f -> f.cases().stream()).toList();

  private static String testee(String script) {
    return "sh " + CliRun.testResourceDir("broken-testees") + "/" + script;
  }

  @Test
  void aTesteeThatCrashesIsReportedOnceWithTheCaseItDiedOnAndTheLastTwentyLinesOfItsStandardError() {
    CliRun run = CliRun.reference("conformance", "vectors", "--testee", testee("crashes-after-two-answers.sh"));
    VectorCase third = BUNDLED.get(2);

    assertThat(run.exitCode()).isEqualTo(ExitCodes.BROKEN_TESTEE);
    assertThat(run.lastOutLine()).isEqualTo("0 passed, 0 failed, 2 skipped, " + (BUNDLED.size() - 2) + " not run");
    assertThat(run.outLines()).filteredOn(line -> line.startsWith("BROKEN ")).containsExactly("BROKEN " + third.id());
    assertThat(run.outLines()).noneMatch(line -> line.startsWith("FAILED"));
    assertThat(run.outLines()).containsSubsequence("BROKEN " + third.id(),
        "  cause:    testee exited with code 3 (exited)",
        "  upstream: " + third.upstream() + " (" + third.file() + ")",
        "  not run:  this case and every later one, " + (BUNDLED.size() - 2) + " in all",
        "  last 20 lines of its standard error:");
    assertThat(run.outLines()).containsSubsequence(
        IntStream.rangeClosed(6, 25).mapToObj(i -> "  | stderr line " + i + " of 25").toList())
        .doesNotContain("  | stderr line 5 of 25");
    assertThat(run.err()).isEqualTo("podtopo conformance vectors: the testee broke on " + third.id()
        + ": testee exited with code 3; " + (BUNDLED.size() - 2) + " of " + BUNDLED.size() + " cases not run"
        + System.lineSeparator());
  }

  @Test
  void aTesteeThatPrintsGarbageIsReportedOnceInJsonWithTheLineItPrinted() throws Exception {
    CliRun run = CliRun.reference("conformance", "vectors", "--testee", testee("prints-garbage.sh"), "--format", "json");
    JsonNode document = new ObjectMapper().readTree(run.out());
    JsonNode broken = document.get("broken");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.BROKEN_TESTEE);
    assertThat(broken.get("id").asText()).isEqualTo(BUNDLED.get(1).id());
    assertThat(broken.get("cause").asText()).isEqualTo("not-protocol");
    assertThat(broken.get("message").asText()).isEqualTo(
        "testee answered with a line that is not a protocol answer (not JSON): debug: got \\u0001 a request");
    assertThat(broken.get("stderrTail").toString())
        .isEqualTo("[\"about to print a debug line on standard output by mistake\"]");
    assertThat(document.get("totals").toString())
        .isEqualTo("{\"passed\":0,\"failed\":0,\"skipped\":1,\"notRun\":" + (BUNDLED.size() - 1) + "}");
    assertThat(document.get("failures")).isEmpty();
  }

  @Test
  void aBrokenRunInJunitIsOneErrorOnTheCaseItBrokeOnAndTheRestSkippedAsNotRun() {
    CliRun run = CliRun.reference("conformance", "vectors", "--testee", testee("prints-garbage.sh"), "--format", "junit");
    Document document = JunitXmlDialect.parse(run.out());
    List<Element> errors = JunitXmlDialect.elements(document, "error");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.BROKEN_TESTEE);
    assertThat(JunitXmlDialect.violations(document)).isEmpty();
    assertThat(document.getDocumentElement().getAttribute("errors")).isEqualTo("1");
    assertThat(errors).singleElement().satisfies(error -> {
      assertThat(error.getAttribute("type")).isEqualTo("not-protocol");
      assertThat(((Element) error.getParentNode()).getAttribute("name"))
          .isEqualTo(BUNDLED.get(1).id().substring("take-by-topology/".length()));
      assertThat(error.getTextContent()).contains("| about to print a debug line on standard output by mistake");
    });
    List<Element> skipped = JunitXmlDialect.elements(document, "skipped");
    assertThat(skipped).hasSize(BUNDLED.size() - 1);
    assertThat(skipped.subList(1, skipped.size())).allSatisfy(s -> assertThat(s.getAttribute("message"))
        .isEqualTo("not run: the subject broke on " + BUNDLED.get(1).id()));
    assertThat(JunitXmlDialect.elements(document, "failure")).isEmpty();
  }

  /** Its first answer is awaited for --startup-timeout (--timeout is for the later ones: StartupTimeoutTest). */
  @Test
  void aTesteeThatNeverAnswersIsReportedOnceAfterTheStartupTimeout() {
    CliRun run = CliRun.reference("conformance", "vectors", "--testee", testee("hangs.sh"), "--timeout", "1",
        "--startup-timeout", "2");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.BROKEN_TESTEE);
    assertThat(run.lastOutLine()).isEqualTo("0 passed, 0 failed, 0 skipped, " + BUNDLED.size() + " not run");
    assertThat(run.outLines()).containsSubsequence("BROKEN " + BUNDLED.get(0).id(),
        "  cause:    testee gave no first answer within 2000 ms, the allowance for it to start (no-answer-in-time)",
        "  last line of its standard error:",
        "  | thinking very hard");
    assertThat(run.err()).isEqualTo("podtopo conformance vectors: the testee broke on " + BUNDLED.get(0).id()
        + ": testee gave no first answer within 2000 ms, the allowance for it to start; " + BUNDLED.size() + " of "
        + BUNDLED.size() + " cases not run" + System.lineSeparator());
  }

  /** With no more time for the first answer than for the others, the one timeout applies to it. */
  @Test
  void aTesteeThatNeverAnswersIsReportedAfterTheTimeoutWhenTheStartupTimeoutIsNoLonger() {
    CliRun run = CliRun.reference("conformance", "vectors", "--testee", testee("hangs.sh"), "--timeout", "1",
        "--startup-timeout", "1");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.BROKEN_TESTEE);
    assertThat(run.outLines()).contains("  cause:    testee gave no answer within 1000 ms (no-answer-in-time)");
  }
}
