package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.adapters.grpc.FakeKubelet;
import io.podtopo.adapters.grpc.KepNodes;
import io.podtopo.adapters.grpc.MisreportedViews;
import io.podtopo.adapters.grpc.PodResourcesServer;
import io.podtopo.app.Main;
import io.podtopo.app.ObservedAuditComponent;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.service.NodeResourceManagerService;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.net.ServerSocket;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code podtopo audit} over real Unix sockets: clean (exit 0) on podtopo's own PodResources server
 * in both scopes, failing (exit 1, naming the rule) against endpoints that double-report the pod
 * shared pool at container level or report overlapping exclusive sets, the cgroup comparison, JSON
 * lines, {@code --every}, the observers, and one-line errors with exit status 2.
 */
class AuditCommandTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private Path socket() {
    return dir.resolve("kubelet.sock");
  }

  private List<String> args(String... more) {
    List<String> args = new ArrayList<>(List.of("audit", "--socket", socket().toString()));
    args.addAll(List.of(more));
    return args;
  }

  private CliRun audit(NodeResourceManager node, String... more) {
    try (PodResourcesServer server = PodResourcesServer.builder(node, socket()).start()) {
      return CliRun.reference(args(more).toArray(String[]::new));
    }
  }

  /** The audit of an endpoint answering what {@code node} reports, as {@code change} makes it. */
  private CliRun auditMisreported(NodeResourceManagerService node, UnaryOperator<PodResourcesView> change,
      String... more) throws Exception {
    try (FakeKubelet kubelet = FakeKubelet.answering(socket(), change.apply(node.podResources()), node.allocatable())) {
      return CliRun.reference(args(more).toArray(String[]::new));
    }
  }

  /** Issue 24 item 11: the help names every rule the audit runs (it named 11 of 12). */
  @Test
  void theHelpNamesEveryRuleTheAuditRuns() {
    String help = CliRun.reference("audit", "--help").out().replaceAll("\\s+", " ");

    assertThat(io.podtopo.conformance.audit.Audit.rules()).allSatisfy(rule -> assertThat(help).contains(rule.id()));
  }

  @Test
  void podtoposOwnServerPassesEveryRuleItCanCheckInPodScopeAndInContainerScope() {
    CliRun podScope = audit(KepNodes.podScope(), "--scope", "pod");
    CliRun containerScope = audit(KepNodes.containerScope(), "--scope", "container");

    assertThat(podScope.exitCode()).as(podScope.out() + podScope.err()).isEqualTo(ExitCodes.OK);
    assertThat(podScope.outLines()).contains(
        "endpoint: " + socket() + " (3 pods)",
        "scope:    pod-level fields expected (--scope pod)",
        "cgroups:  not read (give --cgroup-root)",
        "container-cpus-disjoint             pass         0",
        "pod-fields-empty-outside-pod-scope  not-checked  pod scope (--scope pod): the fields are filled there",
        "cgroup-no-cpu-leak                  not-checked  no cgroup tree read",
        "12 rules: 8 passed, 0 failed, 4 not checked");
    assertThat(containerScope.exitCode()).as(containerScope.out()).isEqualTo(ExitCodes.OK);
    assertThat(containerScope.outLines()).contains("pod-fields-empty-outside-pod-scope  pass         0",
        "12 rules: 9 passed, 0 failed, 3 not checked");
  }

  @Test
  void theScopeComesFromTheKubeletConfigurationAndUnknownItLeavesTheScopeRuleNotChecked() {
    CliRun fromConfig = audit(KepNodes.containerScope(), "--kubelet-config", "../examples/kubelet/container-scope.yaml");
    CliRun unknown = audit(KepNodes.podScope());
    CliRun both = audit(KepNodes.podScope(), "--scope", "pod", "--kubelet-config", "../examples/kubelet/pod-scope.yaml");

    assertThat(fromConfig.exitCode()).as(fromConfig.out()).isZero();
    assertThat(fromConfig.outLines()).contains("scope:    pod-level fields always empty "
        + "(../examples/kubelet/container-scope.yaml: topologyManagerScope container)");
    assertThat(unknown.exitCode()).isZero();
    assertThat(unknown.outLines()).contains("scope:    unknown (give --scope or --kubelet-config)",
        "pod-fields-empty-outside-pod-scope  not-checked  scope unknown");
    assertThat(both.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(both.err()).startsWith("podtopo audit: Error: --scope=SCOPE, --kubelet-config=FILE are mutually exclusive");
  }

  @Test
  void aKubeletConfigurationInPodScopeAllowsPodLevelFieldsUnlessAPodLevelGateIsOff() throws IOException {
    Path gateOff = Files.writeString(dir.resolve("gate-off.yaml"), Files.readString(Path.of(
        "../examples/kubelet/pod-scope.yaml")).replace("PodLevelResourceManagers: true", "PodLevelResourceManagers: false"));

    CliRun podScope = audit(KepNodes.podScope(), "--kubelet-config", "../examples/kubelet/pod-scope.yaml");
    CliRun off = audit(KepNodes.podScope(), "--kubelet-config", gateOff.toString());

    assertThat(podScope.exitCode()).as(podScope.out()).isZero();
    assertThat(podScope.outLines()).contains("scope:    pod-level fields expected "
        + "(../examples/kubelet/pod-scope.yaml: topologyManagerScope pod, pod-level gates on)");
    assertThat(off.exitCode()).isEqualTo(ExitCodes.FAILURES);
    assertThat(off.outLines()).contains("pod-fields-empty-outside-pod-scope  fail         3",
        "  pod-fields-empty-outside-pod-scope: pod default/shared-only reports pod-level cpu_ids \"1-2,17-18\" and "
            + "memory 4Gi on NUMA node 0, though the node fills neither (" + gateOff
            + ": feature gate PodLevelResourceManagers off)");
  }

  @Test
  void anEndpointDoubleReportingThePodSharedPoolAtContainerLevelFailsTheDisjointnessRule() throws Exception {
    CliRun run = auditMisreported(KepNodes.podScope(), MisreportedViews::sharedPoolAtContainerLevel, "--scope", "pod");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.FAILURES);
    assertThat(run.outLines()).contains("container-cpus-disjoint             fail         1",
        "  container-cpus-disjoint: pod default/shared-only container web and pod default/shared-only container cache "
            + "both report CPUs 1-2,17-18",
        "12 rules: 7 passed, 1 failed, 4 not checked");
  }

  @Test
  void anEndpointReportingOverlappingExclusiveSetsFailsNamingBothContainersAndTheCpus() throws Exception {
    CliRun run = auditMisreported(KepNodes.containerScope(), view -> withContainerCpus(view, "pod-only", "frontend",
        "17-18"), "--scope", "container", "--format", "json");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.FAILURES);
    JsonNode line = JSON.readTree(run.out());
    JsonNode disjoint = line.get("rules").get(1);
    assertThat(disjoint.get("id").asText()).isEqualTo("container-cpus-disjoint");
    assertThat(disjoint.get("result").asText()).isEqualTo("fail");
    assertThat(disjoint.get("violations").get(0).asText()).isEqualTo("pod default/container-scope-mixed container "
        + "database and pod default/pod-only container frontend both report CPUs 17");
    assertThat(line.get("failed").asInt()).isEqualTo(1);
  }

  @Test
  void jsonIsOneLinePerRunWithEveryRuleInOrderAndTheSameForTheSameAnswers() throws IOException {
    CliRun first = audit(KepNodes.podScope(), "--scope", "pod", "--format", "json");
    CliRun second = audit(KepNodes.podScope(), "--scope", "pod", "--format", "json");

    assertThat(first.exitCode()).isZero();
    assertThat(first.outLines()).hasSize(1);
    assertThat(second.out()).isEqualTo(first.out());
    JsonNode line = JSON.readTree(first.out());
    assertThat(line.fieldNames()).toIterable().containsExactly("socket", "pods", "scope", "cgroupRoot", "cgroups",
        "rules", "passed", "failed", "notChecked");
    assertThat(line.get("rules")).hasSize(12);
    assertThat(line.get("rules").get(0).fieldNames()).toIterable()
        .containsExactly("id", "result", "violations", "reason");
    assertThat(line.get("scope").get("podLevelFields").asText()).isEqualTo("allowed");
    assertThat(line.get("cgroupRoot").isNull()).isTrue();
  }

  @Test
  void theCpusetsOfACgroupTreeAreComparedWithTheAnswers() throws IOException {
    Path hierarchy = dir.resolve("cgroup");
    Path root = KepCgroupTree.write(hierarchy);

    CliRun applied = audit(KepNodes.podScope(), "--scope", "pod", "--cgroup-fs", hierarchy.toString(),
        "--cgroup-root", "/kubepods.slice");
    KepCgroupTree.scope(root, "kubepods-besteffort.slice/cri-containerd-leaky.scope", "0-4,8-15");
    CliRun leaking = audit(KepNodes.podScope(), "--scope", "pod", "--cgroup-fs", hierarchy.toString(),
        "--cgroup-root", "/kubepods.slice");
    CliRun missing = audit(KepNodes.podScope(), "--cgroup-fs", hierarchy.toString(), "--cgroup-root", "/nowhere");

    assertThat(applied.exitCode()).as(applied.out()).isZero();
    assertThat(applied.outLines()).contains("cgroups:  16 cgroups at and below /kubepods.slice (" + root + "), 12 leaves",
        "12 rules: 11 passed, 0 failed, 1 not checked");
    assertThat(leaking.exitCode()).isEqualTo(ExitCodes.FAILURES);
    assertThat(leaking.outLines()).contains("cgroup-no-cpu-leak                  fail         2",
        "  cgroup-no-cpu-leak: cgroup kubepods-besteffort.slice/cri-containerd-leaky.scope has cpuset 0-4,8-15, which "
            + "overlaps CPUs 1-2,17-18 of the shared pool of pod default/shared-only without being them");
    assertThat(missing.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(missing.err()).isEqualTo("podtopo audit: error: --cgroup-root: " + hierarchy.resolve("nowhere")
        + " is not a directory" + System.lineSeparator());
  }

  /**
   * Issue 24 item 4: {@code --cgroup-root} is a cgroup name, as for the agent and the kubelet; a path
   * of the file system is not one, and {@code --cgroup-fs} only says where the hierarchy is.
   */
  @Test
  void issue24_item4_theCgroupRootIsACgroupNameInTheHierarchyNotAPath() throws IOException {
    Path hierarchy = dir.resolve("cgroup");
    Path root = KepCgroupTree.write(hierarchy);

    CliRun json = audit(KepNodes.podScope(), "--scope", "pod", "--cgroup-fs", hierarchy.toString(),
        "--cgroup-root", "/kubepods.slice", "--format", "json");
    CliRun withoutSlash = audit(KepNodes.podScope(), "--scope", "pod", "--cgroup-fs", hierarchy.toString(),
        "--cgroup-root", "kubepods.slice");
    CliRun path = audit(KepNodes.podScope(), "--cgroup-fs", hierarchy.toString(), "--cgroup-root", root.toString());
    CliRun climbing = audit(KepNodes.podScope(), "--cgroup-fs", hierarchy.toString(), "--cgroup-root",
        "/kubepods.slice/../..");
    CliRun fsAlone = audit(KepNodes.podScope(), "--cgroup-fs", hierarchy.toString());

    assertThat(json.exitCode()).as(json.out()).isZero();
    assertThat(JSON.readTree(json.out()).get("cgroupRoot").asText()).isEqualTo("/kubepods.slice");
    assertThat(JSON.readTree(json.out()).get("cgroups").asInt()).isEqualTo(16);
    assertThat(withoutSlash.exitCode()).as(withoutSlash.out()).isZero();
    assertThat(withoutSlash.outLines()).contains("cgroups:  16 cgroups at and below kubepods.slice (" + root
        + "), 12 leaves");
    assertThat(path.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(path.err()).isEqualTo("podtopo audit: error: --cgroup-root: " + hierarchy.resolve(
        root.toString().substring(1)) + " is not a directory" + System.lineSeparator());
    assertThat(climbing.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(climbing.err()).isEqualTo("podtopo audit: error: --cgroup-root: the cgroup \"/kubepods.slice/../..\" "
        + "must not have '.' or '..' parts" + System.lineSeparator());
    assertThat(fsAlone.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(fsAlone.err()).startsWith("podtopo audit: Error: Missing required argument(s): --cgroup-root=CGROUP");
  }

  @Test
  void anEndpointThatDoesNotAnswerIsOneLineNamingTheSocketExitStatus2AndToldToTheObservers() {
    RecordingAuditObserver observer = new RecordingAuditObserver();

    CliRun run = CliRun.of(ObservedAuditComponent.observing(observer), args().toArray(String[]::new));

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).startsWith("podtopo audit: error: List on " + socket() + " failed: there is no socket at "
        + socket()).hasLineCount(1);
    assertThat(observer.unreachable()).hasSize(1).allMatch(reason -> reason.startsWith("List on " + socket()));
    assertThat(observer.runs()).isEmpty();
  }

  @Test
  void everyIntervalItRunsAgainPrintingOneJsonLinePerRunAndTellingTheObserversUntilInterrupted() throws Exception {
    RecordingAuditObserver observer = new RecordingAuditObserver();
    try (FakeKubelet kubelet = FakeKubelet.answering(socket(), MisreportedViews.sharedPoolAtContainerLevel(KepNodes.podScope()
        .podResources()), KepNodes.podScope().allocatable())) {
      List<String> lines = runUntil(observer, 3, "--every", "50ms", "--format", "json");

      assertThat(lines).hasSizeGreaterThanOrEqualTo(3).allSatisfy(line ->
          assertThat(JSON.readTree(line).get("failed").asInt()).isEqualTo(1));
    }
    assertThat(observer.runs()).hasSizeGreaterThanOrEqualTo(3)
        .allSatisfy(result -> assertThat(result.violationsByRule()).containsEntry("container-cpus-disjoint", 1));
  }

  @Test
  void everyIntervalAnEndpointThatDoesNotAnswerIsReportedAndAskedAgain() throws Exception {
    RecordingAuditObserver observer = new RecordingAuditObserver();

    List<String> lines = runUntil(observer, 2, "--every", "50ms", "--format", "json");

    assertThat(lines).hasSizeGreaterThanOrEqualTo(2).allSatisfy(line -> {
      JsonNode json = JSON.readTree(line);
      assertThat(json.fieldNames()).toIterable().containsExactly("socket", "error");
      assertThat(json.get("error").asText()).startsWith("List on " + socket() + " failed: there is no socket at");
    });
    assertThat(observer.unreachable()).hasSizeGreaterThanOrEqualTo(2);
  }

  @Test
  void aDurationGoWouldNotReadIsAUsageError() {
    CliRun run = CliRun.reference(args("--every", "5x").toArray(String[]::new));

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).isEqualTo("podtopo audit: error: --every 5x: not a duration: give a number and a unit, "
        + "e.g. 500ms, 60s, 5m or 1h30m" + System.lineSeparator());
  }

  @Test
  void withAMetricsAddressEveryRunIsServedAsPrometheusMetricsWhileTheAuditRepeats() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    URI metrics = URI.create("http://127.0.0.1:" + port + "/metrics");
    List<String> scraped = new ArrayList<>();
    try (FakeKubelet kubelet = FakeKubelet.answering(socket(), MisreportedViews.sharedPoolAtContainerLevel(KepNodes.podScope()
        .podResources()), KepNodes.podScope().allocatable())) {
      runUntil(new RecordingAuditObserver(), 2, () -> scraped.addAll(scrape(metrics)),
          "--every", "50ms", "--format", "json", "--metrics-address", "127.0.0.1:" + port);
    }

    assertThat(scraped).contains("podtopo_audit_violations{rule=\"container-cpus-disjoint\"} 1.0",
        "podtopo_audit_violations{rule=\"cpus-allocatable\"} 0.0", "podtopo_audit_clean 0.0");
    assertThat(scraped).anySatisfy(line -> assertThat(line).startsWith("podtopo_audit_runs_total "));
  }

  @Test
  void aMetricsAddressThatCannotBeBoundIsOneLineWithExitStatus2() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        PodResourcesServer server = PodResourcesServer.builder(KepNodes.podScope(), socket()).start()) {
      CliRun run = CliRun.reference(args("--metrics-address", "127.0.0.1:" + taken.getLocalPort())
          .toArray(String[]::new));

      assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
      assertThat(run.err()).isEqualTo("podtopo audit: error: --metrics-address: cannot serve metrics on 127.0.0.1:"
          + taken.getLocalPort() + ": Address already in use" + System.lineSeparator());
      assertThat(run.out()).isEmpty();
    }
  }

  private static List<String> scrape(URI metrics) {
    try {
      return HttpClient.newHttpClient().send(HttpRequest.newBuilder(metrics).build(), HttpResponse.BodyHandlers.ofString())
          .body().lines().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Runs the command in a thread until it has printed {@code lines} lines, then interrupts it; its output lines. */
  private List<String> runUntil(RecordingAuditObserver observer, int lines, String... more) throws InterruptedException {
    return runUntil(observer, lines, () -> { }, more);
  }

  /**
   * Runs the command in a thread until it has printed {@code lines} lines, does {@code meanwhile}, then
   * interrupts it; its output lines.
   */
  private List<String> runUntil(RecordingAuditObserver observer, int lines, Runnable meanwhile, String... more)
      throws InterruptedException {
    StringWriter out = new StringWriter();
    Thread command = new Thread(() -> Main.commandLine(ObservedAuditComponent.observing(observer))
        .setOut(new PrintWriter(out)).setErr(new PrintWriter(new StringWriter()))
        .execute(args(more).toArray(String[]::new)));
    command.start();
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (out.toString().lines().count() < lines && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    meanwhile.run();
    command.interrupt();
    command.join(Duration.ofSeconds(10).toMillis());
    assertThat(command.isAlive()).as("the command ends when interrupted").isFalse();
    return out.toString().lines().toList();
  }

  /** What a server says that also reports the pod shared pool for every shared container of a pod with pod cpu_ids. */
  private static PodResourcesView withContainerCpus(PodResourcesView view, String podName, String containerName,
      String cpus) {
    PodResourcesView.Builder changed = new PodResourcesView.Builder();
    for (PodResources pod : view.pods()) {
      PodResources.Builder copy = new PodResources.Builder().from(pod).containers(List.of());
      for (ContainerResources container : pod.containers()) {
        copy.addContainer(pod.name().equals(podName) && container.name().equals(containerName)
            ? new ContainerResources.Builder().from(container).cpuIds(CpuSet.parse(cpus)).build() : container);
      }
      changed.addPod(copy.build());
    }
    return changed.build();
  }
}
