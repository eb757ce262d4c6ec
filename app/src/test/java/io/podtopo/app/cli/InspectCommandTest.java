package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.adapters.grpc.KepNodes;
import io.podtopo.adapters.grpc.PodResourcesServer;
import io.podtopo.ports.in.NodeResourceManager;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code podtopo inspect} against podtopo's PodResources server on a real Unix socket, serving the
 * KEP-5526 examples: the pod-level and container fields as PLRM spec §9.2 says in pod scope and in
 * container scope, the derived pod shared pool, {@code Get} of one pod, the CPU map, and one-line
 * errors with exit status 2.
 */
class InspectCommandTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private CliRun inspect(NodeResourceManager node, Function<Path, String[]> args) {
    try (PodResourcesServer server = PodResourcesServer.builder(node, dir.resolve("kubelet.sock")).start()) {
      return CliRun.reference(args.apply(server.socket()));
    }
  }

  private static String[] args(Path socket, String... more) {
    String[] all = new String[more.length + 3];
    all[0] = "inspect";
    all[1] = "--socket";
    all[2] = socket.toString();
    System.arraycopy(more, 0, all, 3, more.length);
    return all;
  }

  @Test
  void podScopeShowsTheBubbleAtPodLevelTheSlicesAtContainerLevelAndTheDerivedSharedPool_spec9_2() {
    CliRun run = inspect(KepNodes.podScope(), socket -> args(socket));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.outLines()).contains(
        "allocatable: CPUs 1-15,17-31 (30); memory hugepages-1Gi 4Gi @0, hugepages-2Mi 2Gi @0, memory 57Gi @0, "
            + "hugepages-1Gi 4Gi @1, hugepages-2Mi 2Gi @1, memory 57Gi @1",
        "POD                        CONTAINER        CPU_IDS    MEMORY",
        "default/shared-only        (pod)            1-2,17-18  4Gi @0",
        "default/shared-only        web              -          -",
        "default/shared-only        (shared pool)    1-2,17-18  4Gi @0",
        "default/pod-scope-mixed    (pod)            3-5,19-20  6Gi @0",
        "default/pod-scope-mixed    metrics-sidecar  5          512Mi @0",
        "default/pod-scope-mixed    main-app         3-4,19     4Gi @0",
        "default/pod-scope-mixed    logging-sidecar  -          -",
        "default/pod-scope-mixed    (shared pool)    20         1536Mi @0",
        "default/init-and-sidecars  proxy            6          512Mi @0",
        "default/init-and-sidecars  (shared pool)    22         1536Mi @0",
        "3 pods, 8 containers; (pod): the pod-level cpu_ids and memory; (shared pool): the pod's minus its containers'");
    assertThat(run.out()).doesNotContain("setup").doesNotContain("empty-shared-pool");
  }

  @Test
  void containerScopeLeavesThePodLevelFieldsEmptyAndDerivesNoPool_spec9_2() {
    CliRun run = inspect(KepNodes.containerScope(), socket -> args(socket));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.outLines()).contains(
        "default/container-scope-mixed  (pod)         -        -",
        "default/container-scope-mixed  database      1,17     2Gi @0",
        "default/container-scope-mixed  backup-agent  -        -",
        "default/pod-only               (pod)         -        -",
        "default/pod-only               frontend      -        -");
    assertThat(run.out()).doesNotContain("(shared pool)    ");
  }

  @Test
  void theJsonHasEveryFieldAndTheDerivedPoolAndIsTheSameForTheSameAnswers_spec9_2() throws IOException {
    CliRun first = inspect(KepNodes.podScope(), socket -> args(socket, "--format", "json"));
    CliRun second = inspect(KepNodes.podScope(), socket -> args(socket, "--format", "json"));

    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(second.out()).isEqualTo(first.out());
    JsonNode json = JSON.readTree(first.out());
    assertThat(json.fieldNames()).toIterable().containsExactly("socket", "pods", "allocatable");
    JsonNode mixed = json.get("pods").get(1);
    assertThat(mixed.fieldNames()).toIterable()
        .containsExactly("namespace", "name", "cpuIds", "memory", "containers", "sharedPool");
    assertThat(mixed.get("cpuIds").asText()).isEqualTo("3-5,19-20");
    assertThat(mixed.get("containers").get(1).get("cpuIds").asText()).isEqualTo("3-4,19");
    assertThat(mixed.get("containers").get(2).get("cpuIds").asText()).isEmpty();
    assertThat(mixed.get("sharedPool").get("cpuIds").asText()).isEqualTo("20");
    assertThat(mixed.get("sharedPool").get("memory").get(0).get("size").asLong()).isEqualTo(1536L << 20);
    assertThat(json.get("allocatable").get("cpuIds").asText()).isEqualTo("1-15,17-31");
    JsonNode containerScope = JSON.readTree(inspect(KepNodes.containerScope(), socket -> args(socket, "--format", "json"))
        .out()).get("pods").get(0);
    assertThat(containerScope.get("sharedPool").isNull()).isTrue();
    assertThat(containerScope.get("memory")).isEmpty();
  }

  @Test
  void onePodIsAskedWithGetAndAPodTheEndpointDoesNotKnowIsAUsageError() {
    CliRun one = inspect(KepNodes.podScope(), socket -> args(socket, "--pod", "default/pod-scope-mixed"));
    CliRun unknown = inspect(KepNodes.podScope(), socket -> args(socket, "--pod", "default/empty-shared-pool"));
    CliRun malformed = inspect(KepNodes.podScope(), socket -> args(socket, "--pod", "web"));

    assertThat(one.exitCode()).as(one.err()).isZero();
    assertThat(one.out()).contains("default/pod-scope-mixed  (shared pool)    20").doesNotContain("shared-only")
        .contains("1 pod, 3 containers");
    assertThat(unknown.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(unknown.out()).isEmpty();
    assertThat(unknown.err()).isEqualTo("podtopo inspect: error: --pod default/empty-shared-pool: "
        + dir.resolve("kubelet.sock") + " reports no such pod" + System.lineSeparator());
    assertThat(malformed.err()).isEqualTo("podtopo inspect: error: --pod web: expected NAMESPACE/NAME, e.g. default/web"
        + System.lineSeparator());
  }

  @Test
  void anEndpointThatDoesNotAnswerIsOneLineNamingTheSocketAndExitStatus2() {
    Path socket = dir.resolve("absent.sock");

    CliRun run = CliRun.reference("inspect", "--socket", socket.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).startsWith("podtopo inspect: error: List on " + socket + " failed: there is no socket at "
        + socket).hasLineCount(1);
  }

  @Test
  void withTheMachineKnownTheCpusAreMappedByOwnerAsSimulateMapsThem() {
    CliRun run = inspect(KepNodes.podScope(), socket -> args(socket, "--machine", "demo-2s"));
    CliRun onePod = inspect(KepNodes.podScope(), socket -> args(socket, "--machine", "demo-2s", "--pod",
        "default/shared-only"));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.outLines()).contains(
        "     0 16   1 17   2 18   3 19   4 20   5 21   6 22   7 23",
        "     #  #   a  a   a  a   A  A   A  b   B  .   C  c   D  D",
        "  #  reserved (2 CPUs)",
        "  .  node shared pool (17 CPUs)",
        "  A  exclusive: default/pod-scope-mixed main-app (3 CPUs)",
        "  b  pod shared pool: default/pod-scope-mixed (1 CPU)");
    assertThat(onePod.outLines()).contains("     #  #   a  a   a  a   -  -   -  -   -  -   -  -   -  -",
        "  -  not assigned");
  }

  @Test
  void theHtmlPagePaintsTheCpusAndMemoryByTheOwnersOfTheMap() {
    CliRun run = inspect(KepNodes.podScope(), socket -> args(socket, "--machine", "demo-2s", "--format", "html"));
    CliRun withoutMachine = inspect(KepNodes.podScope(), socket -> args(socket, "--format", "html"));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("<!DOCTYPE html>").doesNotContain("http://", "https://", "<script");
    assertThat(run.out().split("<g class=\"cpu\"", -1)).hasSize(32 + 1);
    assertThat(run.out()).contains("data-cpu=\"3\" data-owner=\"exclusive:default/pod-scope-mixed main-app\"",
        "data-cpu=\"20\" data-owner=\"pod-shared:default/pod-scope-mixed\"", "data-cpu=\"0\" data-owner=\"reserved\"",
        "exclusive slice of container <b>main-app</b> in pod <b>default/pod-scope-mixed</b>",
        "<span class=\"seg k-pod-shared\" data-owner=\"pod-shared:default/pod-scope-mixed\"",
        "<td>default/pod-scope-mixed</td><td>(shared pool)</td><td>20</td><td>1536Mi @0</td>");
    assertThat(withoutMachine.out()).doesNotContain("<g class=\"cpu\"").contains("Give --machine",
        "data-owner=\"exclusive:default/pod-scope-mixed main-app\"");
  }

  @Test
  void aMachineWithoutTheReportedCpusIsAUsageError() {
    CliRun run = inspect(KepNodes.podScope(), socket -> args(socket, "--machine", "1s1n4c2t"));

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).startsWith("podtopo inspect: error: --machine 1s1n4c2t has CPUs 0-7, but "
        + dir.resolve("kubelet.sock") + " reports CPUs 8-15,17-31 too");
  }
}
