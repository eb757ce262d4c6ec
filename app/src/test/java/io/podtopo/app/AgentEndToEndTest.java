package io.podtopo.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.grpc.PodResourcesClient;
import io.podtopo.adapters.grpc.RateLimit;
import io.podtopo.app.agent.AgentOptions;
import io.podtopo.app.agent.PodsFolder;
import io.podtopo.app.input.FieldValidation;
import io.podtopo.app.input.KubeletConfigFile;
import io.podtopo.app.input.NodeSettings;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.topology.CpuSet;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent end to end over a real Unix socket (issue 8 acceptance): built by Dagger, it admits the
 * KEP-5526 examples dropped into its pods folder and serves them over PodResources v1 as P§9.2
 * describes, in pod scope and container scope, as {@code inspect} shows them and {@code audit}
 * passes them; a removed manifest disappears from the answer; a
 * restarted agent serves the same allocations without allocating again; the kubelet's metrics are
 * served over HTTP. Rules AG-2, AG-3, PR-2.
 */
class AgentEndToEndTest {

  private static final Path EXAMPLES = Path.of("../examples");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long GiB = 1024L * 1024 * 1024;

  @TempDir
  Path work;

  private final StringWriter log = new StringWriter();
  private RunningAgent running;

  @AfterEach
  void stopAgent() throws InterruptedException {
    stop();
  }

