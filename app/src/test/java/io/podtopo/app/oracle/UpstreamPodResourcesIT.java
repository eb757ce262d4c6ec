package io.podtopo.app.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PodResources v1 of {@code podtopo agent} against upstream's own server: for one machine JSON,
 * KubeletConfiguration and pods folder, the agent (the release jar, {@code podtopo.cliJar}) and
 * {@code oracle/kubelet node} (the kubelet v1.37.2 managers admitting the folder's pods, then
 * {@code NewV1PodResourcesServer} over them on a Unix socket, ADR 0009) must decide every file alike
 * and answer {@code List}, {@code Get} of every pod and {@code GetAllocatableResources} identically
 * in canonical order ({@link PodResourcesAnswers}). They differ only where a decision says so: pod
 * names by D-31 (the kubelet's file source appends {@code -NODENAME} to a static pod's name, the
 * agent keeps the name as written, so upstream's names are compared without the oracle node's
 * suffix), and the {@code Get} of a refused pod by D-25 (upstream's plain error is {@code UNKNOWN},
 * podtopo's {@code NOT_FOUND}, both in the kubelet's words). Then
 * {@code podtopo inspect} must show upstream's pods and {@code podtopo audit} find its answers clean,
 * and the oracle must stop on SIGTERM with status 0, its socket removed.
 */
class UpstreamPodResourcesIT {

  /** The node name of {@code oracle/kubelet node}, which the kubelet's file source appends to a pod's name. */
  private static final String ORACLE_NODE_SUFFIX = "-podtopo-node";
  /** The agent's log events that decide a file. */
  private static final Set<String> DECIDED = Set.of("admitted", "rejected", "no-answer", "invalid-manifest", "duplicate-pod");

  @TempDir
  Path work;

  @Test
  void podScopeWithPodLevelPodsExclusiveSharedAndSidecarContainersAnswersAsUpstreamsServer() throws Exception {
    compare("pod-scope", "machine.json");
  }

  @Test
  void containerScopeWithInitContainersSidecarsHugepagesAndAPodLevelPodAnswersAsUpstreamsServer() throws Exception {
    compare("container-scope", "machine.json");
  }

  @Test
  void devicesAlignedByNumaWithAPodLevelPodAndARefusalAnswerAsUpstreamsServer() throws Exception {
    compare("devices", "machine-devices.json");
  }

  @Test
  void podScopeUnderSingleNumaNodeWithFullPcpusOnlyPodLevelHugepagesAndItsRefusalsAnswersAsUpstreamsServer()
      throws Exception {
    compare("pod-scope-single-numa", "machine.json");
  }

  @Test
  void devicesInContainerScopeWithoutNumaNodeUnhealthyAndHeldByAnInitContainerAnswerAsUpstreamsServer()
      throws Exception {
    compare("devices-container-scope", "machine-devices.json");
  }

  @Test
  void anL3HoldingExactlyItsNumaNodeIsNoUncoreCacheToTheKubeletOnEitherSideD23() throws Exception {
    compare("uncore-cache", "machine-l3-per-node.json");
  }

