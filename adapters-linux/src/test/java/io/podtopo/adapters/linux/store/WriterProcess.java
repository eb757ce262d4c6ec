package io.podtopo.adapters.linux.store;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One running {@link SnapshotWriterProcess}: a fresh JVM started with flags for a fast start
 * ({@link #FAST_START}), on the test's own class path or the one a {@link Jvm} names, saving to
 * {@code stateDir}; its standard error goes to a file. Closing it kills it if it still runs, so a
 * failed test leaves no writer behind.
 */
final class WriterProcess implements AutoCloseable {

  /** The exit status of a process ended by SIGKILL (128 + 9). */
  static final int KILLED = 137;

  /**
   * The flags of every writer: a JVM start costs more than the saves it is killed in. The JVM's own
   * warnings (the class-data archive's among them) go to standard error: standard output is the
   * writer's acknowledgements.
   */
  static final List<String> FAST_START = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto",
      "-XX:-UsePerfData", "-Xlog:disable", "-Xlog:all=warning:stderr");

  /** The class path and the JVM options a writer is started with (beside {@link #FAST_START}). */
  record Jvm(String classPath, List<String> options) {

    /** The test's own class path, no further option. */
    static Jvm ofTheTest() {
      return new Jvm(System.getProperty("java.class.path"), List.of());
    }

    /** The command that runs {@code mainClass} with {@code arguments} in such a JVM. */
    List<String> command(String mainClass, List<String> arguments) {
      List<String> command = new ArrayList<>();
      command.add(ProcessHandle.current().info().command()
          .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
      command.addAll(FAST_START);
      command.addAll(options);
      command.addAll(List.of("-cp", classPath, mainClass));
      command.addAll(arguments);
      return command;
    }
  }

  private final Process process;
  private final BufferedReader out;
  private final Path stderr;
  private int acknowledged = -1;

  private WriterProcess(Process process, Path stderr) {
    this.process = process;
    this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    this.stderr = stderr;
  }

  /** Starts a writer ({@code atomic} or {@code in-place}) on the test's class path and waits until it is ready. */
  static WriterProcess start(String writer, Path stateDir, Path stderr) throws IOException, InterruptedException {
    return start(Jvm.ofTheTest(), writer, stateDir, stderr, List.of());
  }

  /**
   * Starts a writer ({@code atomic} or {@code in-place}) in {@code jvm}, with {@code more} arguments
   * after the writer's ({@link SnapshotWriterProcess}), and waits until it is ready to save.
   */
  static WriterProcess start(Jvm jvm, String writer, Path stateDir, Path stderr, List<String> more)
      throws IOException, InterruptedException {
    List<String> arguments = new ArrayList<>(List.of(stateDir.toString(), writer));
    arguments.addAll(more);
    Process process = new ProcessBuilder(jvm.command(SnapshotWriterProcess.class.getName(), arguments))
        .redirectError(stderr.toFile()).start();
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

  /** Waits until the writer ends by itself and returns its exit status. */
  int awaitExit() throws IOException, InterruptedException {
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      acknowledged = Integer.parseInt(line.substring("saved ".length()));
    }
    return process.waitFor();
  }

  /** What it wrote on standard error. */
  String errors() throws IOException {
    return Files.readString(stderr).strip();
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
}
