package io.podtopo.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real container runtime from Debian's package {@code docker.io}: {@code dockerd} (which starts its
 * own {@code containerd}, and {@code runc} for each container), started in a folder of its own with its
 * own socket, so it touches no other engine; no bridge, no iptables rules, and every container run
 * with {@code --network none}. Closing it removes every container and image it holds, stops the daemon
 * (SIGTERM, then SIGKILL after a minute) and deletes its folder.
 */
final class DockerEngine implements AutoCloseable {

  /** The daemon and the client of the Debian package, of the same release. */
  static final Path DOCKERD = Path.of("/usr/sbin/dockerd");
  static final Path DOCKER = Path.of("/usr/bin/docker");

  private static final Duration START_LIMIT = Duration.ofSeconds(90);

  private final Path root;
  private final Process daemon;

  private DockerEngine(Path root, Process daemon) {
    this.root = root;
    this.daemon = daemon;
  }

  /** Starts a daemon in a new folder and returns once it answers. */
  static DockerEngine start() throws IOException, InterruptedException {
    assertThat(DOCKERD).as("dockerd of Debian's package docker.io (.ci/run installs it)").isExecutable();
    assertThat(DOCKER).as("docker of Debian's package docker.io (.ci/run installs it)").isExecutable();
    // Short: containerd's sockets under the exec root must fit in 108 bytes.
    Path root = Files.createTempDirectory(Path.of("/tmp"), "podtopo-docker");
    Process daemon = new ProcessBuilder(DOCKERD.toString(), "--data-root", root.resolve("data").toString(),
        "--exec-root", root.resolve("exec").toString(), "--host", "unix://" + root.resolve("docker.sock"),
        "--pidfile", root.resolve("dockerd.pid").toString(), "--bridge", "none", "--iptables=false",
        "--ip-masq=false", "--ip-forward=false")
        .redirectErrorStream(true).redirectOutput(root.resolve("dockerd.log").toFile()).start();
    DockerEngine engine = new DockerEngine(root, daemon);
    Instant deadline = Instant.now().plus(START_LIMIT);
    while (engine.docker("version").exit() != 0) {
      if (!daemon.isAlive() || Instant.now().isAfter(deadline)) {
        String log = Files.readString(root.resolve("dockerd.log"));
        engine.close();
        throw new AssertionError("dockerd did not answer within " + START_LIMIT + ":\n" + log);
      }
      Thread.sleep(500);
    }
    return engine;
  }

  /** What a client of this daemon needs: {@code DOCKER_HOST}, and {@code DOCKER} for release/image/build. */
  Map<String, String> environment() {
    return Map.of("DOCKER_HOST", "unix://" + root.resolve("docker.sock"), "DOCKER", DOCKER.toString());
  }

  /** Runs {@code docker args...} against this daemon. */
  Command docker(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(DOCKER.toString()));
    command.addAll(List.of(args));
    return Command.run(root, environment(), command.toArray(String[]::new));
  }

  @Override
  public void close() throws IOException, InterruptedException {
    try {
      if (daemon.isAlive()) {
        for (String container : docker("ps", "--all", "--quiet").out().split("\\s+")) {
          if (!container.isEmpty()) {
            docker("rm", "--force", container);
          }
        }
        docker("image", "prune", "--all", "--force");
        daemon.destroy();
        if (!daemon.waitFor(1, TimeUnit.MINUTES)) {
          daemon.destroyForcibly().waitFor();
        }
      }
    } finally {
      // A daemon killed leaves its containerd and what it mounted: both are this engine's, under its folder.
      ProcessHandle.allProcesses()
          .filter(process -> process.info().commandLine().orElse("").contains(root.toString()))
          .forEach(ProcessHandle::destroyForcibly);
      for (String mountPoint : mountPointsUnder(root)) {
        Command.run(Path.of("/"), Map.of(), "umount", "--lazy", mountPoint);
      }
      Command.run(Path.of("/"), Map.of(), "rm", "-rf", "--one-file-system", root.toString()).assertExit(0);
    }
  }

  /** The mount points at or below {@code folder}, deepest first. */
  private static List<String> mountPointsUnder(Path folder) throws IOException {
    List<String> mountPoints = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
      String mountPoint = line.split(" ")[4];
      if (mountPoint.startsWith(folder + "/")) {
        mountPoints.add(mountPoint);
      }
    }
    mountPoints.sort(Comparator.comparing(String::length).reversed());
    return mountPoints;
  }
}
