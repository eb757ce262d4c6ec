package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.quirks.KubeletRelease;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The command tree: version, help that teaches, and a missing command as a usage error. */
class MainTest {

  @Test
  void versionPrintsTheProjectVersionAndTheKubeletReleaseReproduced() {
    CliRun run = CliRun.reference("--version");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.outLines()).hasSize(2);
    assertThat(run.outLines().get(0)).matches("podtopo \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    assertThat(run.outLines().get(1)).isEqualTo("reproduces kubelet " + KubeletRelease.REPRODUCED + " (v1.37.0 to "
        + KubeletRelease.REPRODUCED + " decide alike)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "simulate", "topology", "inspect", "audit", "conformance", "conformance vectors", "testee", "state",
      "state check", "state reset"})
  void everyCommandPrintsTheVersion(String command) {
    CliRun run = CliRun.reference((command + " --version").strip().split(" "));

    assertThat(run.out()).isEqualTo(CliRun.reference("--version").out());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "simulate", "topology", "inspect", "audit", "conformance", "conformance vectors", "testee", "state",
      "state check", "state reset"})
  void everyCommandHasHelpWithADescriptionAndExamples(String command) {
    String[] args = (command + " --help").strip().split(" ");

    CliRun run = CliRun.reference(args);

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.out()).startsWith("Usage: podtopo").contains("Examples:");
  }

  @Test
  void theTopLevelHelpListsTheCommands() {
    assertThat(CliRun.reference("--help").out()).contains("  simulate  ").contains("  conformance  ")
        .contains("  testee  ").contains("  state  ").contains("  topology  ").contains("  agent  ")
        .contains("  inspect  ").contains("  audit  ");
  }

  @Test
  void aMissingCommandIsAUsageErrorNamingTheChoices() {
    CliRun top = CliRun.reference();
    CliRun conformance = CliRun.reference("conformance");

    assertThat(top.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(top.err()).isEqualTo("podtopo: Missing command: choose one of simulate, topology, machines, agent, "
        + "inspect, audit, state, conformance, testee, help, completion (see 'podtopo --help')"
        + System.lineSeparator());
    assertThat(conformance.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(conformance.err()).startsWith("podtopo conformance: Missing command: choose one of vectors");
  }

  @Test
  void helpNamesACommandAndPrintsItsHelp() {
    CliRun help = CliRun.reference("help", "simulate");

    assertThat(help.exitCode()).isZero();
    assertThat(help.out()).isEqualTo(CliRun.reference("simulate", "--help").out());
  }

  @Test
  void theHelpListsTheCompletionCommand() {
    assertThat(CliRun.reference("--help").out()).contains("  completion  ");
  }
}