  @Test
  void podScopeReportsTheBubbleAtPodLevelAndOnlyExclusiveSlicesAtContainerLevel() throws Exception {
    Path pods = Files.createDirectory(work.resolve("pods"));
    Path socket = start("pod-scope.yaml", pods);
    copy("pod-scope", "02-mixed.yaml", pods);
    copy("pod-scope", "04-init-and-sidecars.yaml", pods);
    PodResourcesView view;
    CpuSet mixedPool;

    try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
      view = awaitView(client, answer -> answer.pods().size() == 2);
      PodResources mixed = view.pod("pod-scope-mixed", "default").orElseThrow();

      assertThat(mixed.cpuIds().size()).as("pod cpu_ids: the whole 5-CPU bubble").isEqualTo(5);
      assertThat(mixed.memory()).extracting(MemoryBlock::type, MemoryBlock::size)
          .containsExactly(org.assertj.core.groups.Tuple.tuple("memory", 6 * GiB));
      assertThat(container(mixed, "metrics-sidecar").cpuIds().size()).isEqualTo(1);
      assertThat(container(mixed, "main-app").cpuIds().size()).isEqualTo(3);
      assertThat(container(mixed, "logging-sidecar").cpuIds()).as("a pod-shared container reports nothing").isEmpty();
      assertThat(container(mixed, "logging-sidecar").memory()).isEmpty();
      assertThat(container(mixed, "main-app").memory()).extracting(MemoryBlock::size).containsExactly(4 * GiB);
      CpuSet slices = container(mixed, "metrics-sidecar").cpuIds().union(container(mixed, "main-app").cpuIds());
      assertThat(slices.isSubsetOf(mixed.cpuIds())).as("container sets inside the pod set").isTrue();
      mixedPool = mixed.cpuIds().difference(slices);
      assertThat(mixedPool.size()).as("the pod shared pool, derived").isEqualTo(1);
      PodResources sidecars = view.pod("init-and-sidecars", "default").orElseThrow();
      assertThat(sidecars.cpuIds().intersects(mixed.cpuIds())).as("bubbles are disjoint").isFalse();
      assertThat(client.get("default", "pod-scope-mixed")).contains(mixed);
    }
    JsonNode inspected = JSON.readTree(command("inspect", "--socket", socket.toString(), "--format", "json"));
    JsonNode mixedJson = inspected.get("pods").get(0);
    assertThat(mixedJson.get("name").asText()).as("admission order").isEqualTo("pod-scope-mixed");
    assertThat(mixedJson.get("cpuIds").asText())
        .isEqualTo(view.pod("pod-scope-mixed", "default").orElseThrow().cpuIds().toString());
    assertThat(mixedJson.get("containers").get(2).get("cpuIds").asText()).as("logging-sidecar").isEmpty();
    assertThat(mixedJson.get("sharedPool").get("cpuIds").asText()).as("inspect derives the pod shared pool")
        .isEqualTo(mixedPool.toString());
    assertThat(command("audit", "--socket", socket.toString(), "--scope", "pod")).as("audit passes on the agent")
        .contains("0 failed");
    String metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(running.agent().metricsUri().orElseThrow()).build(),
        HttpResponse.BodyHandlers.ofString()).body();
    assertThat(metrics.lines()).as("the kubelet's metrics, served by the agent: 2 pods; 5 exclusive containers "
        + "(metrics-sidecar, main-app; setup, proxy, app) and 2 on pod shared pools").contains(
        "kubelet_topology_manager_admission_requests_total 2.0",
        "kubelet_topology_manager_admission_duration_ms_count 2",
        "resource_manager_container_assignments{assignment_type=\"pod_exclusive\",resource_name=\"cpu\"} 5.0",
        "resource_manager_container_assignments{assignment_type=\"pod_shared\",resource_name=\"cpu\"} 2.0");
    assertThat(log.toString()).contains("\"event\":\"admitted\",\"file\":\"02-mixed.yaml\"");
  }

  @Test
  void containerScopeLeavesThePodLevelFieldsEmpty() throws Exception {
    Path pods = Files.createDirectory(work.resolve("pods"));
    Path socket = start("container-scope.yaml", pods);
    copy("container-scope", "01-mixed.yaml", pods);
    copy("container-scope", "02-pod-only.yaml", pods);

    try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
      PodResourcesView view = awaitView(client, answer -> answer.pods().size() == 2);

      assertThat(view.pods()).allSatisfy(pod -> {
        assertThat(pod.cpuIds()).as(pod.name() + " cpu_ids").isEmpty();
        assertThat(pod.memory()).as(pod.name() + " memory").isEmpty();
      });
      PodResources mixed = view.pod("container-scope-mixed", "default").orElseThrow();
      assertThat(container(mixed, "database").cpuIds().size()).as("exclusive from the node pool").isEqualTo(2);
      assertThat(container(mixed, "backup-agent").cpuIds()).as("on the node shared pool: empty").isEmpty();
    }
    JsonNode inspected = JSON.readTree(command("inspect", "--socket", socket.toString(), "--format", "json"));
    assertThat(inspected.get("pods")).hasSize(2).allSatisfy(pod -> assertThat(pod.get("cpuIds").asText()).isEmpty());
    assertThat(command("audit", "--socket", socket.toString(), "--scope", "container"))
        .as("audit passes on the agent, the pod-level fields checked empty")
        .containsPattern("pod-fields-empty-outside-pod-scope +pass").contains("0 failed");
  }

  @Test
  void aRemovedManifestLeavesTheAnswerAndARestartedAgentServesTheSameAllocations() throws Exception {
    Path pods = Files.createDirectory(work.resolve("pods"));
    Path socket = start("pod-scope.yaml", pods);
    copy("pod-scope", "01-shared-only.yaml", pods);
    Path mixed = copy("pod-scope", "02-mixed.yaml", pods);
    PodResourcesView before;
    try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
      awaitView(client, answer -> answer.pods().size() == 2);
      Files.delete(mixed);
      before = awaitView(client, answer -> answer.pods().size() == 1);
      assertThat(before.pods()).extracting(PodResources::name).containsExactly("shared-only");
    }
    stop();
    assertThat(socket).as("closed: the socket is removed").doesNotExist();

    start("pod-scope.yaml", pods);
    try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
      assertThat(awaitView(client, answer -> log.toString().contains("\"event\":\"restored\""))).isEqualTo(before);
    }
    assertThat(log.toString()).contains("\"event\":\"started\",\"pods\":\"1\"");
  }

  private Path start(String kubeletConfig, Path pods) {
    Path socket = work.resolve("pod-resources.sock");
    LinuxNode node = LinuxNode.unenforced(CatalogMachineSource.of("demo-2s"), work.resolve("state"));
    AgentOptions options = new AgentOptions(new PodsFolder(pods, "node-a", false), Duration.ofMillis(20),
        Optional.of(socket), new RateLimit(10_000, 1_000),
        Optional.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)));
    NodeSettings settings = KubeletConfigFile.read(EXAMPLES.resolve("kubelet").resolve(kubeletConfig),
        FieldValidation.strict());
    running = RunningAgent.start(settings, node, options, log, "agent-under-test");
    return socket;
  }

  private void stop() throws InterruptedException {
    if (running != null) {
      running.close();
      running = null;
    }
  }

  /** Runs a podtopo command in this process; what it printed, after checking it exited 0. */
  private static String command(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status = Main.commandLine(PodtopoComponent.reference()).setOut(new PrintWriter(out))
        .setErr(new PrintWriter(err)).execute(args);
    assertThat(status).as(String.join(" ", args) + ": " + err + out).isZero();
    return out.toString();
  }

  private static Path copy(String scope, String name, Path pods) throws IOException {
    return Files.copy(EXAMPLES.resolve("pods").resolve(scope).resolve(name), pods.resolve(name));
  }

  private static ContainerResources container(PodResources pod, String name) {
    return pod.containers().stream().filter(container -> container.name().equals(name)).findFirst().orElseThrow();
  }

  private static PodResourcesView awaitView(PodResourcesClient client, Predicate<PodResourcesView> ready)
      throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    PodResourcesView view = client.list();
    while (!ready.test(view)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the agent did not get there within 20 s; last answer: " + view);
      }
      Thread.sleep(20);
      view = client.list();
    }
    return view;
  }
}
