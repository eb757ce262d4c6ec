package io.podtopo.app;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent pins for real (issue 8 acceptance): with a cgroup root in this machine's cgroup v1
 * cpuset hierarchy, a process started in a container's cgroup runs on exactly the CPUs the agent
 * reports for that container over PodResources (P§10: the container cpuset is its exclusive slice).
 * Needs root and a v1 cpuset hierarchy; cleans up its cgroups and process whatever happens. Rule AG-5.
 */
class AgentCgroupTest {

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

  @Test
  void aProcessInAContainerCgroupRunsOnExactlyTheCpusTheAgentReportsForIt() throws Exception {
    RealCpusetKernel kernel = RealCpusetKernel.require(CpusetHierarchy.SELF_MOUNTINFO, Path.of("/proc/self/status"));
    Path parent = kernel.createRoot("podtopo-test-" + UUID.randomUUID().toString().substring(0, 8));
    try {
      SysfsMachineSource host = new SysfsMachineSource(SysfsTopology.HOST_ROOT);
      Path pods = Files.createDirectory(work.resolve("pods"));
      Path socket = work.resolve("pod-resources.sock");
      LinuxNode node = new LinuxNode(host, work.resolve("state"), Optional.of(parent.getFileName().toString()),
          CpusetHierarchy.SELF_MOUNTINFO, CgroupDriver.CGROUPFS);
      AgentOptions options = new AgentOptions(new PodsFolder(pods, "node-a", false), Duration.ofMillis(20),
          Optional.of(socket), RateLimit.KUBELET_DEFAULT, Optional.empty());
      StringWriter log = new StringWriter();
      try (Agent agent = PodtopoComponent.reference().agent()
          .create(BuiltInKubeletConfig.fittedTo(host.machine()), node, options,
              new DecisionLog(new PrintWriter(log), Clock.systemUTC()))
          .agent()) {
        agent.start();
        Files.writeString(pods.resolve("pinned.yaml"), POD);
        agent.scanOnce();

        CpuSet reported;
        try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
          PodResources pod = client.get("trading", "pinned").orElseThrow(() -> new AssertionError("not admitted: " + log));
          reported = pod.containers().stream().filter(c -> c.name().equals("engine")).findFirst()
              .map(ContainerResources::cpuIds).orElseThrow();
        }
        assertThat(reported.size()).as("one exclusive CPU reported").isEqualTo(1);
        Path container = parent.resolve("pod6b1f0c3e-0000-4000-8000-00000000a1a1").resolve("podtopo-engine");
        Process engine = kernel.sleepIn(container);

        assertThat(RealCpusetKernel.status(engine, "Cpus_allowed_list")).isEqualTo(reported.toString());
      }
    } finally {
      kernel.cleanUp(parent);
    }
  }
}
