package io.podtopo.app.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.app.agent.AgentKillLoop.Landing;
import io.podtopo.app.agent.TestPod.Kind;
import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.ports.in.NodeSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rule AG-3, issue 8 acceptance: killing the agent (SIGKILL) during a burst of admissions and restarting it
 * loses nothing and allocates nothing twice, at 200 kill points or more. {@code podtopo agent} runs
 * as a child JVM on {@code demo-2s} with {@code examples/kubelet/pod-scope.yaml}, a pods folder
 * that a {@link KillScenario} fills (1- and 2-CPU Guaranteed pods, pod-level pods with a shared
 * sidecar, pods rejected whatever the node holds) and empties again, and a state folder; it is killed
 * at a random instant of every life and started again on the same folders, pinning containers in a
 * cgroup tree of its own and serving PodResources on a socket ({@link AgentKillLoop}, whose Javadoc
 * lists the checks made after every kill: the state file never refused, the §15 invariants, no CPU in
 * two pods, nothing admitted again that was restored, every pod logged admitted or restored still
 * saved unless its file is gone, the state exactly the old or the new one, no CPU or memory leaked or
 * held twice, the cgroup files as the state says, a {@code List} answer the view of a saved state).
 * Two loops run side by side, each on folders of its own, with {@code -D}{@value #FULL_PROPERTY}{@code =true}
 * (the profile {@code full-counts}, which {@code .ci/run} runs after verify): the 200 kills asked
 * before; {@code ./mvnw -B verify} runs one loop of {@value #KILLS_PER_LOOP} kills, every check
 * the same, and {@code -D}{@value #LOOPS_PROPERTY}{@code =N} runs N loops. A loop plays the whole
 * scenario whatever its count (more lives when it is not over by then). {@link AgentKillAtScaleTest}
 * runs the same with 10,000 kills or more ({@code -Pkill-at-scale}). The store's own crash test is
 * STORE-7 ({@code CrashConsistencyTest}); restored allocations kept as they are is P§8.3 (NA-4,
 * PLR-9).
 *
 * <p><b>The final state equals the uninterrupted run's.</b> After the last kill, a last life is let
 * settle and stopped with SIGTERM; its state must equal, pod for pod and CPU for CPU, the state of
 * {@link KillScenario#reference}: a node synced once after each phase, never killed. That equality is
 * expected, not just hoped for, because every interrupted history makes the same allocating operations
 * in the same order as the reference, and a repeated decision changes nothing:
 *
 * <ul>
 *   <li>Within a phase files are only added, in name order, each whole (renamed into place). The
 *       agent admits a scan's new files in name order, and a restarted agent restores what its state
 *       holds and admits the rest in name order, so admissions follow name order across kills. (A
 *       directory listing taken while a file is renamed in could in principle see a later file and not
 *       an earlier one; the files are written milliseconds apart and a small folder is listed by one
 *       {@code getdents} call, which a rename does not interleave with.)</li>
 *   <li>A removal phase starts only once the agent logged a decision on the last file added before it
 *       (the agent decides files in name order, so all of them were decided): removals never overtake
 *       the admissions they follow. An add phase after a removal phase needs no barrier: any scan that
 *       sees one of its files also sees every removal before it (written earlier), and a scan releases
 *       before it admits; a restarted agent releases the pods no manifest holds before it admits.</li>
 *   <li>Rejections are repeated identically: a pod rejected is not retried by the same life, but a
 *       restarted agent retries it. Before the last phase, the only rejected pods are rejected whatever
 *       the node holds (an empty pod shared pool); in the last phase capacity only shrinks, so a pod
 *       rejected for want of CPUs is rejected again when a restart retries it. Were a capacity
 *       rejection followed by releases, a restart could admit the pod the reference keeps rejected:
 *       the scenario is built so that this cannot happen, and the test checks that its reference run
 *       rejects as described ({@link KillScenario.Reference#rejectedByPhase}).</li>
 *   <li>A kill between a save and its log line leaves the change in the state: the next life restores
 *       it (or releases it, its file gone) instead of making it again.</li>
 * </ul>
 *
 * <p>The test prints, for the closing note, the kill points by landing, what the lives logged, how
 * many kills had their cgroup files checked, the {@code List} probes by outcome and the wall time;
 * {@code -D}{@value #SEED_PROPERTY}{@code =SEED} replays the draws of a run. The settled agent's
 * {@code List} answer must equal the uninterrupted run's view too.
 */
class AgentKillTest {

  static final String SEED_PROPERTY = "podtopo.agentkilltest.seed";
  /** The system property of the count of loops side by side. */
  static final String LOOPS_PROPERTY = "podtopo.agentkilltest.loops";
  /** The system property of the full counts and lengths of the long tests (profile {@code full-counts}). */
  static final String FULL_PROPERTY = "podtopo.tests.full";
  private static final int FULL_LOOPS = 2;
  private static final int KILLS_PER_LOOP = 100;

  @TempDir
  Path dir;

  @Test
  @Timeout(value = 20, unit = TimeUnit.MINUTES)
  void killingTheAgentDuringABurstOfAdmissionsLosesNothingAndAllocatesNothingTwice_ag3() throws Exception {
    int loops = Integer.getInteger(LOOPS_PROPERTY, Boolean.getBoolean(FULL_PROPERTY) ? FULL_LOOPS : 1);
    killAndRestart(dir, loops, KILLS_PER_LOOP, "AgentKillTest");
  }

  /**
   * The run the class Javadoc describes: {@code loopCount} loops side by side in {@code dir}, each killing
   * the agent at least {@code killsPerLoop} times, then settled and compared with the reference; prints
   * its numbers as {@code name}.
   */
  static void killAndRestart(Path dir, int loopCount, int killsPerLoop, String name) throws Exception {
    KillScenario scenario = new KillScenario();
    KillScenario.Reference reference = scenario.reference(Files.createDirectories(dir.resolve("reference")));
    assertScenarioAsDescribed(scenario, reference);
    long seed = Long.getLong(SEED_PROPERTY, System.nanoTime());
    long start = System.nanoTime();

    List<AgentKillLoop.Result> results = new ArrayList<>();
    List<AgentKillLoop.Settled> settled = new ArrayList<>();
    List<AgentKillLoop> loops = new ArrayList<>();
    ExecutorService threads = Executors.newFixedThreadPool(loopCount);
    try {
      List<Future<AgentKillLoop.Result>> running = new ArrayList<>();
      for (int i = 0; i < loopCount; i++) {
        AgentKillLoop loop = new AgentKillLoop(i, scenario, Files.createDirectories(dir.resolve("loop-" + i)));
        loops.add(loop);
        long loopSeed = seed + i;
        running.add(threads.submit(() -> loop.run(killsPerLoop, loopSeed)));
      }
      for (Future<AgentKillLoop.Result> result : running) {
        results.add(result.get());
      }
      for (AgentKillLoop loop : loops) {
        settled.add(loop.settle());
      }
    } finally {
      threads.shutdownNow();
      threads.awaitTermination(1, TimeUnit.MINUTES);
    }
    long wall = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

    results.forEach(result -> System.out.println(name + " " + result.summary()));
    Map<Landing, Integer> landings = new EnumMap<>(Landing.class);
    results.forEach(result -> result.landings()
        .forEach((landing, count) -> landings.merge(landing, count, Integer::sum)));
    Map<String, Integer> probes = new TreeMap<>();
    results.forEach(result -> result.probes().forEach((outcome, count) -> probes.merge(outcome, count, Integer::sum)));
    int kills = results.stream().mapToInt(result -> result.kills().size()).sum();
    String total = name + ": " + kills + " SIGKILLs, " + landings.get(Landing.START_UP) + " in start-up, "
        + landings.get(Landing.FIRST_SCAN) + " in the first scan, " + landings.get(Landing.BUSY)
        + " during admissions or releases of a later scan, " + landings.get(Landing.IDLE) + " idle; "
        + results.stream().mapToInt(AgentKillLoop.Result::withWorkPending).sum() + " with admissions or releases"
        + " pending, " + results.stream().mapToInt(AgentKillLoop.Result::unlogged).sum()
        + " with a saved change not yet logged (the new state); cgroup files checked after "
        + results.stream().mapToInt(AgentKillLoop.Result::cgroupsChecked).sum() + " kills; List probes by outcome "
        + probes + "; wall time " + wall / 1000.0 + " s with the reference and the settling; seed " + seed + " (-D"
        + SEED_PROPERTY + "=" + seed + " replays the draws)";
    System.out.println(total);

    assertThat(kills).as(total).isGreaterThanOrEqualTo(loopCount * killsPerLoop);
    assertThat(landings).as("kills land everywhere: " + total)
        .allSatisfy((landing, count) -> assertThat(count).isPositive());
    assertThat(probes.getOrDefault(AgentKillLoop.ANSWERED, 0)).as("List answers checked: " + total).isPositive();
    for (int i = 0; i < loopCount; i++) {
      assertSettledLikeTheReference(loops.get(i), settled.get(i), scenario, reference);
    }
  }

  /**
   * The checks the Javadoc's argument rests on: before the last phase only pods rejected whatever the
   * node holds are rejected; the last phase has pods rejected for want of room.
   */
  private static void assertScenarioAsDescribed(KillScenario scenario, KillScenario.Reference reference) {
    List<Set<String>> rejected = reference.rejectedByPhase();
    for (int phase = 0; phase < rejected.size() - 1; phase++) {
      assertThat(rejected.get(phase)).as("phase " + phase + " rejects only pods with an empty shared pool")
          .allSatisfy(uid -> assertThat(scenario.pods().get(uid).kind()).isEqualTo(Kind.EMPTY_SHARED_POOL));
    }
    assertThat(rejected.get(rejected.size() - 1)).as("the last phase rejects pods for want of room")
        .anySatisfy(uid -> assertThat(scenario.pods().get(uid).kind()).isNotEqualTo(Kind.EMPTY_SHARED_POOL));
  }

  private static void assertSettledLikeTheReference(AgentKillLoop loop, AgentKillLoop.Settled settled,
      KillScenario scenario, KillScenario.Reference reference) {
    assertThat(loop.present()).as("the folder the loop left").isEqualTo(scenario.finalFiles());
    // A restart forgets what the Topology Manager keeps in memory (D-43): the hints stored and the
    // containers seen starting before it; the rest of the state is the uninterrupted run's.
    assertThat(withoutTopologyManagerMemory(settled.snapshot())).as("the settled state against the uninterrupted run's")
        .isEqualTo(withoutTopologyManagerMemory(reference.snapshot()));
    settled.snapshot().state().topologyHints().forEach((uid, hints) -> assertThat(hints)
        .as("hints stored since the last restart").isEqualTo(reference.snapshot().state().topologyHints().get(uid)));
    assertThat(settled.answer()).as("the settled agent's List answer against the uninterrupted run's view")
        .isEqualTo(NodeResourceManagers.create(AgentFixtures.POD_SCOPE, AgentFixtures.MACHINE)
            .podResources(reference.snapshot().state(), reference.snapshot().activePods()));
    for (TestPod pod : scenario.pods().values()) {
      if (!scenario.finalFiles().contains(pod.file())) {
        continue;
      }
      List<String> decisions = settled.log().stream()
          .filter(line -> pod.file().equals(line.path("file").asText()))
          .map(line -> (line.get("event").asText() + " " + line.path("reason").asText()).strip()).toList();
      String reason = reference.rejections().get(pod.uid());
      assertThat(decisions).as("the last life's decisions on " + pod.file()).singleElement()
          .isIn(reason == null ? List.of("restored", "admitted") : List.of("rejected " + reason));
    }
    JsonNode last = settled.log().get(settled.log().size() - 1);
    assertThat(last.get("event").asText()).as("SIGTERM stops the agent cleanly").isEqualTo("stopped");
    assertThat(last.get("pods").asInt()).isEqualTo(reference.snapshot().activePods().size());
    assertThat(settled.exitStatus()).as("exit status after SIGTERM").isIn(0, 143);
  }

  private static NodeSnapshot withoutTopologyManagerMemory(NodeSnapshot snapshot) {
    return new NodeSnapshot.Builder().from(snapshot).state(new NodeState.Builder().from(snapshot.state())
        .topologyHints(TrackedSortedMap.empty()).startedContainers(TrackedSortedMap.empty()).build()).build();
  }
}
