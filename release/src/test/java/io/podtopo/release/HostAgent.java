package io.podtopo.release;

import io.podtopo.adapters.grpc.PodResourcesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code podtopo agent} on the host, run by a release's launcher ({@code bin/podtopo}, no Maven), for
 * the KEP-5526 pod-scope examples that fit ({@code examples/pods/pod-scope/01}, {@code 02}, {@code 04})
 * on the built-in machine {@code demo-2s}, serving PodResources v1 on a Unix socket. Closing it stops
 * it (SIGTERM, then SIGKILL after 30 seconds).
 */
final class HostAgent implements AutoCloseable {

  private static final List<String> PODS = List.of("01-shared-only.yaml", "02-mixed.yaml", "04-init-and-sidecars.yaml");
  private static final Duration READY_LIMIT = Duration.ofMinutes(2);

  private final Process process;
  private final Path socket;

  private HostAgent(Process process, Path socket) {
    this.process = process;
    this.socket = socket;
  }

  /**
   * Starts the agent of {@code release} with the examples of the repository at {@code root}, its folders
   * under {@code dir}, serving on {@code socket}; returns once its {@code List} has every pod.
   */
  static HostAgent start(Path release, Path root, Path dir, Path socket) throws IOException, InterruptedException {
    Path pods = Files.createDirectories(dir.resolve("pods"));
    for (String pod : PODS) {
      Files.copy(root.resolve("examples/pods/pod-scope").resolve(pod), pods.resolve(pod));
    }
    Process process = new ProcessBuilder(release.resolve("bin/podtopo").toString(), "agent", "--machine", "demo-2s",
        "--kubelet-config", root.resolve("examples/kubelet/pod-scope.yaml").toString(), "--pods-dir", pods.toString(),
        "--state-dir", dir.resolve("state").toString(), "--socket", socket.toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("agent.log").toFile()).start();
    HostAgent agent = new HostAgent(process, socket);
    Instant deadline = Instant.now().plus(READY_LIMIT);
    while (agent.pods() < PODS.size()) {
      if (!process.isAlive() || Instant.now().isAfter(deadline)) {
        agent.close();
        throw new AssertionError("the agent did not serve " + PODS.size() + " pods within " + READY_LIMIT + ":\n"
            + Files.readString(dir.resolve("agent.log")));
      }
      Thread.sleep(500);
    }
    return agent;
  }

  /** The socket it serves. */
  Path socket() {
    return socket;
  }

  private int pods() {
    if (!Files.exists(socket)) {
      return 0;
    }
    try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
      return client.list().pods().size();
    } catch (RuntimeException notYet) {
      return 0;
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }
}
