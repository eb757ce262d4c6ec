package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * Issue 23, "speed side by side": {@code podtopo conformance speed} against real testee processes.
 * podtopo's own testee in another JVM times the admissions and decides alike (exit 0, a row per
 * machine and managers); a testee that answers without timings exits 4, bad usage 2.
 */
class SpeedCommandTest {

  private static final String MACHINE = "1s2n8c2t,mem=16Gi";


  @Test
  void podtopoAgainstItsOwnTesteeIsTimedBothWithAndWithoutTheMemoryManager() throws Exception {
    CliRun run = CliRun.reference("conformance", "speed", "--testee", TesteeCommands.podtopo(), "--machine", MACHINE,
        "--runs", "1", "--format", "json");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.OK);
    JsonNode document = new ObjectMapper().readTree(run.out());
    assertThat(document.path("rows")).hasSize(2);
    assertThat(document.path("rows").findValuesAsText("managers")).containsExactly("cpu", "cpu+memory");
    for (JsonNode row : document.path("rows")) {
      assertThat(row.path("numaNodes").asInt()).isEqualTo(2);
      assertThat(row.path("admissions").asInt()).isEqualTo(4);
      assertThat(row.path("testeeNanos").asLong()).isPositive();
      assertThat(row.path("podtopoNanos").asLong()).isPositive();
      assertThat(row.path("differences")).isEmpty();
    }
    assertThat(run.err()).contains("podtopo: " + MACHINE + ", cpu+memory: testee ");
  }

  @Test
  void theTableEndsWithHowManyRowsDecidedAlike() {
    CliRun run = CliRun.reference("conformance", "speed", "--testee", TesteeCommands.podtopo(), "--machine", MACHINE,
        "--runs", "1");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.OK);
    assertThat(run.outLines()).anyMatch(line -> line.startsWith(MACHINE) && line.contains(" cpu+memory ")
        && line.endsWith("alike"));
    assertThat(run.lastOutLine()).matches("2 rows, 2 decided alike, podtopo \\d+\\.\\dx to \\d+\\.\\dx faster");
  }

  @Test
  void aTesteeWithoutTimingsExitsFourAndBadUsageTwo() {
    String untimed = TesteeCommands.edited(TesteeCommands.podtopo(), "s/\"timings\"/\"untimed\"/g");

    CliRun run = CliRun.reference("conformance", "speed", "--testee", untimed, "--machine", MACHINE, "--runs", "1");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.BROKEN_TESTEE);
    assertThat(run.err()).contains("answered without \"timings\"");
    assertThat(CliRun.reference("conformance", "speed", "--machine", MACHINE).exitCode())
        .as("--testee is required").isEqualTo(ExitCodes.USAGE);
    assertThat(CliRun.reference("conformance", "speed", "--testee", "true", "--runs", "0").exitCode())
        .isEqualTo(ExitCodes.USAGE);
    CliRun badShape = CliRun.reference("conformance", "speed", "--testee", "true", "--machine", "two-nodes");
    assertThat(badShape.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(badShape.err()).contains("--machine: unknown machine \"two-nodes\"");
  }
}
