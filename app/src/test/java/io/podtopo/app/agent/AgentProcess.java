package io.podtopo.app.agent;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * One {@code podtopo agent} in a JVM of its own ({@link AgentLauncher}), started on the test's own
 * class path; its standard output (the decision log) and standard error go to files. Closing it kills
 * it if it still runs, so a failed test leaves no agent behind.
 */
final class AgentProcess implements AutoCloseable {

  /** The exit status of a process ended by SIGKILL (128 + 9). */
  static final int KILLED = 137;

  private final Process process;
  private final Path out;
  private final Path err;
  private final List<JsonNode> lines = new ArrayList<>();
  private long read;

  private AgentProcess(Process process, Path out, Path err) {
    this.process = process;
    this.out = out;
    this.err = err;
  }

  /**
   * Starts {@code podtopo agent agentArguments...} with {@code jvmOptions}, its output in {@code out}
   * and its errors in {@code err}; returns at once.
   */
  static AgentProcess start(List<String> jvmOptions, List<String> agentArguments, Path out, Path err)
      throws IOException {
    return start(List.of(), jvmOptions, agentArguments, out, err);
  }

  /**
   * As {@link #start(List, List, Path, Path)}, the JVM started by {@code launcher}, a command that ends
   * by executing the rest of its command line in its own process (so that the agent's pid is the one
   * started), such as {@link CgroupTree#launcher}.
   */
  static AgentProcess start(List<String> launcher, List<String> jvmOptions, List<String> agentArguments, Path out,
      Path err) throws IOException {
    return start(launcher, System.getProperty("java.class.path"), jvmOptions, agentArguments, out, err);
  }

  /** As {@link #start(List, List, List, Path, Path)}, on {@code classPath} instead of the test's own. */
  static AgentProcess start(List<String> launcher, String classPath, List<String> jvmOptions,
      List<String> agentArguments, Path out, Path err) throws IOException {
    String java = ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> command = new ArrayList<>(launcher);
    command.add(java);
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", classPath, AgentLauncher.class.getName(), "agent"));
    command.addAll(agentArguments);
    Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    return new AgentProcess(process, out, err);
  }

