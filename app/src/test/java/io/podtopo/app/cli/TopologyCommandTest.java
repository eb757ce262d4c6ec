package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.adapters.linux.sysfs.SysfsTopology;
import io.podtopo.app.input.MachineArgument;
import io.podtopo.domain.topology.Machine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code podtopo topology}: this node, sysfs trees and archives, catalog machines; table and JSON. */
class TopologyCommandTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path FIXTURES = Path.of("../fixtures/sysfs");

  @Test
  void withoutMachineItShowsThisNodeReadFromItsOwnSysfs() {
    CliRun run = CliRun.reference("topology");

    Machine host = SysfsTopology.read(SysfsTopology.HOST_ROOT).toMachine();
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.outLines().get(0)).endsWith(", " + host.cpus().size() + (host.cpus().size() == 1 ? " CPU" : " CPUs"));
    assertThat(run.out()).contains("NUMA node " + host.numaNodeIds().get(0));
  }

  @Test
  void aFixtureArchiveInJsonIsTheFixtureSchemaWithTheKernelsSocketIds() throws IOException {
    CliRun run = CliRun.reference("topology", "--machine", FIXTURES.resolve("256ppc-8n8s4t.tar.bz2").toString(),
        "--format", "json");

    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode json = JSON.readTree(run.out());
    assertThat(json.fieldNames()).toIterable().containsExactly("name", "cpus", "numaNodes", "numaDistances");
    assertThat(json.get("cpus")).hasSize(256);
    assertThat(json.get("cpus").get(0).get("socket").asInt()).as("physical_package_id as written").isEqualTo(-1);
    assertThat(json.get("numaNodes").get(2).get("id").asInt()).as("sparse NUMA ids").isEqualTo(4);
  }

  @Test
  void theJsonFedBackToMachineGivesTheSameMachine(@TempDir Path dir) throws IOException {
    Path archive = FIXTURES.resolve("64amd64-4s2n4ca2co.tar.bz2");
    Path saved = dir.resolve("node.json");
    Files.writeString(saved, CliRun.reference("topology", "--machine", archive.toString(), "--format", "json").out());

    CliRun again = CliRun.reference("topology", "--machine", saved.toString(), "--format", "json");
    CliRun table = CliRun.reference("topology", "--machine", saved.toString());

    assertThat(again.out()).isEqualTo(Files.readString(saved));
    assertThat(MachineArgument.resolve(saved.toString(), MachineCatalog.bundled()))
        .as("cadvisor's rule files each node-sized L3 as the node's: the kubelet's uncore cache is the socket")
        .isEqualTo(SysfsTopology.read(archive).toMachine());
    assertThat(table.out()).isEqualTo(CliRun.reference("topology", "--machine", archive.toString()).out());
  }

  @Test
  void aSysfsRootFolderAndItsSysFolderAreBothAccepted(@TempDir Path dir) throws IOException {
    CliRun viaRoot = CliRun.reference("topology", "--machine", "/");
    CliRun viaSys = CliRun.reference("topology", "--machine", "/sys");

    assertThat(viaRoot.exitCode()).as(viaRoot.err()).isZero();
    assertThat(viaSys.exitCode()).as(viaSys.err()).isZero();
    assertThat(viaSys.outLines().subList(1, viaSys.outLines().size()))
        .isEqualTo(viaRoot.outLines().subList(1, viaRoot.outLines().size()));
  }

  @Test
  void aCatalogMachineIsShownWithItsHugepagesAndDistances() {
    CliRun run = CliRun.reference("topology", "--machine", MachineCatalog.DEFAULT_MACHINE);

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("NUMA node 0 | 64Gi | hugepages 2Mi x 1024, 1Gi x 4 | 16 CPUs: 0-7,16-23")
        .contains("NUMA distances:");
  }

  @Test
  void aFolderThatIsNoSysfsRootIsOneLineNamingItWithExitTwo(@TempDir Path dir) {
    CliRun run = CliRun.reference("topology", "--machine", dir.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().lines()).singleElement().asString()
        .startsWith("podtopo topology: error: --machine: " + dir + ": not a sysfs root");
  }

  @Test
  void aCorruptArchiveIsOneLineNamingItWithExitTwoAndNothingWritten(@TempDir Path dir) throws IOException {
    Path archive = dir.resolve("node.tar.bz2");
    Files.writeString(archive, "not bzip2");

    CliRun run = CliRun.reference("topology", "--machine", archive.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err().lines()).singleElement().asString()
        .isEqualTo("podtopo topology: error: --machine: " + archive + ": corrupt archive: Stream is not in the BZip2 format");
    assertThat(Files.list(dir).toList()).containsExactly(archive);
  }

  @Test
  void anUnreadableSysfsFileIsOneLineNamingTheFile(@TempDir Path dir) throws IOException {
    Path cpu = Files.createDirectories(dir.resolve("sys/devices/system/cpu/cpu0/topology"));
    Files.writeString(dir.resolve("sys/devices/system/cpu/online"), "0\n");
    Files.writeString(cpu.resolve("physical_package_id"), "zero\n");

    CliRun run = CliRun.reference("topology", "--machine", dir.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err().lines()).singleElement().asString()
        .contains("sys/devices/system/cpu/cpu0/topology/physical_package_id").contains("\"zero\"");
  }

  @Test
  void aSysfsTreesDevicesAreShownOnTheirNumaNodeAndAMappingFileRenamesThem_dev17(@TempDir Path dir) throws IOException {
    Path archive = FIXTURES.resolve("32intel64-2p8co2t+8ve.tar.bz2");
    CliRun defaults = CliRun.reference("topology", "--machine", archive.toString());
    assertThat(defaults.exitCode()).as(defaults.err()).isZero();
    assertThat(defaults.out()).containsPattern("  NUMA node 0 .*\n    devices: nvidia.com/rdma 0000:1a:00.0");

    Path mapping = Files.writeString(dir.resolve("devices.conf"), "0x15b3 0x1013 0x0207 example.com/ib\n");
    CliRun renamed = CliRun.reference("topology", "--machine", archive.toString(), "--device-mapping", mapping.toString(),
        "--format", "json");
    assertThat(renamed.exitCode()).as(renamed.err()).isZero();
    assertThat(JSON.readTree(renamed.out()).get("devices").toString())
        .contains("{\"resource\":\"example.com/ib\",\"id\":\"0000:1a:00.0\",\"numa\":0}")
        .doesNotContain("nvidia.com/rdma");
  }

  @Test
  void aBadDeviceMappingIsOneLineExit2_dev17(@TempDir Path dir) throws IOException {
    Path mapping = Files.writeString(dir.resolve("bad.conf"), "0x15b3 * 0x0207\n");
    CliRun run = CliRun.reference("topology", "--device-mapping", mapping.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err().lines()).singleElement().asString().isEqualTo("podtopo topology: error: --device-mapping: "
        + mapping + ":1: expected VENDOR DEVICE CLASS RESOURCE, found \"0x15b3 * 0x0207\"");
  }
}
