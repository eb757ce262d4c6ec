package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.domain.topology.CpuSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code podtopo simulate --kubelet-state DIR}: the run starts from the kubelet's checkpoints of
 * {@code examples/kubelet-state}, reports their verification and pods, and refuses what the
 * kubelet would refuse with one line and exit code 2.
 */
class SimulateKubeletStateTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path EXAMPLES = Path.of("..", "examples");
  private static final String CONFIG = EXAMPLES.resolve("kubelet/pod-scope.yaml").toString();
  private static final Path STATE = EXAMPLES.resolve("kubelet-state");
  private static final String MIXED = EXAMPLES.resolve("pods/pod-scope/02-mixed.yaml").toString();
  /** The CPUs the checkpoints of {@code examples/kubelet-state} hold for their two pods. */
  private static final CpuSet HELD = CpuSet.parse("1-3,17-19");

  @TempDir
  Path dir;

  @Test
  void theDocumentedCommandShowsTheCheckpointsTheirVerificationAndThePreExistingPods() {
    CliRun run = CliRun.reference("simulate", "--kubelet-config", CONFIG, "--kubelet-state", STATE.toString(),
        "--pods", MIXED);

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.err()).isEmpty();
    assertThat(run.out()).contains("kubelet state:  " + STATE,
        "  cpu_manager_state: V4, policy static, VERIFIED (dataChecksum ",
        "  memory_manager_state: V3, policy Static, VERIFIED (dataChecksum ");
    assertThat(run.out()).containsPattern("6f0c3a52-1d7e-4b8a-9c31-2e5d4f7a8b90 +worker +- +1-2,17 +- +- +6Gi @0 +pre-existing")
        .containsPattern("0b7d9e14-58a2-4c6f-a3d1-9f8e2c4b6a17 +redis +- +3,19 +- +- +4Gi @0 +pre-existing")
        .containsPattern("default/pod-scope-mixed +main-app +app .* admitted");
  }

  @Test
  void adr0008_d8_theRunningPodAdmittedAgainIsRefusedAsKubeletV137DoesAndKeptWithBehaviourSpec() throws IOException {
    String analytics = STATE.resolve("analytics.yaml").toString();
    CliRun kubelet = CliRun.reference("simulate", "--kubelet-config", CONFIG, "--kubelet-state", STATE.toString(),
        "--pods", analytics);
    JsonNode spec = JSON.readTree(CliRun.reference("simulate", "--kubelet-config", CONFIG, "--kubelet-state",
        STATE.toString(), "--pods", analytics, "--behaviour", "spec", "--format", "json").out()).path("runs").get(0);

    assertThat(kubelet.out()).containsPattern("batch/analytics +worker +app +- +- +- +- +rejected: TopologyAffinityError")
        .contains("    why: Q-cpu-restart-reallocates (D-8): a pod-level pod re-admitted after a restart")
        .contains("  batch/analytics: Q-cpu-restart-reallocates (D-8): ");
    JsonNode pod = spec.path("pods").get(0);
    assertThat(pod.path("admitted").asBoolean()).isTrue();
    assertThat(pod.path("podCpus").asText()).isEqualTo("1-2,17-18");
    assertThat(pod.path("quirks").findValuesAsText("id"))
        .containsExactly("Q-cpu-restart-reallocates", "Q-memory-restart-reapplies");
    assertThat(spec.path("defaultCpuSet").asText()).isEqualTo("0,4-16,20-31");
  }

  @Test
  void aPodAdmittedAfterLoadingTheStateGetsNoneOfTheCpusTheCheckpointHolds() throws IOException {
    CliRun run = CliRun.reference("simulate", "--kubelet-config", CONFIG, "--kubelet-state", STATE.toString(),
        "--pods", MIXED, "--format", "json");

    JsonNode runNode = JSON.readTree(run.out()).path("runs").get(0);
    JsonNode pod = runNode.path("pods").get(0);
    assertThat(pod.path("admitted").asBoolean()).isTrue();
    CpuSet bubble = CpuSet.parse(pod.path("podCpus").asText());
    assertThat(bubble.intersects(HELD)).as("bubble %s against the checkpoint's %s", bubble, HELD).isFalse();
    pod.path("containers").forEach(container ->
        assertThat(CpuSet.parse(container.path("cpus").asText()).intersects(HELD)).isFalse());
    assertThat(CpuSet.parse(runNode.path("defaultCpuSet").asText()).intersects(HELD)).isFalse();
  }

  @Test
  void jsonCarriesTheKubeletStateWithItsFilesAndPreExistingPods() throws IOException {
    JsonNode state = JSON.readTree(CliRun.reference("simulate", "--kubelet-config", CONFIG, "--kubelet-state",
        STATE.toString(), "--format", "json").out()).path("runs").get(0).path("kubeletState");

    assertThat(state.path("directory").asText()).isEqualTo(STATE.toString());
    assertThat(state.path("checkpoints").get(0).path("file").asText()).isEqualTo("cpu_manager_state");
    assertThat(state.path("checkpoints").get(0).path("version").asText()).isEqualTo("V4");
    assertThat(state.path("checkpoints").get(1).path("verification").asText()).startsWith("VERIFIED");
    JsonNode analytics = state.path("preExistingPods").get(1);
    assertThat(analytics.path("uid").asText()).isEqualTo("6f0c3a52-1d7e-4b8a-9c31-2e5d4f7a8b90");
    assertThat(analytics.path("podCpus").asText()).isEqualTo("1-2,17-18");
    assertThat(analytics.path("podMemory").get(0).path("size").asLong()).isEqualTo(8L << 30);
    assertThat(analytics.path("containers").get(1).path("name").asText()).isEqualTo("worker");
  }

  /**
   * Issue 24 item 11: a pod of the checkpoints that no step admits is named by the manifest given
   * with its uid, in every report; one without a manifest keeps its uid.
   */
  @Test
  void issue24_item11_aPreExistingPodWhoseManifestIsGivenIsShownByNamespaceAndNameInEveryReport() throws IOException {
    String analyticsUid = "6f0c3a52-1d7e-4b8a-9c31-2e5d4f7a8b90";
    Path scenario = Files.writeString(dir.resolve("steps.yaml"), "- admit: default/pod-scope-mixed\n");
    String[] args = {"simulate", "--kubelet-config", CONFIG, "--kubelet-state", STATE.toString(), "--pods",
        STATE.resolve("analytics.yaml").toString(), MIXED, "--scenario", scenario.toString()};

    CliRun table = CliRun.reference(args);
    JsonNode preExisting = JSON.readTree(CliRun.reference(append(args, "--format", "json")).out()).path("runs").get(0)
        .path("kubeletState").path("preExistingPods");
    String html = CliRun.reference(append(args, "--format", "html")).out();

    assertThat(table.exitCode()).as(table.err()).isEqualTo(ExitCodes.OK);
    assertThat(table.out()).containsPattern("batch/analytics +worker +- +1-2,17 +- +- +6Gi @0 +pre-existing")
        .containsPattern("batch/analytics +exporter +- +18 ")
        .contains("exclusive: batch/analytics worker (3 CPUs)")
        .containsPattern("0b7d9e14-58a2-4c6f-a3d1-9f8e2c4b6a17 +redis +- +3,19 ")
        .doesNotContain(analyticsUid);
    assertThat(html).contains("batch/analytics worker").doesNotContain(analyticsUid);
    assertThat(preExisting.get(1).path("uid").asText()).isEqualTo(analyticsUid);
    assertThat(preExisting.get(1).path("namespace").asText()).isEqualTo("batch");
    assertThat(preExisting.get(1).path("name").asText()).isEqualTo("analytics");
    assertThat(preExisting.get(0).path("name").isNull()).as("redis: no manifest given").isTrue();
  }

  private static String[] append(String[] args, String... more) {
    String[] all = Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return all;
  }

  @Test
  void anAbsentFileStartsThatManagerEmpty() throws IOException {
    Files.copy(STATE.resolve("cpu_manager_state"), dir.resolve("cpu_manager_state"));
    CliRun run = CliRun.reference("simulate", "--kubelet-config", CONFIG, "--kubelet-state", dir.toString(),
        "--pods", MIXED);

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.out()).contains("  memory_manager_state: absent (the manager starts empty)")
        .containsPattern("redis +- +3,19 +- +- +- +pre-existing");
  }

  @Test
  void aCorruptedCheckpointIsRefusedWithTheKubeletsText() throws IOException {
    Files.writeString(dir.resolve("cpu_manager_state"),
        Files.readString(STATE.resolve("cpu_manager_state")).replace("\"dataChecksum\":", "\"dataChecksum\":1"));
    assertUsageError(CliRun.reference("simulate", "--kubelet-config", CONFIG, "--kubelet-state", dir.toString(),
        "--pods", MIXED), "--kubelet-state " + dir.resolve("cpu_manager_state") + ": could not restore state from "
        + "checkpoint: could not load v4 checkpoint: checkpoint is corrupted, please drain this node and delete the "
        + "CPU manager checkpoint file");
  }

  @Test
  void aCheckpointOfAnotherPolicyIsRefusedWithTheKubeletsStartUpText() throws IOException {
    Path config = Files.writeString(dir.resolve("none.yaml"), Files.readString(Path.of(CONFIG))
        .replace("cpuManagerPolicy: static", "cpuManagerPolicy: none").replace("reservedSystemCPUs: \"0,16\"", ""));
    assertUsageError(CliRun.reference("simulate", "--kubelet-config", config.toString(), "--kubelet-state",
        STATE.toString(), "--pods", MIXED), "--kubelet-state " + STATE.resolve("cpu_manager_state")
        + ": could not restore state from checkpoint: configured policy \"none\" differs from state checkpoint policy "
        + "\"static\"");
  }

  @Test
  void aStateThatDoesNotFitTheConfigurationIsRefusedWithTheKubeletsStartUpText() throws IOException {
    Path config = Files.writeString(dir.resolve("reserved.yaml"), Files.readString(Path.of(CONFIG))
        .replace("reservedSystemCPUs: \"0,16\"", "reservedSystemCPUs: \"0-1\""));
    assertUsageError(CliRun.reference("simulate", "--kubelet-config", config.toString(), "--kubelet-state",
        STATE.toString(), "--pods", MIXED), "--kubelet-state " + STATE + ": start cpu manager error: not all reserved cpus: \"0-1\" "
        + "are present in defaultCpuSet: \"0,4-16,20-31\"");
  }

  @Test
  void unknownJsonIsRefused() throws IOException {
    Files.writeString(dir.resolve("memory_manager_state"), "\"not a checkpoint\"");
    assertUsageError(CliRun.reference("simulate", "--kubelet-config", CONFIG, "--kubelet-state", dir.toString(),
        "--pods", MIXED), "--kubelet-state " + dir.resolve("memory_manager_state") + ": could not restore state from "
        + "checkpoint: json: cannot unmarshal string into Go value of type state.MemoryManagerCheckpointV1");
  }

  @Test
  void aCheckpointThatIsADirectoryIsRefused() throws IOException {
    Files.createDirectory(dir.resolve("cpu_manager_state"));
    assertUsageError(CliRun.reference("simulate", "--kubelet-config", CONFIG, "--kubelet-state", dir.toString(),
        "--pods", MIXED), "--kubelet-state " + dir.resolve("cpu_manager_state") + ": is a directory");
  }

  @Test
  void aCheckpointThatCannotBeReadIsRefused() throws IOException {
    Files.createSymbolicLink(dir.resolve("cpu_manager_state"), dir.resolve("gone"));
    assertUsageError(CliRun.reference("simulate", "--kubelet-config", CONFIG, "--kubelet-state", dir.toString(),
        "--pods", MIXED), "--kubelet-state " + dir.resolve("cpu_manager_state") + ": cannot read the checkpoint file");
  }

  @Test
  void aStateFolderThatDoesNotExistIsRefused() {
    assertUsageError(CliRun.reference("simulate", "--kubelet-state", dir.resolve("none").toString(), "--pods", MIXED),
        "--kubelet-state " + dir.resolve("none") + ": no such directory");
  }

  private static void assertUsageError(CliRun run, String expectedPrefix) {
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().lines()).singleElement().asString().startsWith("podtopo simulate: error: " + expectedPrefix);
  }
}
