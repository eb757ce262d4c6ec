package io.podtopo.adapters.linux.sysfs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JSON of a topology is the schema of {@code fixtures/sysfs/*.expected.json}, and any machine
 * written through {@link SysfsTopology#fromMachine} reads back through {@link FixtureJson#machine}
 * (the schema's reader) to an equal machine.
 */
class TopologyJsonTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  static List<String> archives() {
    return Fixtures.archives();
  }

  static List<String> withExpected() {
    return Fixtures.withExpected();
  }

  static List<String> catalog() {
    return MachineCatalog.bundled().names();
  }

  @ParameterizedTest
  @MethodSource("withExpected")
  void theJsonOfAnArchiveIsItsExpectedFileButForHugepagesAndTheErrata(String name) throws Exception {
    ObjectNode written = Fixtures.topology(name).toJson();
    written.withArray("numaNodes").forEach(node -> ((ObjectNode) node).remove("hugepages"));
    JsonNode expected = Fixtures.expected(name);
    for (int cpu : ExpectedFixturesTest.EXPECTED_L3_WITHOUT_AN_L3.getOrDefault(name, Set.of())) {
      expected.get("cpus").forEach(entry -> {
        if (entry.get("id").asInt() == cpu) {
          ((ObjectNode) entry).putNull("uncoreCache");
        }
      });
    }
    assertThat(JSON.readTree(JSON.writeValueAsString(written))).isEqualTo(expected);
  }

  @Test
  void fieldsComeInTheSchemaOrderAndHugepagesOnlyWhereANodeHasPools() {
    SysfsTopology topology = Fixtures.topology("32intel64-2p8co2t+8ve");
    JsonNode json = topology.toJson();

    assertThat(names(json)).containsExactly("name", "cpus", "numaNodes", "numaDistances");
    assertThat(names(json.get("cpus").get(0))).containsExactly("id", "socket", "core", "uncoreCache", "numa");
    assertThat(names(json.get("numaNodes").get(0))).containsExactly("id", "cpus", "memoryBytes", "hugepages");
    assertThat(json.get("numaNodes").get(0).get("hugepages").toString()).isEqualTo("{\"2097152\":2048,\"1073741824\":0}");
    assertThat(names(Fixtures.topology("2arm-2c").toJson().get("numaNodes").get(0)))
        .containsExactly("id", "cpus", "memoryBytes");
    assertThat(Fixtures.topology("2arm-2c").toJson().get("numaDistances").isNull()).isTrue();
  }

  @ParameterizedTest
  @MethodSource("archives")
  void theJsonOfAnArchiveReadsBackToItsMachineWithL3LabelsAsUncoreCacheIds(String name) throws Exception {
    SysfsTopology topology = Fixtures.topology(name);
    Machine machine = topology.toMachine();
    Machine readBack = FixtureJson.machine(JSON.readTree(JSON.writeValueAsString(topology.toJson())));

    List<Cpu> expected = new ArrayList<>();
    for (SysfsTopology.Cpu cpu : topology.cpus()) {
      int socket = Math.max(0, cpu.socket());
      expected.add(Cpu.of(cpu.id(), cpu.core(), socket, cpu.numaNode(), cpu.l3() == null ? socket : cpu.l3().group()));
    }
    assertThat(readBack.cpus()).isEqualTo(expected);
    assertThat(readBack.numaNodes()).isEqualTo(machine.numaNodes());
    assertThat(readBack.distances()).isEqualTo(machine.distances());
    assertThat(readBack.name()).isEqualTo(machine.name());
  }

  @ParameterizedTest
  @MethodSource("archives")
  void theMachineOfAnArchiveRoundTripsThroughTheSchema(String name) throws Exception {
    Machine machine = Fixtures.topology(name).toMachine();

    assertThat(roundTrip(machine)).isEqualTo(machine);
  }

  @ParameterizedTest
  @MethodSource("catalog")
  void everyCatalogMachineRoundTripsThroughTheSchema(String name) throws Exception {
    Machine machine = MachineCatalog.bundled().machine(name);

    assertThat(roundTrip(machine)).isEqualTo(machine);
    assertThat(SysfsTopology.fromMachine(machine).toMachine()).isEqualTo(machine);
  }

  @Test
  void theSameTopologyWritesTheSameBytes() throws Exception {
    String first = JSON.writeValueAsString(SysfsTopology.read(Fixtures.archive("48amd64-4pa2n6c-sparse")).toJson());
    String second = JSON.writeValueAsString(SysfsTopology.read(Fixtures.archive("48amd64-4pa2n6c-sparse")).toJson());

    assertThat(first).isEqualTo(second);
  }

  private static Machine roundTrip(Machine machine) throws Exception {
    String text = JSON.writeValueAsString(SysfsTopology.fromMachine(machine).toJson());
    return FixtureJson.machine(JSON.readTree(text));
  }

  private static List<String> names(JsonNode object) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
