package io.podtopo.conformance.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every sysfs fixture's expected machine loads, is consistent, and round-trips through {@link MachineJson}. */
class MachineFixturesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  static Stream<Path> fixtures() throws IOException, URISyntaxException {
    Path dir = Path.of(MachineFixturesTest.class.getResource("/machines").toURI());
    List<Path> files;
    try (Stream<Path> listed = Files.list(dir)) {
      files = listed.filter(p -> p.getFileName().toString().endsWith(".expected.json")).sorted().toList();
    }
    return files.stream();
  }

  @Test
  void everySysfsFixtureIsBundled() throws IOException, URISyntaxException {
    assertThat(fixtures()).hasSize(15);
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void fixtureLoadsAndMatchesItsOwnCpulists(Path file) throws IOException {
    JsonNode json = JSON.readTree(file.toFile());
    Machine machine = FixtureJson.machine(json);
    assertThat(machine.name()).isEqualTo(json.get("name").asText());
    assertThat(machine.cpus()).hasSize(json.get("cpus").size());
    assertThat(machine.numaNodes()).hasSize(json.get("numaNodes").size());
    CpuSet all = CpuSet.empty();
    for (JsonNode node : json.get("numaNodes")) {
      CpuSet listed = CpuSet.parse(node.get("cpus").asText());
      assertThat(machine.cpusOfNode(node.get("id").asInt())).as("node %s", node.get("id")).isEqualTo(listed);
      all = all.union(listed);
    }
    assertThat(machine.cpuSet()).isEqualTo(all);
    JsonNode distances = json.get("numaDistances");
    if (distances.isNull()) {
      assertThat(machine.hasDistances()).isFalse();
    } else {
      assertThat(machine.distances().keySet()).containsExactlyElementsOf(machine.numaNodeIds());
      machine.distances().values().forEach(row -> assertThat(row).hasSize(machine.numaNodes().size()));
      for (int node : machine.numaNodeIds()) {
        assertThat(machine.distance(node, node)).isEqualTo(10);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void writtenMachineReadsBackEqualAndWritesIdentically(Path file) throws IOException {
    Machine machine = FixtureJson.machine(JSON.readTree(file.toFile()));
    JsonNode written = MachineJson.write(machine);
    Machine reread = FixtureJson.machine(written);
    assertThat(reread).isEqualTo(machine);
    assertThat(JSON.writeValueAsString(MachineJson.write(reread))).isEqualTo(JSON.writeValueAsString(written));
  }

  @Test
  void writesTheFixtureSchemaInAStableFieldOrder() throws IOException {
    Machine machine = new Machine.Builder()
        .name("tiny")
        .addCpus(Cpu.of(1, 1, 0, 1, 0), Cpu.of(0, 0, 0, 0, 0))
        .addNumaNodes(new NumaNode.Builder().id(0).memoryBytes(100).putHugepage(2_097_152L, 4L).build(),
            NumaNode.of(1, 200))
        .putAllDistances(Map.of(0, List.of(10, 21), 1, List.of(21, 10)))
        .build();
    assertThat(JSON.writeValueAsString(MachineJson.write(machine))).isEqualTo("{\"name\":\"tiny\",\"cpus\":["
        + "{\"id\":0,\"socket\":0,\"core\":0,\"uncoreCache\":0,\"numa\":0},"
        + "{\"id\":1,\"socket\":0,\"core\":1,\"uncoreCache\":0,\"numa\":1}],\"numaNodes\":["
        + "{\"id\":0,\"cpus\":\"0\",\"memoryBytes\":100,\"hugepages\":{\"2097152\":4}},"
        + "{\"id\":1,\"cpus\":\"1\",\"memoryBytes\":200}],"
        + "\"numaDistances\":{\"0\":[10,21],\"1\":[21,10]}}");
    assertThat(FixtureJson.machine(MachineJson.write(machine))).isEqualTo(machine);
  }
}
