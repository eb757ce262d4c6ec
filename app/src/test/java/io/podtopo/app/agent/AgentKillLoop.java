package io.podtopo.app.agent;

import com.fasterxml.jackson.databind.JsonNode;
import io.grpc.StatusRuntimeException;
import io.podtopo.adapters.grpc.PodResourcesClient;
import io.podtopo.adapters.grpc.PodResourcesClientException;
import io.podtopo.adapters.linux.store.JarredClassPath;
import io.podtopo.adapters.linux.store.RefusedStateFileException;
import io.podtopo.adapters.linux.store.SavedState;
import io.podtopo.adapters.linux.store.StateDirectory;
import io.podtopo.app.agent.KillScenario.Op;
import io.podtopo.conformance.invariants.Invariants;
import io.podtopo.conformance.invariants.ObservedNode;
import io.podtopo.conformance.invariants.Violation;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.ContainerRef;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.out.CpusetWrite;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * Plays a {@link KillScenario} into a pods folder while an agent runs on it, killing the agent with
 * SIGKILL at a random instant of each of its lives and starting it again on the same folder and state
 * folder, life after life, then lets a last life settle and stops it with SIGTERM.
 *
 * <p><b>Each life.</b> A JVM start costs more than anything the agent does, so every life starts
 * from a class-data archive made once, by an agent on every file of the scenario, as the launcher
 * keeps one beside the CLI jar (it roughly halves the start), and every life is spent on one kill, and the kill instant is drawn in one of four stretches of the life (drawn first, so
 * that kills spread over all of them, not mostly over the JVM start): from the process start to the
 * measured start-up time (30 %); from the agent's {@code started} line to the measured length of a
 * first scan (40 %); within {@value #AIMED_MILLIS} ms after a change of the folder made once the
 * first scan is over (22 %, while the scenario has changes to make), where a later scan admits or
 * releases; within 200 ms after the first scan (the rest). The first two make the next change of the
 * folder before the start every other life, the third its one change (never across a phase; a removal
 * phase waits for its barrier), so that the scenario's changes spread over most lives. The start-up
 * time and the first scan's length are measured first, on this machine: an agent started on every
 * file the scenario ever writes. Between two lives the loop reads the state folder as
 * {@code podtopo state check} does, changing nothing, the life's decision log and its cgroup files.
 *
 * <p><b>Cgroups and PodResources.</b> Every life pins for real and serves PodResources: it runs
 * with {@code --cgroup-root} on a {@link CgroupTree} of the loop's own (the real cpuset writer, in a
 * private mount namespace) and {@code --socket}. Once a life has logged {@code started}, a probe
 * thread calls {@code List} on its socket while the loop goes on to the kill; the answer, when the
 * kill does not cut the call, is checked after the kill.
 *
 * <p><b>After each kill</b> (an exit status other than 137 fails the loop):
 *
 * <ul>
 *   <li>the state file is accepted (no torn file) and every snapshot invariant of spec §15 and every
 *       PodResources invariant holds on it, with no CPU in two pods
 *       ({@link PodResourcesConsistency});</li>
 *   <li>nothing allocated twice: no pod of the state the life started from was logged
 *       {@code admitted} (it must be {@code restored}), and every pod in both states has the same
 *       PodResources (same bubble, slices and memory);</li>
 *   <li>nothing lost: every pod the life logged {@code admitted} or {@code restored} and did not log
 *       {@code removed} afterwards is in the state unless its file is gone from the folder (a change
 *       is saved before it is logged, so a removal saved an instant before the kill has no line);
 *       every pod it logged {@code removed} is not, and its cgroups are gone (they are removed
 *       before the line is written);</li>
 *   <li>the state is exactly the old one or the new one, nothing in between: a {@link LifeReplay} makes
 *       the life's logged changes again from the state it started from and the file must equal the
 *       state after the last logged change, or after one more (saved, not yet logged); the replay
 *       decides as the agent logged (same admissions, same rejection reasons);</li>
 *   <li>no CPU and no memory block leaked or held twice ({@link ResourceLedger}: every CPU in the
 *       default set or in one pod; per NUMA group and memory type, the reserved bytes are the bytes
 *       the pods hold);</li>
 *   <li>when the life logged {@code started} (its restart wrote every cpuset again): every running
 *       container's {@code cpuset.cpus} and {@code cpuset.mems} on disk are what the replay wrote
 *       for it (an unlogged change's own writes may be half done, an unlogged release's cgroups half
 *       removed);</li>
 *   <li>when the probe got an answer: it is the PodResources view of one of the states the life
 *       saved, the one it restored included (the agent serves only saved states).</li>
 * </ul>
 *
 * <p><b>Where kills land</b> is read from the life's log and the folder at the kill, whatever the
 * stretch aimed at: before the agent logged {@code started} (JVM start, restore of the state file,
 * cpusets); in its first scan (files present at its start not all decided yet: restoring and catching
 * up); during admissions or releases (first scan done, a change of the folder not yet handled); idle.
 * Counted too: the kills that left admissions or releases to do (a file of the folder neither in the
 * state nor rejected by the life, or a pod in the state whose file is gone), those that left a
 * saved change unlogged (the state holds a change the log does not have: the new state), the lives
 * whose cgroup files were checked, and the probes answered or cut by the kill (by gRPC status). The
 * settling life must have no unlogged change, and a {@code List} it answers once it has decided
 * every file must be the view of its final state. The draws come from one
 * seed, printed with the result; the instants they hit depend on the machine, so a replay repeats the
 * draws, not the landings.
 */
