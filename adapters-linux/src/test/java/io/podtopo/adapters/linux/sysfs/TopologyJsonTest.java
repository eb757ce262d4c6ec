package io.podtopo.adapters.linux.sysfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.List;
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
  void theJsonOfAnArchiveIsItsExpectedFileButForHugepagesAndDevices(String name) throws Exception {
    ObjectNode written = Fixtures.topology(name).toJson();
    written.withArray("numaNodes").forEach(node -> ((ObjectNode) node).remove("hugepages"));
    written.remove("devices");
    JsonNode expected = Fixtures.expected(name);
    assertThat(JSON.readTree(JSON.writeValueAsString(written))).isEqualTo(expected);
  }

  @Test
  void fieldsComeInTheSchemaOrderAndHugepagesAndDevicesOnlyWhereThereAreAny_dev17() {
    SysfsTopology topology = Fixtures.topology("32intel64-2p8co2t+8ve");
    JsonNode json = topology.toJson();

    assertThat(names(json)).containsExactly("name", "cpus", "numaNodes", "numaDistances", "devices");
    assertThat(names(json.get("devices").get(0))).containsExactly("resource", "id", "numa");
    assertThat(names(Fixtures.topology("2arm-2c").toJson())).doesNotContain("devices");
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

  @ParameterizedTest
  @MethodSource("archives")
  void theJsonOfAnArchiveReadsBackToTheSameTopologyWithLabelsForKernelCacheIds(String name) throws Exception {
    SysfsTopology topology = Fixtures.topology(name);
    JsonNode json = JSON.readTree(JSON.writeValueAsString(topology.toJson()));

    SysfsTopology readBack = SysfsTopology.fromJson(json);

    assertThat(readBack.cpus()).hasSameSizeAs(topology.cpus());
    for (int i = 0; i < topology.cpus().size(); i++) {
      SysfsTopology.Cpu cpu = topology.cpus().get(i);
      SysfsTopology.L3 l3 = cpu.l3();
      // the schema has no kernel cache id: the label stands for it, and a cache without one is taken to have one
      SysfsTopology.L3 expected = l3 == null ? null
          : new SysfsTopology.L3(l3.group(), l3.group(), l3.id() == null ? readBack.cpus().get(i).l3().uncore() : l3.uncore());
      assertThat(readBack.cpus().get(i))
          .isEqualTo(new SysfsTopology.Cpu(cpu.id(), cpu.socket(), cpu.core(), cpu.numaNode(), expected));
    }
    assertThat(readBack.numaNodes()).isEqualTo(topology.numaNodes());
    assertThat(readBack.distances()).isEqualTo(topology.distances());
    assertThat(JSON.readTree(JSON.writeValueAsString(readBack.toJson()))).isEqualTo(json);
  }

  @Test
  void anL3WithoutAKernelIdIsReportedOnceSavedAsJsonBecauseTheSchemaCannotSayItHasNone() throws Exception {
    SysfsTopology tree = Fixtures.topology("16em64t-4s2c2t");
    SysfsTopology readBack = SysfsTopology.fromJson(JSON.readTree(JSON.writeValueAsString(tree.toJson())));

    assertThat(tree.cpus().get(1).l3()).isEqualTo(new SysfsTopology.L3(1, null, false));
    assertThat(tree.toMachine().cpus().get(1).uncoreCache()).as("cadvisor reports no uncore cache: the socket").isEqualTo(1);
    assertThat(readBack.cpus().get(1).l3()).isEqualTo(new SysfsTopology.L3(1, 1, true));
  }

  @ParameterizedTest
  @MethodSource("archives")
  void kernelL3IdsOrderTheCachesAsTheirLowestCpusDoSoLabelsDecideAlike(String name) {
    List<SysfsTopology.L3> reported = Fixtures.topology(name).cpus().stream().map(SysfsTopology.Cpu::l3)
        .filter(l3 -> l3 != null && l3.uncore()).distinct().sorted(java.util.Comparator.comparingInt(SysfsTopology.L3::group))
        .toList();

    assertThat(reported).extracting(SysfsTopology.L3::id).isSorted().doesNotHaveDuplicates();
  }

  @ParameterizedTest
  @MethodSource("catalog")
  void everyCatalogMachineReadsBackThroughFromJson(String name) {
    Machine machine = MachineCatalog.bundled().machine(name);

    assertThat(SysfsTopology.fromJson(SysfsTopology.fromMachine(machine).toJson()).toMachine()).isEqualTo(machine);
  }

  @Test
  void aDocumentThatIsNotTheSchemaIsRefusedNamingTheField() throws Exception {
    assertThatThrownBy(() -> SysfsTopology.fromJson(JSON.readTree("[]")))
        .hasMessage("expected a JSON object with \"cpus\" and \"numaNodes\"");
    assertThatThrownBy(() -> SysfsTopology.fromJson(JSON.readTree("{\"cpus\":[{\"id\":0,\"socket\":0,\"core\":\"a\"}]}")))
        .hasMessage("cpus[0].core: expected an integer, found \"a\"");
    assertThatThrownBy(() -> SysfsTopology.fromJson(JSON.readTree(
        "{\"cpus\":[],\"numaNodes\":[{\"id\":0,\"cpus\":\"0-\",\"memoryBytes\":1}]}")))
        .hasMessageStartingWith("numaNodes[0].cpus: ");
    assertThatThrownBy(() -> SysfsTopology.fromJson(JSON.readTree(
        "{\"cpus\":[],\"numaNodes\":[{\"id\":0,\"cpus\":\"\",\"memoryBytes\":-1}]}")))
        .hasMessage("numaNodes[0].memoryBytes: expected a whole number, found -1");
    assertThatThrownBy(() -> SysfsTopology.fromJson(JSON.readTree(
        "{\"cpus\":[],\"numaNodes\":[],\"numaDistances\":{\"x\":[10]}}")))
        .hasMessage("numaDistances.x: the key is not a node id");
  }

  /**
   * Byte for byte, in the expected file's field and element order (not merely an equal JSON tree): the
   * expected file, written by another program, is the fixed value the bytes are compared with.
   */
  @Test
  void theSameTopologyWritesTheSameBytes() throws Exception {
    String written = JSON.writeValueAsString(SysfsTopology.read(Fixtures.archive("16em64t-4s2c2t")).toJson());

    assertThat(written).isEqualTo(JSON.writeValueAsString(Fixtures.expected("16em64t-4s2c2t")));
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
