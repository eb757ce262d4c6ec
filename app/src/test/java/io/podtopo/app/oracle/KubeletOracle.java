package io.podtopo.app.oracle;

import io.podtopo.conformance.vectors.ProcessSubject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The kubelet oracle of the source tree ({@code oracle/kubelet}, ADR 0009) at one release: built
 * once (its launcher builds on first use and on change; a fresh machine downloads the Go modules
 * and builds for minutes), then started as a testee.
 */
final class KubeletOracle {

  /** How long a build of one release may take on a fresh machine. */
  static final Duration BUILD_TIMEOUT = Duration.ofMinutes(45);

  private final String release;

  private KubeletOracle(String release) {
    this.release = release;
  }

  /** The release {@code oracle/go.mod} pins, built. */
  static KubeletOracle atDefaultRelease() {
    return at(null);
  }

  /** {@code release} (a pinned one, e.g. {@code v1.36.5}; null for the default), built. */
  static KubeletOracle at(String release) {
    KubeletOracle oracle = new KubeletOracle(release);
    oracle.build();
    return oracle;
  }

  /** The launcher {@code oracle/kubelet} of the reactor's source tree. */
  static Path launcher() {
    return Path.of(System.getProperty("podtopo.reactorRoot", "..")).toAbsolutePath().normalize()
        .resolve("oracle").resolve("kubelet");
  }

  /** Every release the oracle pins ({@code oracle/kubelet releases}), the default first. */
  static List<String> pinnedReleases() {
    try {
      Process process = new ProcessBuilder(launcher().toString(), "releases").redirectErrorStream(true).start();
      List<String> releases = new String(process.getInputStream().readAllBytes()).lines().toList();
      if (process.waitFor() != 0) {
        throw new AssertionError("oracle/kubelet releases failed: " + releases);
      }
      return releases;
    } catch (IOException e) {
      throw new AssertionError("cannot run oracle/kubelet releases: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  /** The oracle as a testee, answering each case within a minute (a node scenario runs 16 to 64 times). */
  ProcessSubject testee() {
    return ProcessSubject.start(command("testee"), Duration.ofSeconds(60), BUILD_TIMEOUT);
  }

  /** The oracle as a testee whose answers, retries included, get {@code answerTimeout} (Go duration, e.g. 5s). */
  ProcessSubject testee(String answerTimeout) {
    List<String> command = command("testee");
    command.addAll(List.of("--answer-timeout", answerTimeout));
    return ProcessSubject.start(command, Duration.ofSeconds(120), BUILD_TIMEOUT);
  }

  private List<String> command(String verb) {
    List<String> command = new ArrayList<>(List.of(launcher().toString(), verb));
    if (release != null) {
      command.addAll(List.of("--kubelet", release));
    }
    return command;
  }

  private void build() {
    Path log = Path.of("target", "oracle-build-" + (release == null ? "default" : release) + ".log");
    try {
      Files.createDirectories(log.getParent());
      Process process = new ProcessBuilder(command("build")).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
      if (!process.waitFor(BUILD_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new AssertionError("oracle/kubelet build did not finish within " + BUILD_TIMEOUT + "; see " + log);
      }
      if (process.exitValue() != 0) {
        List<String> lines = Files.readAllLines(log);
        throw new AssertionError("oracle/kubelet build failed (exit " + process.exitValue() + "); it needs Go 1.26 "
            + "and the Go module proxy (.ci/run checks both); last lines of " + log + ":\n"
            + String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size())));
      }
    } catch (IOException e) {
      throw new AssertionError("cannot run oracle/kubelet build: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while building the oracle", e);
    }
  }
}
