package io.podtopo.app.agent;

import io.podtopo.app.input.FieldValidation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.app.input.KubeletConfigFile;
import io.podtopo.app.input.NodeConfigs;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.service.NodeResourceManagerService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** Nodes, folders and logs for the agent's tests: the KEP examples on the catalog machine demo-2s. */
final class AgentFixtures {

  static final Path EXAMPLES = Path.of("../examples");
  static final Machine MACHINE = CatalogMachineSource.of("demo-2s").machine();
  static final NodeConfig POD_SCOPE = config("pod-scope.yaml");
  static final NodeConfig CONTAINER_SCOPE = config("container-scope.yaml");
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-03T08:00:00Z"), ZoneOffset.UTC);
  private static final ObjectMapper JSON = new ObjectMapper();

  private AgentFixtures() {}

  static NodeConfig config(String kubeletFile) {
    return NodeConfigs.config(KubeletConfigFile.read(EXAMPLES.resolve("kubelet").resolve(kubeletFile), FieldValidation.strict()), MACHINE);
  }

  /** A node over fakes: {@code store} holds its state. */
  static NodeResourceManager node(NodeConfig config, InMemoryAllocationStore store) {
    return new NodeResourceManagerService(config, CatalogMachineSource.of(MACHINE), store, new RecordingCpusetWriter(),
        new InMemoryMetricsRecorder());
  }

  /** Copies the pod-scope example {@code name} into {@code folder}. */
  static Path copyExample(String scope, String name, Path folder) {
    try {
      return Files.copy(EXAMPLES.resolve("pods").resolve(scope).resolve(name), folder.resolve(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The JSON lines of a log's text. */
  static List<JsonNode> lines(String text) {
    List<JsonNode> lines = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (!line.isBlank()) {
        try {
          lines.add(JSON.readTree(line));
        } catch (IOException e) {
          throw new AssertionError("not a JSON line: " + line, e);
        }
      }
    }
    return lines;
  }
}
