package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --machine}: a machine JSON file, a shape or a catalog name; errors name the argument. */
class MachineArgumentTest {

  private static final MachineCatalog CATALOG = MachineCatalog.bundled();

  @TempDir
  Path dir;

  @Test
  void catalogNameGivesTheCatalogMachine() {
    assertThat(MachineArgument.resolve("demo-2s", CATALOG)).isEqualTo(CATALOG.machine("demo-2s"));
  }

  @Test
  void shapeGivesASyntheticMachine() {
    Machine machine = MachineArgument.resolve("2s4n8c2t,mem=64Gi", CATALOG);

    assertThat(machine.cpus()).hasSize(64);
    assertThat(machine.numaNodes()).hasSize(4);
  }

  @Test
  void machineJsonFileInTheSysfsFixtureSchemaIsRead() throws IOException {
    Path file = Files.writeString(dir.resolve("tiny.json"), """
        {"name": "tiny",
         "cpus": [{"id": 0, "socket": 0, "core": 0, "uncoreCache": 0, "numa": 0},
                  {"id": 1, "socket": 0, "core": 1, "uncoreCache": null, "numa": 1}],
         "numaNodes": [{"id": 0, "cpus": "0", "memoryBytes": 1073741824, "hugepages": {"2097152": 8}},
                       {"id": 1, "cpus": "1", "memoryBytes": 1073741824}],
         "numaDistances": {"0": [10, 20], "1": [20, 10]}}
        """);

    Machine machine = MachineArgument.resolve(file.toString(), CATALOG);

    assertThat(machine.name()).isEqualTo("tiny");
    assertThat(machine.numaNode(0).memoryBytes()).isEqualTo(1L << 30);
    assertThat(machine.distance(0, 1)).isEqualTo(20);
  }

  @Test
  void unknownNameSuggestsCloseNames() {
    assertThatThrownBy(() -> MachineArgument.resolve("demo-2", CATALOG))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith("--machine: unknown machine \"demo-2\"; did you mean demo-2s");
  }

  @Test
  void badShapeNamesThePart() {
    assertThatThrownBy(() -> MachineArgument.resolve("1s1n8c,l3=3", CATALOG))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith("--machine: machine shape \"1s1n8c,l3=3\": part \"l3=3\"");
  }

  @Test
  void missingOrMalformedJsonFileIsNamed() throws IOException {
    Path broken = Files.writeString(dir.resolve("broken.json"), "{\"cpus\": [");
    Path noCpus = Files.writeString(dir.resolve("nocpus.json"), "{\"name\": \"x\"}");

    assertThatThrownBy(() -> MachineArgument.resolve(dir.resolve("absent.json").toString(), CATALOG))
        .hasMessage("--machine: \"" + dir.resolve("absent.json") + "\": no such file");
    assertThatThrownBy(() -> MachineArgument.resolve(broken.toString(), CATALOG))
        .hasMessageStartingWith(broken + ": malformed JSON: ");
    assertThatThrownBy(() -> MachineArgument.resolve(noCpus.toString(), CATALOG))
        .hasMessage(noCpus + ": x: field \"cpus\" must be an array");
  }

  private Path tinyWithDevices(String devices) throws IOException {
    return Files.writeString(dir.resolve("gpus.json"), """
        {"name": "gpus",
         "cpus": [{"id": 0, "socket": 0, "core": 0, "uncoreCache": 0, "numa": 0},
                  {"id": 1, "socket": 1, "core": 1, "uncoreCache": 1, "numa": 1}],
         "numaNodes": [{"id": 0, "cpus": "0", "memoryBytes": 1073741824},
                       {"id": 1, "cpus": "1", "memoryBytes": 1073741824}],
         "numaDistances": null,
         "devices": %s}
        """.formatted(devices));
  }

  @Test
  void machineJsonDevicesAreReadWithTheirNumaNodeOrNone_dev14() throws IOException {
    Machine machine = MachineArgument.resolve(tinyWithDevices("""
        [{"resource": "nvidia.com/gpu", "id": "GPU-1", "numa": 1}, {"resource": "nvidia.com/gpu", "id": "GPU-0", "numa": 0},
         {"resource": "example.com/fpga", "id": "f", "numa": null}]""").toString(), CATALOG);
    assertThat(machine.devices()).containsExactly(Device.of("example.com/fpga", "f", null),
        Device.of("nvidia.com/gpu", "GPU-0", 0), Device.of("nvidia.com/gpu", "GPU-1", 1));
  }

  @Test
  void aDeviceOnAMissingNumaNodeOrADuplicateIdIsOneLineNamingTheFile_dev14() throws IOException {
    Path missingNode = tinyWithDevices("[{\"resource\": \"nvidia.com/gpu\", \"id\": \"GPU-0\", \"numa\": 3}]");
    assertThatThrownBy(() -> MachineArgument.resolve(missingNode.toString(), CATALOG))
        .isInstanceOf(InputException.class)
        .hasMessage(missingNode + ": gpus: device \"GPU-0\" of \"nvidia.com/gpu\" is on NUMA node 3, which the machine"
            + " does not have [0, 1]");
    assertThatThrownBy(() -> MachineArgument.topology(missingNode.toString(), CATALOG))
        .as("podtopo topology --machine FILE").isInstanceOf(InputException.class)
        .hasMessageStartingWith(missingNode + ": gpus: device \"GPU-0\"");
    Path duplicate = tinyWithDevices("[{\"resource\": \"nvidia.com/gpu\", \"id\": \"GPU-0\", \"numa\": 0},"
        + " {\"resource\": \"nvidia.com/gpu\", \"id\": \"GPU-0\", \"numa\": 1}]");
    assertThatThrownBy(() -> MachineArgument.resolve(duplicate.toString(), CATALOG))
        .isInstanceOf(InputException.class)
        .hasMessage(duplicate + ": gpus: device \"GPU-0\" of \"nvidia.com/gpu\" is listed twice");
    assertThatThrownBy(() -> MachineArgument.topology(duplicate.toString(), CATALOG))
        .as("podtopo topology --machine FILE").isInstanceOf(InputException.class)
        .hasMessage(duplicate + ": gpus: device \"GPU-0\" of \"nvidia.com/gpu\" is listed twice");
    Path badNuma = tinyWithDevices("[{\"resource\": \"nvidia.com/gpu\", \"id\": \"GPU-0\", \"numa\": \"0\"}]");
    assertThatThrownBy(() -> MachineArgument.resolve(badNuma.toString(), CATALOG))
        .isInstanceOf(InputException.class)
        .hasMessage(badNuma + ": devices[0].numa: expected a NUMA node id or null, found \"0\"");
  }
}
