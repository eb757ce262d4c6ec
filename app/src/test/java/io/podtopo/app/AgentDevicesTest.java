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
import io.podtopo.domain.topology.Device;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent serving devices (issue 13 acceptance, rules DEV-10, DEV-13, AU-15): on {@code gpu-2s}
 * it admits the GPU inference pods of {@code examples/gpu-inference} dropped into its pods folder
 * and its PodResources answers put each model server's GPU and NIC on the NUMA node of its CPUs and
 * memory, in pod scope (the bubble too) and in container scope; {@code inspect} shows the devices,
 * {@code audit} passes, and a restarted agent serves the same devices without allocating again.
 */
class AgentDevicesTest {

  private static final Path EXAMPLE = Path.of("../examples/gpu-inference");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final CpuSet NODE_0 = CpuSet.parse("0-15,32-47");
  private static final CpuSet NODE_1 = CpuSet.parse("16-31,48-63");

  @TempDir
  Path work;

  private final StringWriter log = new StringWriter();
  private RunningAgent running;

  @AfterEach
  void stopAgent() throws InterruptedException {
    stop();
  }

  @Test
  void podScopeEachPodsBubbleMemoryGpuAndNicAreOnOneNumaNodeAndARestartKeepsThem_dev10() throws Exception {
    Path pods = Files.createDirectory(work.resolve("pods"));
    Path socket = start("pod", pods);
    copyExamplePods(pods);
    PodResourcesView before;
    try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
      before = awaitView(client, view -> view.pods().size() == 2);
      PodResources first = before.pod("inference", "ml").orElseThrow();
      assertThat(first.cpuIds().isSubsetOf(NODE_0)).as("bubble on node 0: " + first.cpuIds()).isTrue();
      assertThat(first.memory()).extracting(MemoryBlock::numaAffinity).containsOnly(List.of(0));
      assertThat(server(first).devices()).containsExactly(Device.of("intel.com/sriov_netdevice", "sriov_netdevice-0", 0),
          Device.of("nvidia.com/gpu", "gpu-0", 0));
      PodResources replica = before.pod("inference-replica", "ml").orElseThrow();
      assertThat(replica.cpuIds().isSubsetOf(NODE_1)).as("bubble on node 1: " + replica.cpuIds()).isTrue();
      assertThat(replica.memory()).extracting(MemoryBlock::numaAffinity).containsOnly(List.of(1));
      assertThat(server(replica).devices()).containsExactly(
          Device.of("intel.com/sriov_netdevice", "sriov_netdevice-1", 1), Device.of("nvidia.com/gpu", "gpu-2", 1));
      assertThat(client.allocatable().devices()).hasSize(6);
    }
    JsonNode inspected = JSON.readTree(command("inspect", "--socket", socket.toString(), "--format", "json"));
    assertThat(inspected.get("pods").get(0).get("containers").get(1).get("devices").toString()).isEqualTo(
        "[{\"resource\":\"intel.com/sriov_netdevice\",\"id\":\"sriov_netdevice-0\",\"numa\":0},"
            + "{\"resource\":\"nvidia.com/gpu\",\"id\":\"gpu-0\",\"numa\":0}]");
    assertThat(command("inspect", "--socket", socket.toString(), "--machine", "gpu-2s"))
        .contains("DEVICES", "nvidia.com/gpu gpu-0 (ml/inference model-server), gpu-1 (free)");
    assertThat(command("audit", "--socket", socket.toString(), "--scope", "pod"))
        .containsPattern("devices-disjoint +pass").contains("0 failed");
    stop();

    start("pod", pods);
    try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
      assertThat(awaitView(client, view -> log.toString().contains("\"event\":\"restored\""))).isEqualTo(before);
    }
  }

  @Test
  void containerScopeEachModelServersCpusMemoryGpuAndNicAreOnOneNumaNode_dev10() throws Exception {
    Path pods = Files.createDirectory(work.resolve("pods"));
    Path socket = start("container", pods);
    copyExamplePods(pods);
    try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
      PodResourcesView view = awaitView(client, answer -> answer.pods().size() == 2);
      for (PodResources pod : view.pods()) {
        ContainerResources server = server(pod);
        int node = server.devices().get(0).numaNode().orElseThrow();
        assertThat(server.devices()).extracting(device -> device.numaNode().orElseThrow()).containsOnly(node);
        assertThat(server.cpuIds().isSubsetOf(node == 0 ? NODE_0 : NODE_1)).as(pod.name()).isTrue();
        assertThat(server.memory()).extracting(MemoryBlock::numaAffinity).containsOnly(List.of(node));
        assertThat(pod.cpuIds()).as("no pod-level fields in container scope").isEmpty();
      }
    }
    assertThat(command("audit", "--socket", socket.toString(), "--scope", "container")).contains("0 failed");
  }

  private Path start(String scope, Path pods) {
    Path socket = work.resolve("pod-resources.sock");
    LinuxNode node = LinuxNode.unenforced(CatalogMachineSource.of("gpu-2s"), work.resolve("state"));
    AgentOptions options = new AgentOptions(new PodsFolder(pods, "node-a", false), Duration.ofMillis(20),
        Optional.of(socket), new RateLimit(10_000, 1_000), Optional.empty());
    NodeSettings settings = KubeletConfigFile.read(EXAMPLE.resolve("kubelet-" + scope + "-scope.yaml"),
        FieldValidation.strict());
    running = RunningAgent.start(settings, node, options, log, "gpu-agent-under-test");
    return socket;
  }

  private void stop() throws InterruptedException {
    if (running != null) {
      running.close();
      running = null;
    }
  }

  private static void copyExamplePods(Path pods) throws IOException {
    for (String name : List.of("01-inference.yaml", "02-inference-replica.yaml")) {
      Files.copy(EXAMPLE.resolve("pods").resolve(name), pods.resolve(name));
    }
  }

  private static ContainerResources server(PodResources pod) {
    return pod.containers().stream().filter(c -> c.name().equals("model-server")).findFirst().orElseThrow();
  }

  private static String command(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status = Main.commandLine(PodtopoComponent.reference()).setOut(new PrintWriter(out))
        .setErr(new PrintWriter(err)).execute(args);
    assertThat(status).as(String.join(" ", args) + ": " + err + out).isZero();
    return out.toString();
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
