package io.podtopo.app.agent;

import io.podtopo.adapters.grpc.PodResourcesClient;
import io.podtopo.app.agent.TestPod.Kind;
import io.podtopo.app.input.KubeletConfigFile;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The pods folder of the agent's load tests ({@link AgentLoadTest}, {@link AgentSoakTest}) and the
 * checks of the answers an agent on it gives. The node is {@code epyc-9654-2s-nps4} with the built-in
 * kubelet configuration fitted to it (pod scope, restricted); the folder holds 125 pod-level pods of 2
 * CPUs and 2Gi (an exclusive 1-CPU app, a shared sidecar and log container) and 125 BestEffort pods
 * of two containers, written before the agent starts. {@link #churn} adds a 2-CPU pod-level pod and
 * removes the one added eight steps before every 250 ms; at the agent's default scan interval of a
 * second, each scan admits and removes about four pods.
 *
 * <p>An answer is consistent ({@link #problem(PodResourcesView)}) when {@link PodResourcesConsistency}
 * finds nothing (no CPU in two pods, container CPUs inside their pod's, every pod with exactly the
 * containers its manifest declares, so never a half-admitted pod) and all 250 pods are in it.
 */
final class ChurnedPodsFolder {

  /** The catalog machine the agent runs on. */
  static final String MACHINE = "epyc-9654-2s-nps4";
  private static final int PODS_OF_EACH_KIND = 125;
  private static final int CHURN_MILLIS = 250;
  private static final int CHURN_KEPT = 8;

  private final Path folder;
  private final int maxSteps;
  private final List<String> base = new ArrayList<>();
  private final Map<String, List<String>> containers = new HashMap<>();
  private volatile int made;

  /**
   * Writes the 250 pods into the empty folder {@code folder}; {@link #churn} makes at most
   * {@code maxSteps} steps.
   */
  ChurnedPodsFolder(Path folder, int maxSteps) {
    this.folder = folder;
    this.maxSteps = maxSteps;
    for (int i = 0; i < 2 * PODS_OF_EACH_KIND; i++) {
      TestPod pod = TestPod.numbered("base", i, i % 2 == 0 ? Kind.POD_LEVEL_2 : Kind.BEST_EFFORT);
      KillScenario.write(folder, pod);
      containers.put(pod.name(), pod.reportedContainers());
      base.add(pod.name());
    }
    for (int i = 0; i < maxSteps; i++) {
      containers.put(churned(i).name(), churned(i).reportedContainers());
    }
  }

  /** The names of the 250 pods written before the start, all in namespace {@code default}. */
  List<String> base() {
    return List.copyOf(base);
  }

  /**
   * {@code podtopo agent}'s arguments for this folder, a state folder and a PodResources socket: the
   * built-in kubelet configuration with {@code maxPods} raised above the 250 pods and the churn (the
   * kubelet's default 110 would refuse the 111th pod, NA-22), written beside the state folder.
   */
  List<String> agentArguments(Path state, Path socket, String rateLimit) {
    Path kubeletConfig = state.resolveSibling("kubelet-config.yaml");
    try (InputStream builtIn = KubeletConfigFile.class.getResourceAsStream(KubeletConfigFile.DEFAULT_RESOURCE)) {
      Files.writeString(kubeletConfig, new String(builtIn.readAllBytes(), StandardCharsets.UTF_8) + "maxPods: 300\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return List.of("--machine", MACHINE, "--kubelet-config", kubeletConfig.toString(), "--pods-dir", folder.toString(),
        "--state-dir", state.toString(), "--socket", socket.toString(), "--rate-limit", rateLimit);
  }

  /** Churn pod {@code i}: a 2-CPU pod-level pod. */
  static TestPod churned(int i) {
    return TestPod.numbered("churn", i, Kind.POD_LEVEL_2);
  }

  /**
   * Adds churn pod i and removes pod i - 8 every 250 ms until {@code stopped} holds or the steps are
   * all made; returns the steps made.
   */
  int churn(BooleanSupplier stopped) throws IOException, InterruptedException {
    int step = 0;
    while (!stopped.getAsBoolean() && step < maxSteps) {
      KillScenario.write(folder, churned(step));
      if (step >= CHURN_KEPT) {
        Files.delete(folder.resolve(churned(step - CHURN_KEPT).file()));
      }
      made = ++step;
      Thread.sleep(CHURN_MILLIS);
    }
    return step;
  }

  /** The churn steps made so far: churn pods {@code made - 8} to {@code made - 1} are in the folder. */
  int made() {
    return made;
  }

  /** The first problem of a {@code List} answer; empty when it is consistent and holds the 250 pods. */
  Optional<String> problem(PodResourcesView view) {
    Optional<String> problem = PodResourcesConsistency.problem(view, containers);
    if (problem.isPresent()) {
      return problem;
    }
    Set<String> listed = new HashSet<>();
    view.pods().forEach(pod -> listed.add(pod.name()));
    return listed.containsAll(base) ? Optional.empty() : Optional.of("a pod of the 250 is missing");
  }

  /** The first problem of a {@code Get} answer for one pod; empty when it is consistent. */
  Optional<String> problem(PodResources pod) {
    return PodResourcesConsistency.problem(new PodResourcesView.Builder().addPods(pod).build(), containers);
  }

  /**
   * One client's {@code List} answers as the agent encoded them ({@link PodResourcesClient#listEncoded}),
   * each checked: one with the same bytes as the last answer this client checked is that answer, with its
   * verdict (the agent serves one state as one byte string until the node changes, D-28); any other is
   * looked up among the answers the clients of this folder saw lately ({@link #VERDICTS_KEPT} kept,
   * {@link #verdict}), so that the clients decode each new state once between them, not once each. Not
   * thread-safe: one per client.
   */
  final class ListAnswers {

    private byte[] checked;
    private Optional<String> verdict = Optional.empty();

    /**
     * The answer's first problem, empty when it is consistent; an answer decoded (the first time any
     * client of the folder saw it) is given to {@code decoded} too.
     */
    Optional<String> check(byte[] encoded, Consumer<PodResourcesView> decoded) {
      if (!Arrays.equals(encoded, checked)) {
        verdict = verdict(encoded, decoded);
        checked = encoded;
      }
      return verdict;
    }
  }

  /** How many answers' verdicts the clients share, the newest kept. */
  static final int VERDICTS_KEPT = 16;

  private final Map<Answer, CompletableFuture<Optional<String>>> verdicts = new LinkedHashMap<>() {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Answer, CompletableFuture<Optional<String>>> eldest) {
      return size() > VERDICTS_KEPT;
    }
  };

  /**
   * The first problem of an encoded answer: decoded and checked in full by the first client to see it,
   * the others waiting for that verdict rather than decoding it again (16 clients seeing a new state at
   * once would otherwise decode it 16 times over on the cores the calls share).
   */
  private Optional<String> verdict(byte[] encoded, Consumer<PodResourcesView> decoded) {
    Answer answer = new Answer(encoded);
    CompletableFuture<Optional<String>> mine = new CompletableFuture<>();
    CompletableFuture<Optional<String>> known;
    synchronized (verdicts) {
      known = verdicts.putIfAbsent(answer, mine);
    }
    if (known != null) {
      return known.join();
    }
    try {
      PodResourcesView view = PodResourcesClient.decodeList(encoded);
      decoded.accept(view);
      mine.complete(problem(view).map(text -> text + " in " + view));
    } catch (RuntimeException e) {
      mine.completeExceptionally(e);
    }
    return mine.join();
  }

  /** An encoded answer as a key: its bytes, compared whole. */
  private record Answer(byte[] bytes, int hash) {

    Answer(byte[] bytes) {
      this(bytes, Arrays.hashCode(bytes));
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Answer answer && hash == answer.hash && Arrays.equals(bytes, answer.bytes);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public String toString() {
      return bytes.length + " bytes";
    }
  }
}