final class AgentKillLoop {

  /** Where a kill landed. */
  enum Landing {
    START_UP("in start-up (before \"started\")"),
    FIRST_SCAN("in the first scan (restoring, catching up)"),
    BUSY("during admissions or releases of a later scan"),
    IDLE("idle");

    final String text;

    Landing(String text) {
      this.text = text;
    }
  }

  /** One life: its kill delay, where the kill landed, and what the life logged. */
  record Kill(int life, long delayMillis, Landing landing, int admitted, int rejected, int removed, int restored,
      boolean unloggedChange, boolean workPending, boolean cgroupsChecked, String probe) {}

  /** A probe's outcome: {@value #ANSWERED}, or the gRPC status of the call the kill cut. */
  private record Probe(String outcome, Optional<PodResourcesView> answer) {}

  /** What the lives' kill instants are drawn from: the measured start-up time and first scan's length. */
  record Window(long startMillis, long scanMillis) {}

  record Result(int loop, long seed, Window window, List<Kill> kills, long millis) {

    Map<Landing, Integer> landings() {
      Map<Landing, Integer> counts = new EnumMap<>(Landing.class);
      for (Landing landing : Landing.values()) {
        counts.put(landing, 0);
      }
      kills.forEach(kill -> counts.merge(kill.landing(), 1, Integer::sum));
      return counts;
    }

    int unlogged() {
      return (int) kills.stream().filter(Kill::unloggedChange).count();
    }

    int withWorkPending() {
      return (int) kills.stream().filter(Kill::workPending).count();
    }

    int cgroupsChecked() {
      return (int) kills.stream().filter(Kill::cgroupsChecked).count();
    }

    /** The probes by outcome: {@value #ANSWERED} or a gRPC status; lives killed before any probe are not counted. */
    Map<String, Integer> probes() {
      Map<String, Integer> probes = new TreeMap<>();
      kills.stream().filter(kill -> !kill.probe().isEmpty())
          .forEach(kill -> probes.merge(kill.probe(), 1, Integer::sum));
      return probes;
    }

    /** One line: the seed, the window, the kills by landing, what the lives did, the time taken. */
    String summary() {
      StringBuilder text = new StringBuilder("loop " + loop + ": " + kills.size() + " SIGKILLs (start-up "
          + window.startMillis() + " ms, first scan " + window.scanMillis() + " ms; seed " + seed + "): ");
      landings().forEach((landing, count) -> text.append(landing.text).append(' ').append(count).append(", "));
      return text.append(withWorkPending()).append(" with admissions or releases pending, ").append(unlogged())
          .append(" with a saved change not yet logged; cgroup files checked after ").append(cgroupsChecked())
          .append(" kills; List probes ").append(probes()).append("; the lives logged ")
          .append(kills.stream().mapToInt(Kill::admitted).sum()).append(" admitted, ")
          .append(kills.stream().mapToInt(Kill::rejected).sum()).append(" rejected, ")
          .append(kills.stream().mapToInt(Kill::removed).sum()).append(" removed, ")
          .append(kills.stream().mapToInt(Kill::restored).sum()).append(" restored; ")
          .append(millis / 1000.0).append(" s").toString();
    }
  }