  long pid() {
    return process.pid();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Kills it with SIGKILL and returns its exit status ({@link #KILLED} unless it had ended by itself). */
  int kill() throws InterruptedException {
    process.toHandle().destroyForcibly();
    return process.waitFor();
  }

  /**
   * Stops it with SIGTERM, as an operator would, and returns its exit status; -1 when it still runs
   * after {@code seconds}.
   */
  int stop(int seconds) throws InterruptedException {
    process.toHandle().destroy();
    return process.waitFor(seconds, TimeUnit.SECONDS) ? process.exitValue() : -1;
  }

  /**
   * Its decision log so far, parsed: the complete lines (a line cut by a kill is left out), reading
   * only what was added since the last call.
   */
  List<JsonNode> lines() throws IOException {
    byte[] all = Files.readAllBytes(out);
    int end = all.length;
    while (end > read && all[end - 1] != '\n') {
      end--;
    }
    if (end > read) {
      lines.addAll(AgentFixtures.lines(new String(all, (int) read, end - (int) read, StandardCharsets.UTF_8)));
      read = end;
    }
    return List.copyOf(lines);
  }

  /**
   * Reads its log every 2 ms until {@code done} holds for it.
   *
   * @throws AssertionError when the agent ends or {@code seconds} pass first
   */
  List<JsonNode> awaitLog(Predicate<List<JsonNode>> done, int seconds) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    for (List<JsonNode> log = lines(); ; log = lines()) {
      if (done.test(log)) {
        return log;
      }
      if (!process.isAlive() || System.nanoTime() > deadline) {
        throw new AssertionError("the agent " + (process.isAlive() ? "did not get there within " + seconds + " s"
            + " (" + whereItIs() + ")" : "ended with status " + process.exitValue()) + "; its log: " + log
            + "; its errors: " + errors());
      }
      Thread.sleep(2);
    }
  }

  /**
   * Where a process that does not get on is: the command, state and kernel wait channel of it and of
   * its children (a launcher that never reached the JVM shows as {@code unshare}, {@code sh} or
   * {@code mount}), and the JVM's threads ({@code jcmd PID Thread.print}, the first 6,000 characters).
   */
  private String whereItIs() throws InterruptedException {
    StringBuilder where = new StringBuilder();
    List<ProcessHandle> processes = new ArrayList<>(List.of(process.toHandle()));
    process.toHandle().descendants().forEach(processes::add);
    for (ProcessHandle handle : processes) {
      Path proc = Path.of("/proc", Long.toString(handle.pid()));
      try {
        String stat = Files.readString(proc.resolve("stat"));
        where.append("pid ").append(handle.pid()).append(' ').append(Files.readString(proc.resolve("comm")).strip())
            .append(" state ").append(stat.charAt(stat.lastIndexOf(')') + 2)).append(" waiting in ")
            .append(Files.readString(proc.resolve("wchan")).strip()).append("; ");
      } catch (IOException gone) {
        where.append("pid ").append(handle.pid()).append(" gone; ");
      }
    }
    String command = process.toHandle().info().command().orElse("");
    if (!command.endsWith("/java")) {
      return where.append("no thread dump: pid ").append(pid()).append(" runs ").append(command)
          .append(", not a JVM yet").toString();
    }
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    try {
      Process threads = new ProcessBuilder(jcmd.toString(), Long.toString(pid()), "Thread.print")
          .redirectErrorStream(true).start();
      String dump = new String(threads.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      threads.waitFor(30, TimeUnit.SECONDS);
      where.append("threads: ").append(dump, 0, Math.min(dump.length(), 6_000));
    } catch (IOException e) {
      where.append("no thread dump: ").append(e.getMessage());
    }
    return where.toString();
  }

  /** What it wrote on standard error. */
  String errors() throws IOException {
    return Files.readString(err, StandardCharsets.UTF_8).strip();
  }

  /** Its peak resident set size in KiB ({@code VmHWM} of {@code /proc/PID/status}), read while it runs. */
  long peakRssKib() throws IOException {
    return status("VmHWM");
  }

  /** Its resident set size now, in KiB ({@code VmRSS} of {@code /proc/PID/status}). */
  long rssKib() throws IOException {
    return status("VmRSS");
  }

  /** How many file descriptors it has open now (the entries of {@code /proc/PID/fd}). */
  long openFileDescriptors() throws IOException {
    try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid()), "fd"))) {
      return fds.count();
    }
  }

  /**
   * Makes it collect all its garbage now ({@code jcmd PID GC.run}: a full collection,
   * as {@code System.gc()} makes), returning once it is over.
   *
   * @throws IllegalStateException when jcmd fails
   */
  void collectGarbage() throws IOException, InterruptedException {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    Process gc = new ProcessBuilder(jcmd.toString(), Long.toString(pid()), "GC.run").redirectErrorStream(true).start();
    String output = new String(gc.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (!gc.waitFor(60, TimeUnit.SECONDS) || gc.exitValue() != 0) {
      throw new IllegalStateException(jcmd + " " + pid() + " GC.run failed: " + output);
    }
  }

  private long status(String field) throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
      if (line.startsWith(field + ":")) {
        return Long.parseLong(line.substring(field.length() + 1).replace("kB", "").strip());
      }
    }
    throw new IllegalStateException("/proc/" + pid() + "/status has no " + field);
  }

  /**
   * Its CPU time so far by thread kind, in ms: user and system time of each
   * {@code /proc/PID/task/TID/stat}, by thread name (as the kernel keeps it, 15 characters) with
   * digits replaced by {@code N}; threads that ended are not counted.
   */
  Map<String, Long> cpuMillisByThread() throws IOException {
    Map<String, Long> millis = new TreeMap<>();
    try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid()), "task"))) {
      for (Path task : tasks.toList()) {
        String stat;
        try {
          stat = Files.readString(task.resolve("stat"));
        } catch (IOException e) {
          continue; // the thread ended
        }
        String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replaceAll("[0-9]+", "N");
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        millis.merge(name, ticks * 10, Long::sum); // USER_HZ is 100 on Linux
      }
    }
    return millis;
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      process.toHandle().destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
