package io.podtopo.adapters.linux.store;

import io.podtopo.ports.in.NodeSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * Starts {@link SnapshotWriterProcess}es again and again, two at a time, kills each with SIGKILL at
 * a random instant after it is ready, and reads what it left with a fresh {@link FileAllocationStore}.
 *
 * <p>A kill is right when the store loads exactly snapshot {@code N} or {@code N + 1}, where
 * {@code N} is the last save the writer acknowledged ("saved N"), or nothing or snapshot 0 when it
 * acknowledged none.
 *
 * <p><b>Where kills land.</b> The kill instants are drawn uniformly over a window measured on this
 * machine first: from half the time a writer takes from ready to its first save (cold code, mostly
 * serialising) to the end of {@value #SAVES_IN_WINDOW} further saves, so the kills spread over the
 * end of the start, the saves and the gaps between them on a fast machine and a busy one alike. The
 * draws come from one seed, printed with the result; the instants they hit still depend on the
 * machine, so a replay repeats the draws, not the landings.
 *
 * <p><b>Each writer</b> is a JVM of its own, and its start costs more than the saves it is killed in:
 * every writer starts from a class-data archive (AppCDS) made once per loop by a writer that saves
 * {@value #SAVES_IN_WINDOW} snapshots and exits, on the test's class path with its folders jarred
 * ({@link JarredClassPath}); that cuts the CPU time of a writer from its start to its first save by
 * about a third. A writer killed at its instant is not reused: every kill is a fresh process.
 */
final class KillLoop {

  /** Where a kill landed, as read from what it left. */
  enum Landing {
    /** Nothing was saved yet and no save had started writing. */
    BEFORE_FIRST_SAVE("before the first save"),
    /**
     * The kill cut a save: a temporary file was left (a replace of the state file, or of the journal
     * after it), or the journal's last record was cut short.
     */
    DURING_A_SAVE("during a save (temp file left or record cut short)"),
    /**
     * The state holds the save after the last acknowledged one and nothing was left over: killed after
     * the save's write (a rename, or a record appended), before its acknowledgement.
     */
    AFTER_A_WRITE("after a save's write, unacknowledged"),
    /** The file holds the last acknowledged save and nothing was left over. */
    BETWEEN_SAVES("between saves"),
    /** The file was refused or held another snapshot: the write was torn. */
    TORN("torn (refused or wrong snapshot)");

    final String text;

    Landing(String text) {
      this.text = text;
    }
  }

  /** One kill: its delay after "ready", the last acknowledged save, where it landed, and what was read. */
  record Kill(int run, long delayMicros, int acknowledged, Landing landing, String read) {}

  /** Kill instants are drawn between these two, in microseconds after ready. */
  record Window(long fromMicros, long toMicros) {

    Window widest(Window other) {
      return new Window(Math.max(fromMicros, other.fromMicros), Math.max(toMicros, other.toMicros));
    }
  }

  /** All kills of one loop, and the window they were drawn from. */
  record Result(String writer, long seed, Window window, List<Kill> kills, long millis) {

    Map<Landing, Integer> landings() {
      Map<Landing, Integer> counts = new EnumMap<>(Landing.class);
      for (Landing landing : Landing.values()) {
        counts.put(landing, 0);
      }
      kills.forEach(kill -> counts.merge(kill.landing(), 1, Integer::sum));
      return counts;
    }

    List<Kill> torn() {
      return kills.stream().filter(kill -> kill.landing() == Landing.TORN).toList();
    }

    /** One line: the writer, the seed, the window, the count of kills per landing, the time taken. */
    String summary() {
      StringBuilder text = new StringBuilder(writer + " writer, " + kills.size() + " SIGKILLs "
          + window.fromMicros() / 1000 + " to " + window.toMicros() / 1000 + " ms after ready (seed " + seed
          + "; -D" + SEED_PROPERTY + "=" + seed + " replays"
          + " the draws): ");
      landings().forEach((landing, count) -> text.append(landing.text).append(' ').append(count).append(", "));
      int mostSaves = kills.stream().mapToInt(Kill::acknowledged).max().orElse(-1) + 1;
      return text.append("up to ").append(mostSaves).append(" saves acknowledged before a kill; ")
          .append(millis / 1000.0).append(" s").toString();
    }
  }

  /** The system property that replays a loop's draws. */
  static final String SEED_PROPERTY = "podtopo.killtest.seed";

  private static final int SAVES_IN_WINDOW = 4;
  private static final int PARALLEL = 2;

  private final String writer;
  private final Path workDir;
  /** The test's class path until {@link #run} has archived the start, then the jarred one and its archive. */
  private WriterProcess.Jvm jvm = WriterProcess.Jvm.ofTheTest();

  /** A loop over writers of kind {@code writer} ({@code atomic} or {@code in-place}) in {@code workDir}. */
  KillLoop(String writer, Path workDir) {
    this.writer = writer;
    this.workDir = workDir;
  }

  /** Measures the window, then runs {@code kills} kills with instants drawn from {@code seed}. */
  Result run(int kills, long seed) throws IOException, InterruptedException, ExecutionException {
    long start = System.nanoTime();
    archiveTheStart();
    Window window = inParallel(PARALLEL, this::window).stream().reduce(Window::widest).orElseThrow();
    SplittableRandom random = new SplittableRandom(seed);
    long[] delays = random.longs(kills, window.fromMicros(), window.toMicros() + 1).toArray();
    List<Kill> done = inParallel(kills, run -> kill(run, delays[run]));
    return new Result(writer, seed, window, done, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
  }

  private interface Run<T> {
    T run(int run) throws IOException, InterruptedException;
  }

  private <T> List<T> inParallel(int runs, Run<T> task) throws InterruptedException, ExecutionException {
    ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < runs; i++) {
        int run = i;
        futures.add(pool.submit((Callable<T>) () -> task.run(run)));
      }
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        results.add(future.get());
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Makes every later writer start from a class-data archive: the class path with its folders jarred,
   * and the classes a writer loads up to its {@value #SAVES_IN_WINDOW}th save, written when it exits.
   * Proves once, with {@code -Xshare:on}, that the archive can be used ({@code -Xshare:auto} would
   * silently ignore one it cannot).
   */
  private void archiveTheStart() throws IOException, InterruptedException {
    Path scratch = Files.createDirectories(workDir.resolve(writer + "-archive"));
    String classPath = JarredClassPath.write(scratch.resolve("classes.jar"));
    Path archive = scratch.resolve("writer.jsa");
    WriterProcess.Jvm dumping = new WriterProcess.Jvm(classPath, List.of("-XX:ArchiveClassesAtExit=" + archive));
    try (WriterProcess process = WriterProcess.start(dumping, writer, scratch.resolve("state"),
        scratch.resolve("stderr"), List.of(Integer.toString(SAVES_IN_WINDOW)))) {
      int exit = process.awaitExit();
      if (exit != 0 || !Files.isRegularFile(archive)) {
        throw new AssertionError("the writer that archives the start ended with status " + exit + " and wrote "
            + (Files.isRegularFile(archive) ? "" : "no ") + "class-data archive " + archive + ": " + process.errors());
      }
    }
    WriterProcess.Jvm archived = new WriterProcess.Jvm(classPath, List.of("-XX:SharedArchiveFile=" + archive));
    // the last -Xshare wins: on, not auto; "-version" after the class path is the launcher's option
    List<String> check = new WriterProcess.Jvm(classPath, List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:on"))
        .command("-version", List.of());
    Process probe = new ProcessBuilder(check).redirectErrorStream(true).start();
    String said = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (probe.waitFor() != 0) {
      throw new AssertionError("the class-data archive " + archive + " cannot be used: " + said);
    }
    jvm = archived;
  }

  /** From half the time a writer takes from ready to its first save, to {@value #SAVES_IN_WINDOW} saves later. */
  private Window window(int run) throws IOException, InterruptedException {
    Path runDir = Files.createDirectories(workDir.resolve(writer + "-window-" + run));
    Window window;
    try (WriterProcess process = WriterProcess.start(jvm, writer, runDir.resolve("state"), runDir.resolve("stderr"),
        List.of())) {
      long ready = System.nanoTime();
      process.awaitSaved(0);
      long firstSave = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - ready);
      process.awaitSaved(SAVES_IN_WINDOW);
      window = new Window(firstSave / 2, TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - ready));
    }
    delete(runDir);
    return window;
  }

  private Kill kill(int run, long delayMicros) throws IOException, InterruptedException {
    Path runDir = Files.createDirectories(workDir.resolve(writer + "-" + run));
    Path stateDir = runDir.resolve("state");
    int acknowledged;
    try (WriterProcess process = WriterProcess.start(jvm, writer, stateDir, runDir.resolve("stderr"), List.of())) {
      LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(delayMicros));
      acknowledged = process.kill();
    }
    Kill kill = judge(run, delayMicros, acknowledged, stateDir);
    delete(runDir);
    return kill;
  }

  /**
   * Reads what a kill left: the last acknowledged snapshot (nothing before the first) or the next;
   * anything else is {@link Landing#TORN}. A temporary file left is a replace the kill cut: of the
   * state file, which then still holds the last acknowledged snapshot, or of the journal a save starts
   * once it has written the whole state file, which then holds the next (ADR 0010).
   */
  private static Kill judge(int run, long delayMicros, int acknowledged, Path stateDir) {
    boolean tempLeft = !new StateDirectory(stateDir).tempFiles().isEmpty() || recordCutShort(stateDir);
    Optional<NodeSnapshot> loaded;
    try {
      loaded = FileAllocationStore.open(stateDir).load();
    } catch (RefusedStateFileException e) {
      return new Kill(run, delayMicros, acknowledged, Landing.TORN, e.reason());
    }
    int held = loaded.map(snapshot -> indexNear(snapshot, acknowledged)).orElse(-1);
    String read = loaded.isEmpty() ? "nothing" : held >= 0 ? "snapshot " + held : "another snapshot";
    Landing landing;
    if (tempLeft) {
      landing = held == acknowledged || held >= 0 && held == acknowledged + 1 ? Landing.DURING_A_SAVE : Landing.TORN;
    } else if (loaded.isEmpty()) {
      landing = acknowledged < 0 ? Landing.BEFORE_FIRST_SAVE : Landing.TORN;
    } else if (held >= 0 && held == acknowledged) {
      landing = Landing.BETWEEN_SAVES;
    } else {
      landing = held >= 0 && held == acknowledged + 1 ? Landing.AFTER_A_WRITE : Landing.TORN;
    }
    return new Kill(run, delayMicros, acknowledged, landing, read);
  }

  /** Whether the journal's last line lacks its line feed: a record the kill cut short. */
  private static boolean recordCutShort(Path stateDir) {
    Path journal = new StateDirectory(stateDir).journal();
    try {
      if (!Files.exists(journal)) {
        return false;
      }
      byte[] bytes = Files.readAllBytes(journal);
      return bytes.length > 0 && bytes[bytes.length - 1] != '\n';
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code n} or {@code n + 1} when {@code snapshot} is that {@link BigSnapshots#snapshot}, else -2. */
  private static int indexNear(NodeSnapshot snapshot, int n) {
    if (n >= 0 && snapshot.equals(BigSnapshots.snapshot(n))) {
      return n;
    }
    return snapshot.equals(BigSnapshots.snapshot(n + 1)) ? n + 1 : -2;
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> {
        try {
          Files.delete(path);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }
}
