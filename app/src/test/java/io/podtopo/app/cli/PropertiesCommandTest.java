package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code podtopo conformance properties}: seed, summary, formats and exit codes. */
class PropertiesCommandTest {

  @TempDir
  Path dir;


  @Test
  void theReferencePassesAndTheSeedToReplayIsPrintedBeforeTheSummary_spec15() {
    CliRun run = CliRun.reference("conformance", "properties", "--seed", "11", "--examples", "3");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.outLines()).containsSubsequence("subject: podtopo (reference)",
        "seed:    11   examples: 3",
        "replay:  ./podtopo conformance properties --seed 11 --examples 3",
        "3 passed, 0 failed");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void jsonIsOneDocumentThatTheSameSeedRepeats() throws Exception {
    CliRun run = CliRun.reference("conformance", "properties", "--seed", "12", "--examples", "2", "--format", "json");

    JsonNode document = new ObjectMapper().readTree(run.out());
    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(document.get("seed").asLong()).isEqualTo(12);
    assertThat(document.get("passed").asInt()).isEqualTo(2);
    assertThat(document.get("failed").asInt()).isZero();
    assertThat(document.get("failure").isNull()).isTrue();
    assertThat(CliRun.reference("conformance", "properties", "--seed", "12", "--examples", "2", "--format", "json")
        .out()).isEqualTo(run.out());
  }

  @Test
  void aNonPositiveExampleCountIsAOneLineErrorWithExitTwo() {
    CliRun run = CliRun.reference("conformance", "properties", "--examples", "0");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err().lines().toList())
        .containsExactly("podtopo conformance properties: error: --examples must be a positive number, got 0");
    assertThat(run.out()).isEmpty();
  }

  /**
   * Issue 24 item 8: a testee that answers no node scenario (the Python example answers four other kinds)
   * leaves nothing checked: exit 5, as {@code conformance vectors} with every case skipped, for the
   * properties, the census and the differential alike.
   */
  @Test
  void aTesteeWithoutNodeScenariosChecksNothingAndExitsFive() {
    String python = "python3 " + Path.of("..", "examples", "testee-python", "testee.py").toAbsolutePath().normalize();

    CliRun properties = CliRun.reference("conformance", "properties", "--testee", python, "--examples", "2");
    CliRun census = CliRun.reference("conformance", "properties", "--behaviour", "kubelet", "--testee", python,
        "--examples", "2");
    CliRun differential = CliRun.reference("conformance", "differential", "--testee", python, "--scenarios", "2",
        "--out", dir.resolve("none").toString());

    for (CliRun run : List.of(properties, census, differential)) {
      assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.NOTHING_CHECKED);
      assertThat(run.err().lines().toList()).hasSize(1);
      assertThat(run.err()).contains(": nothing was checked: ").contains("node-scenario");
    }
  }

  @Test
  void aTesteeThatCannotStartIsAOneLineErrorWithExitTwo() {
    CliRun run = CliRun.reference("conformance", "properties", "--testee", "/nonexistent/testee");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err().lines().toList()).hasSize(1);
    assertThat(run.err()).startsWith("podtopo conformance properties: error: cannot start testee '/nonexistent/testee'");
  }
}