  private void compare(String scenario, String machineFile) throws Exception {
    Path fixtures = fixtures();
    Path machine = fixtures.resolve(machineFile);
    Path config = fixtures.resolve(scenario).resolve("kubelet.yaml");
    Path pods = fixtures.resolve(scenario).resolve("pods");
    int files = podFiles(pods);
    Path agentSocket = work.resolve("agent.sock");
    Path oracleSocket = work.resolve("oracle.sock");
    KubeletOracle.atDefaultRelease();
    try (JsonLinesProcess agent = JsonLinesProcess.start("agent", List.of(java(), "-jar", cliJar(), "agent",
            "--machine", machine.toString(), "--kubelet-config", config.toString(), "--pods-dir", pods.toString(),
            "--state-dir", work.resolve("state").toString(), "--socket", agentSocket.toString()), work);
        JsonLinesProcess oracle = JsonLinesProcess.start("oracle", List.of(KubeletOracle.launcher().toString(), "node",
            "--machine", machine.toString(), "--kubelet-config", config.toString(), "--pods-dir", pods.toString(),
            "--socket", oracleSocket.toString()), work)) {
      List<JsonNode> agentLog = agent.await(lines -> lines.stream()
          .filter(line -> DECIDED.contains(line.path("event").asText())).count() == files, 120);
      List<JsonNode> oracleLog = oracle.await(lines -> lines.stream().anyMatch(line -> line.has("serving")), 300);

      assertThat(upstreamDecisions(oracleLog)).as("each file's decision").isEqualTo(agentDecisions(agentLog));
      PodResourcesAnswers upstream = PodResourcesAnswers.read(oracleSocket, UpstreamPodResourcesIT::withoutNodeName);
      PodResourcesAnswers podtopo = PodResourcesAnswers.read(agentSocket, UnaryOperator.identity());
      assertThat(podtopo.list()).as("the pods listed: every pod admitted").map(pod -> pod.getNamespace() + "/" + pod.getName())
          .containsExactlyInAnyOrderElementsOf(oracleLog.stream().filter(line -> line.path("admitted").asBoolean())
              .map(line -> line.path("namespace").asText() + "/" + withoutNodeName(line.path("name").asText())).toList());
      assertThat(upstream.list()).as("List").isEqualTo(podtopo.list());
      assertThat(upstream.gets()).as("Get of every pod").isEqualTo(podtopo.gets());
      assertThat(upstream.allocatable()).as("GetAllocatableResources").isEqualTo(podtopo.allocatable());
      for (JsonNode refused : oracleLog.stream().filter(line -> line.has("file") && !line.path("admitted").asBoolean())
          .toList()) {
        String namespace = refused.path("namespace").asText();
        String name = refused.path("name").asText();
        // D-25: the kubelet's plain Go error arrives as UNKNOWN; podtopo answers NOT_FOUND, in the kubelet's words.
        assertThat(PodResourcesAnswers.getStatus(oracleSocket, namespace, name)).as("upstream's Get of a refused pod")
            .isEqualTo("UNKNOWN: pod " + name + " in namespace " + namespace + " not found");
        assertThat(PodResourcesAnswers.getStatus(agentSocket, namespace, withoutNodeName(name))).as("podtopo's Get of it")
            .isEqualTo("NOT_FOUND: pod " + withoutNodeName(name) + " in namespace " + namespace + " not found");
      }

      Run inspect = cli("inspect", "--socket", oracleSocket.toString());
      assertThat(inspect.status()).as("podtopo inspect of upstream's server: %s", inspect.output()).isZero();
      upstream.list().forEach(pod -> assertThat(inspect.output())
          .contains(pod.getNamespace() + "/" + pod.getName() + ORACLE_NODE_SUFFIX));
      Run audit = cli("audit", "--socket", oracleSocket.toString(), "--kubelet-config", config.toString());
      assertThat(audit.status()).as("podtopo audit of upstream's server: %s", audit.output()).isZero();
      assertThat(audit.output()).contains(" 0 failed");

      assertThat(oracle.stop(20)).as("the oracle's exit status on SIGTERM; its errors: %s", oracle.errors()).isZero();
      assertThat(oracleSocket).as("the oracle's socket after it stopped").doesNotExist();
      agent.stop(20);
    }
  }

  /** A file's decision: {@code admitted}, or {@code REASON: MESSAGE}. */
  private static Map<String, String> agentDecisions(List<JsonNode> log) {
    Map<String, String> decisions = new TreeMap<>();
    log.stream().filter(line -> DECIDED.contains(line.path("event").asText())).forEach(line -> decisions.put(
        line.path("file").asText(), line.path("event").asText().equals("admitted") ? "admitted"
            : line.path("reason").asText(line.path("event").asText()) + ": " + line.path("message").asText()));
    return decisions;
  }

  private static Map<String, String> upstreamDecisions(List<JsonNode> log) {
    Map<String, String> decisions = new TreeMap<>();
    log.stream().filter(line -> line.has("file")).forEach(line -> decisions.put(line.path("file").asText(),
        line.path("admitted").asBoolean() ? "admitted"
            : line.has("error") ? "invalid-manifest: " + line.path("error").asText()
            : line.path("reason").asText() + ": " + line.path("message").asText()));
    return decisions;
  }

  private static String withoutNodeName(String name) {
    assertThat(name).as("a static pod's name as the kubelet's file source makes it").endsWith(ORACLE_NODE_SUFFIX);
    return name.substring(0, name.length() - ORACLE_NODE_SUFFIX.length());
  }

  private static Path fixtures() throws URISyntaxException {
    return Path.of(UpstreamPodResourcesIT.class.getResource("upstream-podresources").toURI());
  }

  private static int podFiles(Path pods) throws IOException {
    try (Stream<Path> files = Files.list(pods)) {
      return (int) files.filter(file -> !file.getFileName().toString().startsWith(".")).count();
    }
  }

  private static String java() {
    return ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
  }

  private static String cliJar() {
    return System.getProperty("podtopo.cliJar");
  }

  /** {@code podtopo ARGS...} from the release jar: its exit status and its output and errors together. */
  private Run cli(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(java(), "-jar", cliJar()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("podtopo " + String.join(" ", args) + " did not end within 60 s: " + output);
    }
    return new Run(process.exitValue(), output);
  }

  private record Run(int status, String output) {}
}
