package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.app.Main;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code podtopo testee} in its own JVM, checked by {@code podtopo conformance vectors --testee}: the
 * reference through the protocol gives exactly the counts of the reference in process.
 */
class TesteeCommandTest {

  @Test
  void theReferenceTesteeInAnotherProcessMatchesTheReferenceInProcess() {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String testee = "'" + java + "' -cp '" + System.getProperty("java.class.path") + "' " + Main.class.getName()
        + " testee";

    CliRun inProcess = CliRun.reference("conformance", "vectors");
    CliRun overProtocol = CliRun.reference("conformance", "vectors", "--testee", testee);

    assertThat(overProtocol.err().lines()).allMatch(line -> line.matches("podtopo: \\d+/\\d+ cases run( \\(about \\d+ (s|min) left\\))?"));
    assertThat(overProtocol.exitCode()).isEqualTo(inProcess.exitCode());
    assertThat(overProtocol.outLines()).anyMatch(line -> line.startsWith("subject: " + java + " -cp "));
    assertThat(withoutSubjectLine(overProtocol)).isEqualTo(withoutSubjectLine(inProcess));
  }

  private static String withoutSubjectLine(CliRun run) {
    return String.join("\n", run.outLines().stream().filter(line -> !line.startsWith("subject: ")).toList());
  }
}
