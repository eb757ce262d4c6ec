package io.podtopo.app.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness's own report of an agent that does not get on: a kill-test life that waited 60 s for
 * {@code started} once failed with an empty log and nothing on standard error, which said nothing of
 * where the start stood.
 */
class AgentProcessTest {

  @TempDir
  Path dir;

  @Test
  void anAgentThatNeverStartsIsReportedWithWhereItsLauncherWaits() throws Exception {
    // a launcher that waits before it executes the JVM, as unshare or mount would if they hung
    List<String> stuck = List.of("sh", "-c", "sleep 30; exec \"$@\"", "stuck-launcher");
    try (AgentProcess agent = AgentProcess.start(stuck, List.of(), List.of("--help"), dir.resolve("out"),
        dir.resolve("err"))) {
      assertThatThrownBy(() -> agent.awaitLog(lines -> !lines.isEmpty(), 1))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("did not get there within 1 s")
          .hasMessageContaining("pid " + agent.pid() + " sh state S waiting in ")
          .hasMessageContaining(" sleep state S waiting in ")
          .hasMessageContaining("no thread dump: pid " + agent.pid() + " runs /").hasMessageContaining(", not a JVM yet");
      assertThat(agent.isAlive()).isTrue();
    }
  }
}
