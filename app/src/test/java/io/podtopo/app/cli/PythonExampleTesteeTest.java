package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 11, {@code examples/testee-python/}: the Python example testee (standard library only),
 * started by the command line as an implementer starts theirs, passes every bundled case of the four
 * kinds it implements and declares every other kind unsupported with a reason, so those cases are
 * skipped with it, never passed nor failed. Needs {@code python3} on the PATH ({@code .ci/run} installs it).
 */
class PythonExampleTesteeTest {

  private static final Path TESTEE = Path.of("..", "examples", "testee-python", "testee.py").toAbsolutePath().normalize();
  private static final Set<String> IMPLEMENTED =
      Set.of("pod-guaranteed-cpus", "smt-alignment-error-text", "policy-admit", "single-numa-filter-hints");
  /** The skip reason of the kinds it does not implement: it answers them unsupported with a reason. */
  private static final String NOT_SUPPORTED = "kind not supported by the subject: not implemented in this example";

  @Test
  void itPassesEveryCaseOfItsKindsAndEveryOtherKindIsSkippedAsUnsupported() throws Exception {
    CliRun run = CliRun.reference("conformance", "vectors", "--testee", "python3 " + TESTEE, "--format", "json");
    JsonNode document = new ObjectMapper().readTree(run.out());

    assertThat(run.err().lines()).allMatch(line -> line.matches("podtopo: \\d+/\\d+ cases run( \\(about \\d+ (s|min) left\\))?"));
    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(document.get("subject").asText()).isEqualTo("python3 " + TESTEE);
    assertThat(document.get("failures")).isEmpty();
    assertThat(document.get("broken").isNull()).isTrue();
    List<String> passedKinds = new ArrayList<>();
    for (JsonNode kind : document.get("kinds")) {
      if (IMPLEMENTED.contains(kind.get("kind").asText())) {
        assertThat(kind.get("passed").asInt()).as(kind.toString()).isPositive();
        assertThat(kind.get("skipped").asInt()).as(kind.toString()).isZero();
        passedKinds.add(kind.get("kind").asText());
      } else {
        assertThat(kind.get("passed").asInt()).as(kind.toString()).isZero();
        assertThat(kind.get("skipReason").asText()).as(kind.toString()).isEqualTo(NOT_SUPPORTED);
      }
    }
    assertThat(passedKinds).containsExactlyInAnyOrderElementsOf(IMPLEMENTED);
    List<VectorCase> bundled = VectorFile.bundled().stream().flatMap(f -> f.cases().stream()).toList();
    long implemented = bundled.stream().filter(c -> IMPLEMENTED.contains(c.kind())).count();
    assertThat(document.get("totals").toString()).isEqualTo("{\"passed\":" + implemented + ",\"failed\":0,"
        + "\"skipped\":" + (bundled.size() - implemented) + ",\"notRun\":0}");
  }

  /** The last lines the quick start and the example's README quote are those of the bundled vectors today. */
  @Test
  void theCountsTheDocumentsQuoteAreThoseOfTheBundledVectors() throws IOException {
    List<VectorCase> bundled = VectorFile.bundled().stream().flatMap(f -> f.cases().stream()).toList();
    long implemented = bundled.stream().filter(c -> IMPLEMENTED.contains(c.kind())).count();
    String reference = "`" + bundled.size() + " passed, 0 failed, 0 skipped`";
    String example = implemented + " passed, 0 failed, " + (bundled.size() - implemented) + " skipped";
    String quickStart = Files.readString(Path.of("..", "docs", "conformance.md"));
    String readme = Files.readString(TESTEE.resolveSibling("README.md"));

    assertThat(quickStart).contains(reference, "`" + example + "`", "\n" + example + "\n");
    assertThat(readme).contains("`" + example + "`");
  }

  @Test
  void aKindItDoesNotImplementAloneChecksNothingAndExitsFive() {
    CliRun run = CliRun.reference("conformance", "vectors", "--testee", "python3 " + TESTEE, "--kind", "merge-hints");

    assertThat(run.lastOutLine()).isEqualTo("0 passed, 0 failed, 114 skipped");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.NOTHING_CHECKED);
    assertThat(run.err()).startsWith("podtopo conformance vectors: nothing was checked: all 114 selected cases were "
        + "skipped (" + NOT_SUPPORTED + ")");
  }
}
