package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.linux.store.FileAllocationStore;
import io.podtopo.adapters.linux.store.StateDirectory;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.NodeSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code podtopo agent} refuses what it cannot use before it runs (issue 8, "Bad input"): one line on
 * standard error, exit status 2, nothing on standard output, and nothing changed on disk: the state
 * file, the file at the socket path and the pods folder are left as they were (rule AG-4).
 */
class AgentCommandTest {

  @TempDir
  Path dir;

  private Path pods;
  private Path state;

  @BeforeEach
  void createFolders() throws IOException {
    pods = Files.createDirectory(dir.resolve("pods"));
    Files.writeString(pods.resolve("web.yaml"), "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n"
        + "  containers:\n    - name: app\n");
    state = dir.resolve("state");
  }

  @Test
  void aPodsFolderThatIsAFileIsRefusedBeforeAnyStateIsCreated() {
    CliRun run = CliRun.reference("agent", "--machine", "demo-2s", "--pods-dir", pods.resolve("web.yaml").toString(),
        "--state-dir", state.toString());

    assertRefused(run, "--pods-dir " + pods.resolve("web.yaml") + ": not a directory");
    assertThat(state).doesNotExist();
  }

  /** Issue 24 item 1: a state folder that is a file is refused at once (it used to run, saving nothing). */
  @Test
  void aStateFolderThatIsAFileIsRefusedBeforeAnythingStarts() throws IOException {
    Path file = Files.writeString(dir.resolve("state-file"), "not a folder");

    CliRun run = CliRun.reference("agent", "--machine", "demo-2s", "--pods-dir", pods.toString(),
        "--state-dir", file.toString());

    assertRefused(run, "--state-dir " + file + ": not a directory");
    assertThat(file).hasContent("not a folder");
  }

  @Test
  void aSocketPathHoldingAFileIsRefusedAndTheFileAndTheStateAreLeftAsTheyWere() throws IOException {
    Path notASocket = Files.writeString(dir.resolve("kubelet.sock"), "precious");
    FileAllocationStore.open(state).save(savedSnapshot());
    byte[] saved = Files.readAllBytes(new StateDirectory(state).file());

    CliRun run = agent("--socket", notASocket.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).startsWith("podtopo agent: error: ").contains(notASocket.toString()).doesNotContain("\tat ");
    assertThat(run.out()).isEmpty();
    assertThat(notASocket).hasContent("precious");
    assertThat(Files.readAllBytes(new StateDirectory(state).file())).isEqualTo(saved);
  }

  @Test
  void aCorruptStateFileIsRefusedAndLeftInPlace() throws IOException {
    Files.createDirectory(state);
    Path file = Files.writeString(new StateDirectory(state).file(), "{\"version\": 1, \"checksum\": \"sha256:00\"");

    CliRun run = agent();

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).startsWith("podtopo agent: error: ").contains(file.toString()).hasLineCount(1);
    assertThat(run.out()).isEmpty();
    assertThat(file).hasContent("{\"version\": 1, \"checksum\": \"sha256:00\"");
    try (var files = Files.list(state)) {
      assertThat(files.map(path -> path.getFileName().toString())).containsExactly("node-state.json");
    }
  }

  @Test
  void aCgroupRootThatDoesNotExistIsRefused() {
    CliRun run = agent("--cgroup-root", "/podtopo-no-such-cgroup");

    assertThat(run.err()).isNotEqualTo("");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).startsWith("podtopo agent: error: the cgroup root ").contains("podtopo-no-such-cgroup")
        .contains("is not a directory");
    assertThat(run.out()).isEmpty();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "--scan-interval|0s|--scan-interval 0s: must be above 0 and below 292 years",
      "--scan-interval|5x|--scan-interval 5x: not a duration: give a number and a unit, e.g. 500ms, 60s, 5m or 1h30m",
      "--rate-limit|fast|--rate-limit fast: expected QPS[,BURST] such as 100,10",
      "--rate-limit|0,10|--rate-limit 0,10: the rate limit must be a positive number of requests a second, not 0.0",
      "--metrics-address|9464x|--metrics-address 9464x: expected PORT (on 127.0.0.1 only) or HOST:PORT such as 127.0.0.1:9464 or :9464 (every address)",
      "--cgroup-driver|docker|--cgroup-driver docker: expected cgroupfs or systemd"})
  void aBadOptionValueIsRefusedNamingTheOption(String option, String value, String message) {
    assertRefused(agent(option, value), message);
    assertThat(state).doesNotExist();
  }

  @Test
  void na1_featureGatesTheKubeletRefusesToStartWithAreRefusedBeforeAnyStateIsCreated() throws IOException {
    Path config = Files.writeString(pods.resolveSibling("kubelet.yaml"), "apiVersion: kubelet.config.k8s.io/v1beta1\n"
        + "kind: KubeletConfiguration\ncpuManagerPolicy: static\nreservedSystemCPUs: \"0\"\n"
        + "featureGates: {PodLevelResourceManagers: true, PodLevelResources: false}\n");

    CliRun run = agent("--kubelet-config", config.toString());

    assertRefused(run, config + ": featureGates: [InPlacePodLevelResourcesVerticalScaling is enabled, but depends "
        + "on features that are disabled: [PodLevelResources], PodLevelResourceManagers is enabled, but depends on "
        + "features that are disabled: [PodLevelResources], PodLevelResourcesFixDefaulting is enabled, but depends on "
        + "features that are disabled: [PodLevelResources], PodLevelResourcesFixKubeletQOSClass is enabled, but "
        + "depends on features that are disabled: [PodLevelResources]]");
    assertThat(state).doesNotExist();
  }

  @Test
  void na1_aCpuManagerOptionTheKubeletRefusesToStartWithIsBadInputNamingTheFileAndNoStateIsCreated() throws IOException {
    Path config = Files.writeString(pods.resolveSibling("kubelet.yaml"), "apiVersion: kubelet.config.k8s.io/v1beta1\n"
        + "kind: KubeletConfiguration\ncpuManagerPolicy: static\nreservedSystemCPUs: \"0\"\n"
        + "cpuManagerPolicyOptions: {distribute-cpus-across-cores: \"true\"}\n");

    CliRun run = agent("--kubelet-config", config.toString());

    assertRefused(run, config + ": cpuManagerPolicyOptions: CPU Manager Policy Alpha-level Options not enabled, "
        + "but option \"distribute-cpus-across-cores\" provided");
    assertThat(state).doesNotExist();
  }

  @Test
  void thePodsFolderAndTheStateFolderAreRequired() {
    CliRun run = CliRun.reference("agent", "--machine", "demo-2s");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).startsWith("podtopo agent: Missing required options: '--pods-dir=DIR', '--state-dir=DIR'");
  }

  private CliRun agent(String... extra) {
    List<String> args = new ArrayList<>(List.of("agent", "--machine", "demo-2s", "--pods-dir", pods.toString(),
        "--state-dir", state.toString()));
    args.addAll(List.of(extra));
    return CliRun.reference(args.toArray(String[]::new));
  }

  private static void assertRefused(CliRun run, String message) {
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).isEqualTo("podtopo agent: error: " + message + System.lineSeparator());
    assertThat(run.out()).isEmpty();
  }

  private static NodeSnapshot savedSnapshot() {
    return NodeSnapshot.of(NodeState.empty())
        .withAdmitted(NodeState.empty(), new Pod.Builder().uid("web").addContainer(Container.named("app")).build());
  }
}
