// Embedding podtopo's node agent in another program: the same Dagger wiring `podtopo agent` uses.
//
// Run from the project root, after ./podtopo has built the CLI jar once:
//   java -cp app/target/podtopo-app-0.1.0-cli.jar examples/embed/EmbedAgent.java
//
// It runs the agent over the catalog machine demo-2s (decisions saved and served, nothing pinned),
// drops a KEP-5526 example into its pods folder, asks its PodResources socket what the pod got and
// derives the pod shared pool as PodResources consumers do (pod cpu_ids minus its containers').

import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.grpc.PodResourcesClient;
import io.podtopo.adapters.grpc.RateLimit;
import io.podtopo.app.LinuxNode;
import io.podtopo.app.PodtopoComponent;
import io.podtopo.app.agent.Agent;
import io.podtopo.app.agent.AgentOptions;
import io.podtopo.app.agent.DecisionLog;
import io.podtopo.app.agent.PodsFolder;
import io.podtopo.app.input.FieldValidation;
import io.podtopo.app.input.KubeletConfigFile;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.topology.CpuSet;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

public class EmbedAgent {

  public static void main(String[] args) throws Exception {
    Path work = Files.createTempDirectory("podtopo-embed");
    Path pods = Files.createDirectory(work.resolve("pods"));
    Path socket = work.resolve("pod-resources.sock");

    LinuxNode node = LinuxNode.unenforced(CatalogMachineSource.of("demo-2s"), work.resolve("state"));
    AgentOptions options = new AgentOptions(new PodsFolder(pods, "example-node", false), Duration.ofSeconds(1),
        Optional.of(socket), RateLimit.KUBELET_DEFAULT, Optional.empty());
    DecisionLog log = new DecisionLog(new PrintWriter(System.out), Clock.systemUTC());

    try (Agent agent = PodtopoComponent.reference().agent()
        .create(KubeletConfigFile.read(Path.of("examples/kubelet/pod-scope.yaml"), FieldValidation.strict()), node,
            options, log)
        .agent()) {
      agent.start();
      Files.copy(Path.of("examples/pods/pod-scope/02-mixed.yaml"), pods.resolve("02-mixed.yaml"));
      agent.scanOnce(); // what agent.run() does every scan interval

      try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
        PodResources pod = client.get("default", "pod-scope-mixed").orElseThrow();
        CpuSet slices = CpuSet.empty();
        System.out.println("pod " + pod.namespace() + "/" + pod.name() + ": cpu_ids " + pod.cpuIds());
        for (ContainerResources container : pod.containers()) {
          System.out.println("  container " + container.name() + ": cpu_ids "
              + (container.cpuIds().isEmpty() ? "(none: it runs on the pod shared pool)" : container.cpuIds()));
          slices = slices.union(container.cpuIds());
        }
        System.out.println("  pod shared pool: " + pod.cpuIds().difference(slices));
      }
    } finally {
      try (Stream<Path> files = Files.walk(work)) {
        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(file);
        }
      }
    }
  }
}
