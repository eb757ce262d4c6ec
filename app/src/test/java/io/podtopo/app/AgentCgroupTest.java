package io.podtopo.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.adapters.grpc.PodResourcesClient;
import io.podtopo.adapters.grpc.RateLimit;
import io.podtopo.adapters.linux.cgroup.CgroupDriver;
import io.podtopo.adapters.linux.cgroup.CpusetHierarchy;
import io.podtopo.adapters.linux.cgroup.RealCpusetKernel;
import io.podtopo.adapters.linux.sysfs.SysfsMachineSource;
import io.podtopo.adapters.linux.sysfs.SysfsTopology;
import io.podtopo.app.agent.Agent;
import io.podtopo.app.agent.AgentOptions;
import io.podtopo.app.agent.DecisionLog;
import io.podtopo.app.agent.PodsFolder;
import io.podtopo.app.input.BuiltInKubeletConfig;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.topology.CpuSet;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent pins for real (issue 8 acceptance): with a cgroup root in this machine's cgroup v1
 * cpuset hierarchy, a process started in a container's cgroup runs on exactly the CPUs the agent
 * reports for that container over PodResources (P§10: the container cpuset is its exclusive slice);
 * a released pod's cgroups are removed once no process is left in them; and {@code podtopo audit}
 * finds the same cgroups by the same {@code --cgroup-root}. Needs root and a v1 cpuset hierarchy;
 * cleans up its cgroups and processes whatever happens. Rules AG-5, AG-7.
 */
class AgentCgroupTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String POD = """
      apiVersion: v1
      kind: Pod
      metadata:
        name: pinned
        namespace: trading
        uid: 6b1f0c3e-0000-4000-8000-00000000a1a1
      spec:
        containers:
          - name: engine
            resources:
              requests: {cpu: "1", memory: 128Mi}
              limits: {cpu: "1", memory: 128Mi}
      """;

  @TempDir
  Path work;

  private RealCpusetKernel kernel;
  private Path parent;
  private String cgroupRoot;
  private Path pods;
  private Path socket;
  private final StringWriter log = new StringWriter();
  private Agent agent;

  @BeforeEach
  void startAnAgentPinningBelowATestCgroup() throws IOException {
    kernel = RealCpusetKernel.require(CpusetHierarchy.SELF_MOUNTINFO, Path.of("/proc/self/status"));
    parent = kernel.createRoot("podtopo-test-" + UUID.randomUUID().toString().substring(0, 8));
    cgroupRoot = "/" + parent.getFileName();
    SysfsMachineSource host = new SysfsMachineSource(SysfsTopology.HOST_ROOT);
    pods = Files.createDirectory(work.resolve("pods"));
    socket = work.resolve("pod-resources.sock");
    LinuxNode node = new LinuxNode(host, work.resolve("state"), Optional.of(cgroupRoot),
        CpusetHierarchy.SELF_MOUNTINFO, CgroupDriver.CGROUPFS);
    AgentOptions options = new AgentOptions(new PodsFolder(pods, "node-a", false), Duration.ofMillis(20),
        Optional.of(socket), RateLimit.KUBELET_DEFAULT, Optional.empty());
    agent = PodtopoComponent.reference().agent()
        .create(BuiltInKubeletConfig.fittedTo(host.machine()), node, options,
            new DecisionLog(new PrintWriter(log), Clock.systemUTC()))
        .agent();
    agent.start();
  }

  @AfterEach
  void stopTheAgentAndRemoveTheCgroups() throws IOException, InterruptedException {
    try {
      if (agent != null) {
        agent.close();
      }
    } finally {
      if (kernel != null) {
        kernel.cleanUp(parent);
      }
    }
  }

  private Path podCgroup() {
    return parent.resolve("pod6b1f0c3e-0000-4000-8000-00000000a1a1");
  }

  private Path engineCgroup() {
    return podCgroup().resolve("podtopo-engine");
  }

  private void admitThePod() throws IOException {
    Files.writeString(pods.resolve("pinned.yaml"), POD);
    agent.scanOnce();
  }

  @Test
  void aProcessInAContainerCgroupRunsOnExactlyTheCpusTheAgentReportsForIt() throws Exception {
    admitThePod();

    CpuSet reported;
    try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
      PodResources pod = client.get("trading", "pinned").orElseThrow(() -> new AssertionError("not admitted: " + log));
      reported = pod.containers().stream().filter(c -> c.name().equals("engine")).findFirst()
          .map(ContainerResources::cpuIds).orElseThrow();
    }
    assertThat(reported.size()).as("one exclusive CPU reported").isEqualTo(1);
    Process engine = kernel.sleepIn(engineCgroup());

    assertThat(RealCpusetKernel.status(engine, "Cpus_allowed_list")).isEqualTo(reported.toString());
  }

  /**
   * Issue 24 item 12: once the agent releases a pod (its manifest removed) it removes the pod's
   * cgroups, its container's first, as the kubelet does. While a process is still in one the kernel
   * refuses ({@code Device or resource busy}): the agent logs {@code cgroup-write-failed}, as for a
   * failed write, and tries again with every scan.
   */
  @Test
  void issue24_item12_aReleasedPodsCgroupsAreRemovedOnceNoProcessIsLeftInThem() throws Exception {
    admitThePod();
    assertThat(engineCgroup()).as("pinned: " + log).isDirectory();
    Process engine = kernel.sleepIn(engineCgroup());

    Files.delete(pods.resolve("pinned.yaml"));
    agent.scanOnce();

    List<JsonNode> failures = events("cgroup-write-failed");
    assertThat(failures).isNotEmpty().allSatisfy(line -> assertThat(line.get("message").asText())
        .isEqualTo("cgroup " + engineCgroup() + ": cannot remove it: Device or resource busy (tried 3 times)"));
    assertThat(failures.get(0).get("pod").asText()).isEqualTo("trading/pinned");
    assertThat(engineCgroup()).isDirectory();

    kernel.kill(engine, engineCgroup());
    agent.scanOnce();

    assertThat(podCgroup()).doesNotExist();
    assertThat(parent).isDirectory();
    assertThat(events("cgroup-write-failed")).as("no failure once the process left: " + log).hasSize(failures.size());
  }

  /**
   * Issue 24 item 4: {@code --cgroup-root} means the same in every command, a cgroup of the cpuset
   * hierarchy {@code /proc/self/mountinfo} shows: {@code podtopo audit --cgroup-root} reads the very
   * cgroups the agent pins below the same {@code --cgroup-root}, and finds them applied.
   */
  @Test
  void issue24_item4_theAuditReadsTheCgroupsTheAgentPinsByTheSameCgroupRoot() throws Exception {
    admitThePod();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();

    int status = Main.commandLine(PodtopoComponent.reference()).setOut(new PrintWriter(out))
        .setErr(new PrintWriter(err))
        .execute("audit", "--socket", socket.toString(), "--scope", "container", "--cgroup-root", cgroupRoot);

    assertThat(status).as(out + "" + err).isZero();
    assertThat(out.toString().lines()).contains(
        "cgroups:  3 cgroups at and below " + cgroupRoot + " (" + parent + "), 1 leaf",
        "cgroup-exclusive-cpus-applied       pass    0",
        "12 rules: 12 passed, 0 failed, 0 not checked");
  }

  private List<JsonNode> events(String event) {
    return log.toString().lines().map(AgentCgroupTest::json).filter(line -> line.get("event").asText().equals(event))
        .toList();
  }

  private static JsonNode json(String line) {
    try {
      return JSON.readTree(line);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
