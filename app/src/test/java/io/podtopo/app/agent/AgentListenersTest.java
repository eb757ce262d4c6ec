package io.podtopo.app.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.app.agent.ListeningSockets.Listener;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, least privilege, read from the kernel of a running {@code podtopo agent}: with only a
 * PodResources socket it listens on no TCP port at all; {@code --metrics-address} with a port alone
 * listens on 127.0.0.1 and nowhere else; the socket is mode 0660.
 */
class AgentListenersTest {

  @TempDir
  Path dir;

  @Test
  void withoutMetricsTheAgentListensOnNoTcpPortAndItsSocketIs0660() throws Exception {
    try (AgentProcess agent = start()) {
      assertThat(ListeningSockets.of(agent.pid())).isEmpty();
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("podresources.sock"))))
          .isEqualTo("rw-rw----");
    }
  }

  @Test
  void aMetricsPortGivenAloneListensOnTheLoopbackAddressOnly() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    try (AgentProcess agent = start("--metrics-address", Integer.toString(port))) {
      List<Listener> listeners = ListeningSockets.of(agent.pid());
      assertThat(listeners).extracting(Listener::port).containsExactly(port);
      assertThat(listeners.get(0).isLoopbackOnly()).as(listeners.toString()).isTrue();
    }
  }

  @Test
  void aMetricsAddressOnEveryAddressIsSeenAsSuchSoTheCheckAboveCanFail() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    try (AgentProcess agent = start("--metrics-address", ":" + port)) {
      List<Listener> listeners = ListeningSockets.of(agent.pid());
      assertThat(listeners).extracting(Listener::port).containsExactly(port);
      assertThat(listeners.get(0).isLoopbackOnly()).as(listeners.toString()).isFalse();
    }
  }

  private AgentProcess start(String... more) throws IOException, InterruptedException {
    Path pods = Files.createDirectories(dir.resolve("pods"));
    List<String> arguments = new ArrayList<>(List.of("--machine", "demo-2s", "--pods-dir", pods.toString(),
        "--state-dir", dir.resolve("state").toString(), "--socket", dir.resolve("podresources.sock").toString()));
    arguments.addAll(List.of(more));
    AgentProcess agent = AgentProcess.start(List.of("-XX:TieredStopAtLevel=1", "-XX:-UsePerfData"), arguments,
        dir.resolve("agent.out"), dir.resolve("agent.err"));
    agent.awaitLog(log -> log.stream().anyMatch(line -> line.get("event").asText().equals("started")), 60);
    return agent;
  }
}
