package io.podtopo.adapters.linux.store;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One running {@link SnapshotWriterProcess}: a fresh JVM started with flags for a fast start, on the
 * test's own class path, saving to {@code stateDir}; its standard error goes to a file. Closing it
 * kills it if it still runs, so a failed test leaves no writer behind.
 */
final class WriterProcess implements AutoCloseable {

  /** The exit status of a process ended by SIGKILL (128 + 9). */
  static final int KILLED = 137;

  private final Process process;
  private final BufferedReader out;
  private final Path stderr;
  private int acknowledged = -1;

  private WriterProcess(Process process, Path stderr) {
    this.process = process;
    this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    this.stderr = stderr;
  }

  /** Starts a writer ({@code atomic} or {@code in-place}) and waits until it is ready to save. */
  static WriterProcess start(String writer, Path stateDir, Path stderr) throws IOException, InterruptedException {
    String java = ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> command = List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto",
        "-XX:-UsePerfData", "-cp", System.getProperty("java.class.path"), SnapshotWriterProcess.class.getName(),
        stateDir.toString(), writer);
    Process process = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
    WriterProcess started = new WriterProcess(process, stderr);
    String ready = started.out.readLine();
    if (!"ready".equals(ready)) {
      started.process.destroyForcibly().waitFor();
      throw new IllegalStateException("the writer did not start (it printed " + ready + "): " + started.errors());
    }
    return started;
  }

  /** Waits until the writer acknowledges save {@code n}. */
  void awaitSaved(int n) throws IOException {
    while (acknowledged < n) {
      String line = out.readLine();
      if (line == null) {
        throw new IllegalStateException("the writer stopped before save " + n + ": " + errors());
      }
      acknowledged = Integer.parseInt(line.substring("saved ".length()));
    }
  }

  /**
   * Kills the writer with SIGKILL and reads every acknowledgement it printed before dying.
   *
   * @return the last save it acknowledged, -1 for none
   * @throws IllegalStateException when it had ended otherwise than by SIGKILL
   */
  int kill() throws IOException, InterruptedException {
    // Through the process handle: Process.destroyForcibly sends the same signal but also closes our
    // end of the pipe, losing acknowledgements still in it.
    process.toHandle().destroyForcibly();
    int exit = process.waitFor();
    if (exit != KILLED) {
      throw new IllegalStateException("the writer ended with status " + exit + ", not " + KILLED + " (SIGKILL): "
          + errors());
    }
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      acknowledged = Integer.parseInt(line.substring("saved ".length()));
    }
    out.close();
    return acknowledged;
  }

  @Override
  public void close() throws IOException {
    process.destroyForcibly();
    out.close();
  }

  private String errors() throws IOException {
    return Files.readString(stderr).strip();
  }
}
