package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.app.Main;
import io.podtopo.app.PodtopoComponent;
import io.podtopo.conformance.vectors.ProcessSubject;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --startup-timeout}: a testee may take longer than {@code --timeout} before its first answer
 * (the kubelet oracle builds itself on first use, for minutes); a real program
 * ({@code testees/slow-start.sh}, run by {@code sh}) that sleeps before its first answer is waited for
 * within the allowance and reported broken, once, beyond it.
 */
class StartupTimeoutTest {

  private static final List<VectorCase> SMT = VectorFile.bundled().stream().flatMap(f -> f.cases().stream())
      .filter(c -> c.kind().equals("smt-alignment-error-text")).toList();

  private static CliRun slowStart(int sleepSeconds, String startupTimeout) {
    return CliRun.reference("conformance", "vectors", "--testee",
        "sh " + CliRun.testResourceDir("testees") + "/slow-start.sh " + sleepSeconds, "--kind", "smt-alignment-error-text",
        "--allow-all-skipped", "--timeout", "1", "--startup-timeout", startupTimeout);
  }

  @Test
  void aTesteeSlowerToStartThanTheTimeoutButWithinTheAllowanceRunsEveryCase() {
    CliRun run = slowStart(3, "30");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.lastOutLine()).isEqualTo("0 passed, 0 failed, " + SMT.size() + " skipped");
    assertThat(run.outLines()).anyMatch(line -> line.endsWith("kind not supported by the subject: a slow starter"));
  }

  @Test
  void aTesteeSlowerToStartThanTheAllowanceIsReportedBrokenOnItsFirstCase() {
    CliRun run = slowStart(8, "2");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.BROKEN_TESTEE);
    assertThat(run.lastOutLine()).isEqualTo("0 passed, 0 failed, 0 skipped, " + SMT.size() + " not run");
    assertThat(run.outLines()).containsSubsequence("BROKEN " + SMT.get(0).id(),
        "  cause:    testee gave no first answer within 2000 ms, the allowance for it to start (no-answer-in-time)");
    assertThat(run.err()).isEqualTo("podtopo conformance vectors: the testee broke on " + SMT.get(0).id()
        + ": testee gave no first answer within 2000 ms, the allowance for it to start; " + SMT.size() + " of "
        + SMT.size() + " cases not run" + System.lineSeparator());
  }

  @Test
  void theAllowanceIsFifteenMinutesByDefaultAndDocumented() {
    String help = CliRun.reference("conformance", "vectors", "--help").out().replaceAll("\\s+", " ");

    assertThat(help).contains("--startup-timeout=SECONDS How long to wait for the testee's first answer")
        .contains("(default: 900; --timeout if that is longer)")
        .contains("4 the testee broke (exited, printed something that is not an answer, or gave no first answer "
            + "within --startup-timeout or no later one within --timeout)");
    picocli.CommandLine podtopo = Main.commandLine(PodtopoComponent.reference());
    podtopo.parseArgs("conformance", "vectors");
    VectorsCommand vectors = podtopo.getSubcommands().get("conformance").getSubcommands().get("vectors").getCommand();
    assertThat(vectors.startupTimeout.seconds)
        .isEqualTo(ProcessSubject.DEFAULT_STARTUP_TIMEOUT.toSeconds()).isEqualTo(900);
  }

  @Test
  void aStartupTimeoutThatIsNotPositiveIsAUsageError() {
    CliRun run = CliRun.reference("conformance", "vectors", "--startup-timeout", "0");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).isEqualTo("podtopo conformance vectors: error: --startup-timeout must be a positive number "
        + "of seconds, got 0" + System.lineSeparator());
  }
}
