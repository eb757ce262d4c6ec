package io.podtopo.app.agent;

import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.app.agent.TestPod.Kind;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.in.NodeSnapshot;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The folder history {@link AgentKillLoop} plays while it kills the agent, on {@code demo-2s} with
 * {@code examples/kubelet/pod-scope.yaml} (30 allocatable CPUs, restricted, pod scope): five phases,
 * adds, removals, adds, removals, adds, files named so that name order is write order.
 *
 * <ul>
 *   <li>The adds of every phase but the last fit (the reference run admits them all, but for the
 *       pods rejected whatever the node holds, {@link Kind#EMPTY_SHARED_POOL}); the last phase asks for
 *       more than is left, so some of its pods are rejected for want of CPUs.</li>
 *   <li>A removal phase starts only once the agent has decided the last file added before it
 *       (its barrier, {@link #barrierBefore}); an add phase needs none.</li>
 * </ul>
 *
 * <p>{@link #reference} is an uninterrupted run: a node over the fake adapters, synced by
 * {@link PodsFolderSync} once after each phase.
 */
final class KillScenario {

  /** One change of the folder. */
  record Op(TestPod pod, boolean add) {}

  /** What the reference run gives: the final node, and every rejection's reason by uid. */
  record Reference(NodeSnapshot snapshot, Map<String, String> rejections, List<Set<String>> rejectedByPhase) {}

  private static final String ADDS_1 = "1 1 2 p 1 x 1 2 1 p 1 1 2 1";
  private static final int[] REMOVALS_1 = {0, 2, 5, 6, 9, 10};
  private static final String ADDS_2 = "2 1 p 1 1 x 2 1 p";
  private static final int[] REMOVALS_2 = {1, 3, 14, 16, 18, 12};
  private static final String ADDS_3 = "p 2 1 p 2 1 p 1 2 1 p 1";

  private final List<List<Op>> phases = new ArrayList<>();
  private final Map<String, TestPod> pods = new LinkedHashMap<>();

  KillScenario() {
    List<TestPod> added = new ArrayList<>();
    phases.add(adds(ADDS_1, added));
    phases.add(removals(REMOVALS_1, added));
    phases.add(adds(ADDS_2, added));
    phases.add(removals(REMOVALS_2, added));
    phases.add(adds(ADDS_3, added));
    added.forEach(pod -> pods.put(pod.uid(), pod));
  }

  List<List<Op>> phases() {
    return phases;
  }

  /** Every pod of the scenario by uid, in file order. */
  Map<String, TestPod> pods() {
    return pods;
  }

  /** The containers PodResources lists, by pod name. */
  Map<String, List<String>> reportedContainers() {
    Map<String, List<String>> containers = new LinkedHashMap<>();
    pods.values().forEach(pod -> containers.put(pod.name(), pod.reportedContainers()));
    return containers;
  }

  /**
   * Every pod of the scenario by uid as the agent reads it: written into the empty folder
   * {@code folder} and scanned as the agent scans.
   */
  Map<String, Pod> manifests(Path folder) {
    pods.values().forEach(pod -> write(folder, pod));
    Map<String, Pod> read = new LinkedHashMap<>();
    new PodsFolder(folder, "manifests", false).scan().values()
        .forEach(file -> file.pods().forEach(pod -> read.put(pod.uid(), pod)));
    if (!read.keySet().equals(pods.keySet())) {
      throw new IllegalStateException("the scan of " + folder + " gives pods " + read.keySet() + ", not "
          + pods.keySet());
    }
    return read;
  }

  /** The file the agent must have decided before phase {@code phase} starts; empty: none needed. */
  Optional<String> barrierBefore(int phase) {
    if (phase == 0 || phases.get(phase).get(0).add()) {
      return Optional.empty();
    }
    List<Op> adds = phases.get(phase - 1);
    return Optional.of(adds.get(adds.size() - 1).pod().file());
  }

  /** The files of the folder once every phase is played. */
  Set<String> finalFiles() {
    Set<String> files = new TreeSet<>();
    phases.forEach(phase -> phase.forEach(op -> {
      if (op.add()) {
        files.add(op.pod().file());
      } else {
        files.remove(op.pod().file());
      }
    }));
    return files;
  }

  /** Writes {@code pod}'s manifest into {@code folder} as a whole: a dot file renamed onto its name. */
  static void write(Path folder, TestPod pod) {
    try {
      Path temp = Files.writeString(folder.resolve("." + pod.file() + ".tmp"), pod.yaml());
      Files.move(temp, folder.resolve(pod.file()), StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void apply(Path folder, Op op) {
    if (op.add()) {
      write(folder, op.pod());
    } else {
      try {
        Files.delete(folder.resolve(op.pod().file()));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** The uninterrupted run, played in the empty folder {@code folder}. */
  Reference reference(Path folder) {
    NodeResourceManager node = AgentFixtures.node(AgentFixtures.POD_SCOPE, new InMemoryAllocationStore());
    StringWriter text = new StringWriter();
    PodsFolderSync sync = new PodsFolderSync(node, new DecisionLog(new PrintWriter(text), AgentFixtures.CLOCK));
    PodsFolder scans = new PodsFolder(folder, "reference", false);
    List<Set<String>> rejectedByPhase = new ArrayList<>();
    Map<String, String> rejections = new LinkedHashMap<>();
    for (List<Op> phase : phases) {
      phase.forEach(op -> apply(folder, op));
      int before = AgentFixtures.lines(text.toString()).size();
      sync.sync(scans.scan());
      Set<String> rejected = new TreeSet<>();
      AgentFixtures.lines(text.toString()).stream().skip(before)
          .filter(line -> line.get("event").asText().equals("rejected"))
          .forEach(line -> {
            rejected.add(line.get("uid").asText());
            rejections.put(line.get("uid").asText(), line.get("reason").asText());
          });
      rejectedByPhase.add(rejected);
    }
    return new Reference(node.snapshot(), rejections, rejectedByPhase);
  }

  private List<Op> adds(String kinds, List<TestPod> added) {
    List<Op> ops = new ArrayList<>();
    for (String tag : kinds.split(" ")) {
      Kind kind = switch (tag) {
        case "1" -> Kind.GUARANTEED_1;
        case "2" -> Kind.GUARANTEED_2;
        case "p" -> Kind.POD_LEVEL_3;
        case "x" -> Kind.EMPTY_SHARED_POOL;
        default -> throw new IllegalArgumentException(tag);
      };
      TestPod pod = TestPod.numbered("pod", added.size(), kind);
      added.add(pod);
      ops.add(new Op(pod, true));
    }
    return ops;
  }

  private static List<Op> removals(int[] numbers, List<TestPod> added) {
    List<Op> ops = new ArrayList<>();
    for (int number : numbers) {
      ops.add(new Op(added.get(number), false));
    }
    return ops;
  }
}