  /** The outcome of the last, undisturbed life, and its {@code List} answer before the stop. */
  record Settled(NodeSnapshot snapshot, List<JsonNode> log, int exitStatus, PodResourcesView answer) {}

  /**
   * What the checks after one life found: whether its state file held an unlogged change, and whether
   * its cgroup files were read.
   */
  private record Checked(boolean unloggedChange, boolean cgroupsChecked) {}

  /** Decision events: the pod of a file was decided in this life. */
  private static final Set<String> DECISIONS = Set.of("admitted", "restored", "rejected", "duplicate-pod",
      "invalid-manifest");
  private static final List<String> FAST_START = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
      "-Xshare:auto", "-XX:-UsePerfData");
  private static final long AIMED_MILLIS = 60;
  static final String ANSWERED = "answered";
  /** The lives whose output files are kept (the last ones), for a failure's story. */
  private static final int LIVES_KEPT = 20;

  private final int loop;
  private final KillScenario scenario;
  private final Path dir;
  private final Path pods;
  private final Path state;
  private final Path socket;
  private final CgroupTree tree;
  private final Map<String, Pod> manifests;
  private final NodeResourceManagers managers = NodeResourceManagers.create(AgentFixtures.POD_SCOPE,
      AgentFixtures.MACHINE);
  private final Set<String> present = new TreeSet<>();
  private final Set<String> decided = new HashSet<>();
  private final List<Kill> kills = new ArrayList<>();
  private int phase;
  private int step;
  private NodeSnapshot last;
  /** The test's class path and {@link #FAST_START}, then, once {@link #run} has archived the start, the jarred ones. */
  private String classPath = System.getProperty("java.class.path");
  private List<String> jvmOptions = FAST_START;

  AgentKillLoop(int loop, KillScenario scenario, Path dir) throws IOException {
    this.loop = loop;
    this.scenario = scenario;
    this.dir = dir;
    this.pods = Files.createDirectories(dir.resolve("pods"));
    this.state = dir.resolve("state");
    this.socket = dir.resolve("pod-resources.sock");
    this.tree = CgroupTree.create(dir.resolve("cgroup"), AgentFixtures.MACHINE, scenario.pods().values());
    this.manifests = scenario.manifests(Files.createDirectories(dir.resolve("manifests")));
    this.last = NodeSnapshot.of(managers.initialState());
  }

  /**
   * Measures the start-up and the first scan, then plays the scenario killing the agent at least
   * {@code killCount} times (more when the scenario is not over by then), with draws from {@code seed}.
   */
  Result run(int killCount, long seed) throws IOException, InterruptedException {
    long start = System.nanoTime();
    archiveTheStart();
    Window window = window();
    SplittableRandom random = new SplittableRandom(seed);
    ExecutorService prober = Executors.newSingleThreadExecutor();
    // held for the whole run, never called: keeps the clients' shared event loops up between probes
    PodResourcesClient eventLoops = PodResourcesClient.connect(socket);
    try {
      for (int life = 0; life < killCount || !played(); life++) {
        kills.add(life(life, window, random, prober));
        if ((life + 1) % 500 == 0) {
          System.out.printf(Locale.ROOT, "AgentKillLoop %d: %d lives, %.1f min%n", loop, life + 1,
              (System.nanoTime() - start) / 60e9);
        }
      }
    } finally {
      eventLoops.close();
      prober.shutdownNow();
    }
    return new Result(loop, seed, window, List.copyOf(kills), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
  }

  /** A last life, undisturbed until it has decided every file of the folder, stopped with SIGTERM. */
  Settled settle() throws IOException, InterruptedException {
    try (AgentProcess agent = start("settle")) {
      agent.awaitLog(lines -> decidedAll(lines, present), 60);
      PodResourcesView answer;
      try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
        answer = client.list();
      }
      int exit = agent.stop(30);
      List<JsonNode> log = agent.lines();
      NodeSnapshot settled = read("settle");
      Checked checked = check("settle", log, settled, Optional.of(answer));
      if (checked.unloggedChange()) {
        throw new AssertionError(where("settle") + "the settled life saved a change it did not log: " + log);
      }
      return new Settled(settled, log, exit, answer);
    }
  }

  /** The folder's files now. */
  Set<String> present() {
    return Set.copyOf(present);
  }

  private Kill life(int life, Window window, SplittableRandom random, ExecutorService prober)
      throws IOException, InterruptedException {
    double stretch = random.nextDouble();
    boolean midLife = stretch >= 0.7 && stretch < 0.92 && !played();
    List<Op> ops = midLife ? nextOps(1) : stretch < 0.7 ? nextOps(random.nextInt(2)) : List.of();
    midLife &= !ops.isEmpty();
    if (!midLife) {
      apply(ops);
    }
    Set<String> atStart = Set.copyOf(present);
    List<JsonNode> log;
    long delay;
    String where = "life " + life;
    Future<Probe> probe = null;
    try (AgentProcess agent = start(Integer.toString(life))) {
      long started = System.nanoTime();
      long killAt;
      if (stretch < 0.3) {
        killAt = started + TimeUnit.MILLISECONDS.toNanos(random.nextLong(window.startMillis() + 1));
      } else {
        agent.awaitLog(lines -> lines.stream().anyMatch(line -> event(line).equals("started")), 60);
        probe = prober.submit(this::probe);
        if (stretch < 0.7) {
          killAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(random.nextLong(window.scanMillis() + 1));
        } else {
          agent.awaitLog(lines -> decidedAll(lines, atStart), 60);
          if (midLife) {
            apply(ops);
          }
          killAt = System.nanoTime()
              + TimeUnit.MILLISECONDS.toNanos(random.nextLong((midLife ? AIMED_MILLIS : 200) + 1));
        }
      }
      parkUntil(killAt);
      delay = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
      int exit = agent.kill();
      if (exit != AgentProcess.KILLED) {
        throw new AssertionError(where(where) + "the agent ended with status " + exit + " before the kill: "
            + agent.errors());
      }
      log = agent.lines();
    }
    Probe probed = probe == null ? new Probe("", Optional.empty()) : probed(probe, where);
    NodeSnapshot before = last;
    NodeSnapshot after = read(where);
    Checked checked = check(where, log, after, probed.answer());
    for (JsonNode line : log) {
      if (DECISIONS.contains(event(line))) {
        decided.add(line.get("file").asText());
      }
    }
    Files.deleteIfExists(dir.resolve("life-" + (life - LIVES_KEPT) + ".out"));
    Files.deleteIfExists(dir.resolve("life-" + (life - LIVES_KEPT) + ".err"));
    return new Kill(life, delay, landing(log, atStart, before), count(log, "admitted"), count(log, "rejected"),
        count(log, "removed"), count(log, "restored"), checked.unloggedChange(), workPending(log, after),
        checked.cgroupsChecked(), probed.outcome());
  }

  /** One {@code List} call on the life's socket, on a connection of its own. */
  private Probe probe() {
    try (PodResourcesClient client = PodResourcesClient.builder(socket).deadline(Duration.ofSeconds(10)).connect()) {
      return new Probe(ANSWERED, Optional.of(client.list()));
    } catch (PodResourcesClientException e) {
      if (e.getCause() instanceof StatusRuntimeException failed) {
        return new Probe(failed.getStatus().getCode().name(), Optional.empty());
      }
      throw e;
    }
  }

  private Probe probed(Future<Probe> probe, String where) throws InterruptedException {
    try {
      return probe.get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw new AssertionError(where(where) + "the List probe failed: " + e.getCause(), e.getCause());
    } catch (TimeoutException e) {
      throw new AssertionError(where(where) + "the List probe got no answer and no failure within 30 s after the kill");
    }
  }

  /** The next {@code wanted} changes of the current phase, none while its barrier is not passed. */
  private List<Op> nextOps(int wanted) {
    List<Op> ops = new ArrayList<>();
    while (ops.size() < wanted && !played()) {
      List<Op> current = scenario.phases().get(phase);
      if (step == 0 && scenario.barrierBefore(phase).filter(file -> !decided.contains(file)).isPresent()) {
        break;
      }
      ops.add(current.get(step));
      if (++step == current.size()) {
        phase++;
        step = 0;
        break;
      }
    }
    return ops;
  }

  private boolean played() {
    return phase == scenario.phases().size();
  }

  private void apply(List<Op> ops) {
    for (Op op : ops) {
      KillScenario.apply(pods, op);
      if (op.add()) {
        present.add(op.pod().file());
      } else {
        present.remove(op.pod().file());
      }
    }
  }

  private AgentProcess start(String life) throws IOException {
    return AgentProcess.start(tree.launcher(), classPath, jvmOptions, arguments(pods, state, tree, socket),
        dir.resolve("life-" + life + ".out"), dir.resolve("life-" + life + ".err"));
  }

  private static List<String> arguments(Path pods, Path state, CgroupTree tree, Path socket) {
    return List.of("--machine", "demo-2s", "--kubelet-config",
        AgentFixtures.EXAMPLES.resolve("kubelet/pod-scope.yaml").toAbsolutePath().toString(), "--pods-dir",
        pods.toString(), "--state-dir", state.toString(), "--scan-interval", "10ms", "--cgroup-root",
        tree.cgroupRoot(), "--socket", socket.toString());
  }

  /**
   * The start-up time (process start to {@code started}) and 1.25 times the length of a first scan
   * ({@code started} to every file decided) of an agent started on every file the scenario ever writes
   * (more than the folder ever holds), in a scratch folder.
   */
  private Window window() throws IOException, InterruptedException {
    try (AgentProcess agent = startOnEveryFile(Files.createDirectories(dir.resolve("window")), jvmOptions)) {
      long start = System.nanoTime();
      agent.awaitLog(lines -> lines.stream().anyMatch(line -> event(line).equals("started")), 60);
      long started = System.nanoTime();
      agent.awaitLog(lines -> decidedAll(lines, scenarioFiles()), 60);
      return new Window(TimeUnit.NANOSECONDS.toMillis(started - start),
          TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) * 5 / 4);
    }
  }

  /**
   * Makes every later life start from a class-data archive (AppCDS, as the launcher keeps one beside
   * the CLI jar): the class path with its folders jarred ({@link JarredClassPath}), and the classes an
   * agent deciding every file of the scenario loads, written when it is stopped with SIGTERM. A JVM
   * start costs more than anything the agent does, and the archive roughly halves it.
   */
  private void archiveTheStart() throws IOException, InterruptedException {
    Path scratch = Files.createDirectories(dir.resolve("archive"));
    classPath = JarredClassPath.write(scratch.resolve("classes.jar"));
    Path archive = scratch.resolve("agent.jsa");
    List<String> dumping = new ArrayList<>(FAST_START);
    dumping.add("-XX:ArchiveClassesAtExit=" + archive);
    try (AgentProcess agent = startOnEveryFile(scratch, dumping)) {
      agent.awaitLog(lines -> decidedAll(lines, scenarioFiles()), 60);
      agent.stop(60);
    }
    if (!Files.isRegularFile(archive)) {
      throw new AssertionError(where("archive") + "the agent stopped with SIGTERM wrote no class-data archive "
          + archive + "; its errors: " + Files.readString(scratch.resolve("err")));
    }
    List<String> options = new ArrayList<>(FAST_START);
    options.add("-XX:SharedArchiveFile=" + archive);
    jvmOptions = List.copyOf(options);
    // -Xshare:auto would ignore an archive it cannot use: prove once that this class path can
    List<String> check = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
    check.addAll(jvmOptions);
    check.addAll(List.of("-Xshare:on", "-cp", classPath, "-version"));
    Process probe = new ProcessBuilder(check).redirectErrorStream(true).start();
    String said = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (probe.waitFor() != 0) {
      throw new AssertionError(where("archive") + "the class-data archive " + archive + " cannot be used: " + said);
    }
  }

  /** An agent on every file the scenario ever writes (more than the folder ever holds), in {@code scratch}. */
  private AgentProcess startOnEveryFile(Path scratch, List<String> options) throws IOException {
    Path folder = Files.createDirectories(scratch.resolve("pods"));
    scenario.pods().values().forEach(pod -> KillScenario.write(folder, pod));
    CgroupTree scratchTree = CgroupTree.create(scratch.resolve("cgroup"), AgentFixtures.MACHINE,
        scenario.pods().values());
    return AgentProcess.start(scratchTree.launcher(), classPath, options,
        arguments(folder, scratch.resolve("state"), scratchTree, scratch.resolve("pod-resources.sock")),
        scratch.resolve("out"), scratch.resolve("err"));
  }

  private Set<String> scenarioFiles() {
    Set<String> files = new TreeSet<>();
    scenario.pods().values().forEach(pod -> files.add(pod.file()));
    return files;
  }

  /** Reads the state folder, changing nothing; a refused file fails the loop. */
  private NodeSnapshot read(String where) {
    try {
      return new StateDirectory(state).read().map(SavedState::snapshot)
          .orElse(NodeSnapshot.of(managers.initialState()));
    } catch (RefusedStateFileException e) {
      throw new AssertionError(where(where) + "the state file was refused after a kill: " + e.getMessage(), e);
    }
  }

  /**
   * The checks after a life that started from {@link #last}, logged {@code log} and answered
   * {@code answer} to the probe; {@code after} becomes {@link #last}.
   */
  private Checked check(String where, List<JsonNode> log, NodeSnapshot after, Optional<PodResourcesView> answer) {
    String at = where(where);
    if (log.stream().anyMatch(line -> line.get("level").asText().equals("error"))) {
      throw new AssertionError(at + "the agent logged an error: " + log);
    }
    ObservedNode checked = ObservedNode.of(managers, after.state(), after.activePods());
    PodResourcesView view = managers.podResources(after.state(), after.activePods());
    List<Violation> violations = new ArrayList<>(Invariants.check(checked));
    violations.addAll(Invariants.checkPodResources(checked, view));
    if (!violations.isEmpty()) {
      throw new AssertionError(at + "the saved state breaks invariants: " + violations);
    }
    PodResourcesConsistency.problem(view, scenario.reportedContainers()).ifPresent(problem -> {
      throw new AssertionError(at + "the saved state: " + problem);
    });
    Set<String> before = uids(last);
    Set<String> held = new HashSet<>();
    for (JsonNode line : log) {
      String uid = line.path("uid").asText();
      switch (event(line)) {
        case "admitted" -> {
          if (before.contains(uid)) {
            throw new AssertionError(at + "pod " + uid + " was restored from the state but admitted again");
          }
          held.add(uid);
        }
        case "restored" -> held.add(uid);
        case "removed" -> {
          held.remove(uid);
          if (after.activePod(uid).isPresent()) {
            throw new AssertionError(at + "pod " + uid + " was logged removed but is still in the state");
          }
          if (tree.hasPod(uid)) {
            throw new AssertionError(at + "pod " + uid + " was logged removed but its cgroup is still there");
          }
        }
        default -> {
        }
      }
    }
    Set<String> saved = uids(after);
    Set<String> lost = new TreeSet<>(held);
    lost.removeAll(saved);
    // a removal saved an instant before the kill, before its line was written: the pod's file is gone
    lost.removeIf(uid -> !present.contains(scenario.pods().get(uid).file()));
    if (!lost.isEmpty()) {
      throw new AssertionError(at + "pods logged admitted or restored, whose files are still there, are not in "
          + "the state: " + lost);
    }
    PodResourcesView previous = managers.podResources(last.state(), last.activePods());
    for (Pod pod : after.activePods()) {
      Optional<PodResources> then = previous.pod(pod.name(), pod.namespace());
      if (before.contains(pod.uid()) && !then.equals(view.pod(pod.name(), pod.namespace()))) {
        throw new AssertionError(at + "pod " + pod.name() + " was allocated again: " + then + " became "
            + view.pod(pod.name(), pod.namespace()));
      }
    }
    List<String> books = ResourceLedger.problems(AgentFixtures.MACHINE, after);
    if (!books.isEmpty()) {
      throw new AssertionError(at + "the saved state's books do not balance: " + books);
    }
    LifeReplay replay = new LifeReplay(AgentFixtures.POD_SCOPE, AgentFixtures.MACHINE, last, manifests);
    try {
      log.forEach(replay::replay);
      replay.settle(after, presentUids());
    } catch (AssertionError e) {
      throw new AssertionError(at + e.getMessage() + "; the life's log: " + log, e);
    }
    boolean started = log.stream().anyMatch(line -> event(line).equals("started"));
    if (started) {
      checkCgroups(at, replay.cgroupValues());
    }
    if (answer.isPresent() && !replay.views().contains(answer.get())) {
      throw new AssertionError(at + "the List answer " + answer.get() + " is the view of none of the states the life"
          + " saved: " + replay.views());
    }
    last = after;
    return new Checked(replay.unloggedChange(), started);
  }

  /** Every container's cgroup holds one of the values {@code allowed} gives it (empty: no cgroup). */
  private void checkCgroups(String at, Map<ContainerRef, Set<Optional<CpusetWrite>>> allowed) {
    allowed.forEach((container, values) -> {
      Optional<CpusetWrite> onDisk = tree.read(container.podUid(), container.containerName());
      if (!values.contains(onDisk)) {
        throw new AssertionError(at + "the cgroup of " + container.podUid() + "/" + container.containerName()
            + " holds " + onDisk + ", the state gives " + values);
      }
    });
  }

  private Set<String> presentUids() {
    Set<String> uids = new HashSet<>();
    scenario.pods().values().stream().filter(pod -> present.contains(pod.file())).forEach(pod -> uids.add(pod.uid()));
    return uids;
  }

  private Landing landing(List<JsonNode> log, Set<String> atStart, NodeSnapshot before) {
    if (log.stream().noneMatch(line -> event(line).equals("started"))) {
      return Landing.START_UP;
    }
    Set<String> keptSinceStart = new TreeSet<>(atStart);
    keptSinceStart.retainAll(present);
    if (!decidedAll(log, keptSinceStart)) {
      return Landing.FIRST_SCAN;
    }
    Set<String> held = uids(before);
    for (JsonNode line : log) {
      switch (event(line)) {
        case "admitted", "restored" -> held.add(line.get("uid").asText());
        case "removed" -> held.remove(line.get("uid").asText());
        default -> {
        }
      }
    }
    boolean releasesDone = held.stream().allMatch(uid -> present.contains(scenario.pods().get(uid).file()));
    return decidedAll(log, present) && releasesDone ? Landing.IDLE : Landing.BUSY;
  }

  /**
   * Whether the kill left admissions or releases to do: a file of the folder whose pod is not in the
   * state and was not rejected by the life, or a pod in the state whose file is gone.
   */
  private boolean workPending(List<JsonNode> log, NodeSnapshot after) {
    Set<String> rejected = new HashSet<>();
    log.stream().filter(line -> !event(line).equals("admitted") && !event(line).equals("restored"))
        .filter(line -> DECISIONS.contains(event(line))).forEach(line -> rejected.add(line.get("file").asText()));
    Set<String> saved = uids(after);
    boolean admissions = scenario.pods().values().stream()
        .anyMatch(pod -> present.contains(pod.file()) && !saved.contains(pod.uid()) && !rejected.contains(pod.file()));
    boolean releases = saved.stream().anyMatch(uid -> !present.contains(scenario.pods().get(uid).file()));
    return admissions || releases;
  }

  private static boolean decidedAll(List<JsonNode> log, Set<String> files) {
    Set<String> decidedHere = new HashSet<>();
    log.stream().filter(line -> DECISIONS.contains(event(line)))
        .forEach(line -> decidedHere.add(line.get("file").asText()));
    return decidedHere.containsAll(files);
  }

  private static int count(List<JsonNode> log, String event) {
    return (int) log.stream().filter(line -> event(line).equals(event)).count();
  }

  private static String event(JsonNode line) {
    return line.get("event").asText();
  }

  private static Set<String> uids(NodeSnapshot snapshot) {
    Set<String> uids = new HashSet<>();
    snapshot.activePods().forEach(pod -> uids.add(pod.uid()));
    return uids;
  }

  private String where(String life) {
    return "loop " + loop + ", " + life + " (" + dir + "): ";
  }

  private static void parkUntil(long nanoTime) throws InterruptedException {
    for (long left = nanoTime - System.nanoTime(); left > 0; left = nanoTime - System.nanoTime()) {
      LockSupport.parkNanos(left);
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
    }
  }
}
