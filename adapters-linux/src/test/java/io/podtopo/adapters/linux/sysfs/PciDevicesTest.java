package io.podtopo.adapters.linux.sysfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Devices from sysfs (rule DEV-17): PCI functions a {@link DeviceMapping} names, with the NUMA node
 * of their {@code numa_node}, on synthetic trees, real archives and this machine's {@code /sys}.
 */
class PciDevicesTest {

  private static final String PCI = "sys/devices/pci0000:00/";

  @TempDir
  Path dir;

  private static FakeSysfs function(FakeSysfs tree, String folder, String vendor, String device, String classCode,
      String numaNode) {
    tree.file(folder + "/vendor", vendor + "\n").file(folder + "/device", device + "\n")
        .file(folder + "/class", classCode + "\n");
    return numaNode == null ? tree : tree.file(folder + "/numa_node", numaNode + "\n");
  }

  @Test
  void gpusAndNicsTheDefaultMappingNamesAreDevicesOnTheirNumaNode_dev17() {
    FakeSysfs tree = FakeSysfs.smallMachine(dir);
    function(tree, PCI + "0000:00:01.0", "0x8086", "0x2030", "0x060400", "0");
    function(tree, PCI + "0000:00:01.0/0000:3b:00.0", "0x10de", "0x2330", "0x030200", "0");
    function(tree, PCI + "0000:00:01.0/0000:3b:00.1", "0x10de", "0x22a3", "0x040300", "0");
    function(tree, PCI + "0000:00:02.0", "0x15b3", "0x1021", "0x020700", "-1");
    function(tree, PCI + "0000:00:03.0", "0x8086", "0x1592", "0x020000", null);
    function(tree, PCI + "0000:00:04.0", "0x8086", "0x1521", "0x020000", "0");

    SysfsTopology topology = tree.read();

    assertThat(topology.devices()).containsExactly(
        Device.of("intel.com/sriov_netdevice", "0000:00:03.0", null),
        Device.of("nvidia.com/gpu", "0000:3b:00.0", 0),
        Device.of("nvidia.com/rdma", "0000:00:02.0", null));
    assertThat(topology.toMachine().devicesOf("nvidia.com/gpu")).containsExactly(Device.of("nvidia.com/gpu",
        "0000:3b:00.0", 0));
    assertThat(SysfsTopology.fromJson(topology.toJson())).isEqualTo(topology);
  }

  @Test
  void aMappingFileDecidesWhichFunctionsAreDevicesAndANodeTheTreeLacksIsNoNode_dev17() throws IOException {
    FakeSysfs tree = FakeSysfs.smallMachine(dir);
    function(tree, PCI + "0000:00:03.0", "0x1af4", "0x1041", "0x020000", "3");
    function(tree, PCI + "0000:00:04.0", "0x1af4", "0x1042", "0x018000", "0");
    Path mapping = Files.writeString(dir.resolve("devices.conf"), """
        # virtio devices, for a VM
        0x1af4 0x1041 0x0200 example.com/virtio-net
        0x1af4 *      *      example.com/virtio   # the rest
        """);

    SysfsTopology topology = SysfsTopology.read(tree.root(), DeviceMapping.read(mapping));

    assertThat(topology.devices()).containsExactly(Device.of("example.com/virtio", "0000:00:04.0", 0),
        Device.of("example.com/virtio-net", "0000:00:03.0", null));
    assertThat(SysfsTopology.read(tree.root(), DeviceMapping.none()).devices()).isEmpty();
  }

  @Test
  void aBadMappingLineIsOneErrorNamingTheFileAndLine_dev17() throws IOException {
    Path fields = Files.writeString(dir.resolve("a.conf"), "0x10de * nvidia.com/gpu\n");
    assertThatThrownBy(() -> DeviceMapping.read(fields))
        .hasMessage(fields + ":1: expected VENDOR DEVICE CLASS RESOURCE, found \"0x10de * nvidia.com/gpu\"");
    Path vendor = Files.writeString(dir.resolve("b.conf"), "\n10de * 0x0302 nvidia.com/gpu\n");
    assertThatThrownBy(() -> DeviceMapping.read(vendor))
        .hasMessage(vendor + ":2: vendor \"10de\" is neither 4 hex digits such as 0x10de nor *");
    Path resource = Files.writeString(dir.resolve("c.conf"), "0x10de * 0x0302 gpu\n");
    assertThatThrownBy(() -> DeviceMapping.read(resource))
        .hasMessage(resource + ":1: \"gpu\" is not an extended resource name (a domain/name outside kubernetes.io)");
  }

  @Test
  void aRealArchivesInfinibandNicIsADeviceOnNumaNode0AsItsNumaNodeFileSays_dev17() {
    SysfsTopology topology = Fixtures.topology("32intel64-2p8co2t+8ve");

    assertThat(topology.devices()).contains(Device.of("nvidia.com/rdma", "0000:1a:00.0", 0));
    assertThat(topology.devices()).allSatisfy(device -> assertThat(device.resource()).isEqualTo("nvidia.com/rdma"));
    Machine machine = topology.toMachine();
    assertThat(machine.devices()).isEqualTo(topology.devices());
  }

  @Test
  void thisMachinesPciFunctionsAreEveryOneADeviceUnderACatchAllMapping_dev17() throws IOException {
    Pattern address = Pattern.compile("[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]");
    List<String> functions;
    Path bus = Path.of("/sys/bus/pci/devices");
    try (Stream<Path> entries = Files.isDirectory(bus) ? Files.list(bus) : Stream.empty()) {
      functions = entries.map(entry -> entry.getFileName().toString())
          .filter(name -> address.matcher(name).matches() && Files.isRegularFile(bus.resolve(name).resolve("vendor")))
          .sorted().toList();
    }

    SysfsTopology topology = SysfsTopology.read(SysfsTopology.HOST_ROOT,
        DeviceMapping.parse("catch-all", "* * * example.com/pci\n"));

    assertThat(topology.devices()).extracting(Device::id).containsExactlyInAnyOrderElementsOf(functions);
    assertThat(topology.devices()).allSatisfy(device -> device.numaNode().ifPresent(node ->
        assertThat(topology.numaNodes()).extracting(SysfsTopology.Node::id).contains(node)));
    assertThat(topology.toMachine().devices()).hasSameSizeAs(functions);
  }
}
