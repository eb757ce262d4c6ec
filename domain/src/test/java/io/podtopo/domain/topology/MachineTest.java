package io.podtopo.domain.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MachineTest {

  private static Machine.Builder twoNodes() {
    return new Machine.Builder()
        .name("m")
        .addCpus(Cpu.of(0, 0, 0, 0, 0), Cpu.of(1, 1, 0, 1, 0))
        .addNumaNodes(NumaNode.of(0, 1024), NumaNode.of(1, 1024));
  }

  @Test
  void duplicateCpuIdsAreRejected() {
    assertThatThrownBy(() -> twoNodes().addCpus(Cpu.of(1, 2, 0, 0, 0)).build())
        .isInstanceOf(InvalidMachineException.class)
        .hasMessage("m: CPU 1 is listed twice");
  }

  @Test
  void aCpuOnAnUnknownNumaNodeIsRejected() {
    assertThatThrownBy(() -> twoNodes().addCpus(Cpu.of(2, 2, 0, 5, 0)).build())
        .isInstanceOf(InvalidMachineException.class)
        .hasMessage("m: CPU 2 is on NUMA node 5, which the machine does not have");
  }

  @Test
  void duplicateNumaNodesAreRejected() {
    assertThatThrownBy(() -> twoNodes().addNumaNodes(NumaNode.of(1, 0)).build())
        .isInstanceOf(InvalidMachineException.class)
        .hasMessage("m: NUMA node 1 is listed twice");
  }

  @Test
  void aNonSquareDistanceMatrixIsRejected() {
    assertThatThrownBy(() -> twoNodes().putDistance(0, List.of(10, 20)).putDistance(1, List.of(20)).build())
        .isInstanceOf(InvalidMachineException.class)
        .hasMessageContaining("NUMA distance row of node 1 has 1 entries, expected 2")
        .hasMessageContaining("square");
  }

  @Test
  void distanceRowsMustCoverExactlyTheNumaNodes() {
    assertThatThrownBy(() -> twoNodes().putDistance(0, List.of(10, 20)).build())
        .isInstanceOf(InvalidMachineException.class)
        .hasMessage("m: NUMA distance rows [0] do not match the NUMA nodes [0, 1]");
  }

  @Test
  void aMachineNeedsACpu() {
    assertThatThrownBy(() -> new Machine.Builder().name("m").addNumaNodes(NumaNode.of(0, 0)).build())
        .isInstanceOf(InvalidMachineException.class)
        .hasMessage("m: a machine needs at least one CPU");
  }

  @Test
  void cpusAndNodesAreKeptSortedById() {
    Machine machine = new Machine.Builder()
        .name("m")
        .addCpus(Cpu.of(3, 3, 0, 1, 0), Cpu.of(0, 0, 0, 0, 0))
        .addNumaNodes(NumaNode.of(1, 0), NumaNode.of(0, 0))
        .build();
    assertThat(machine.cpus()).extracting(Cpu::id).containsExactly(0, 3);
    assertThat(machine.numaNodeIds()).containsExactly(0, 1);
  }

  @Test
  void sparseNumaIdsAboveTheMaskRangeAreAMachineFact() {
    Machine machine = new Machine.Builder()
        .name("sparse")
        .addCpus(Cpu.of(0, 0, 0, 0, 0), Cpu.of(1, 1, 0, 72, 0))
        .addNumaNodes(NumaNode.of(0, 0), NumaNode.of(72, 0))
        .putDistance(0, List.of(10, 16))
        .putDistance(72, List.of(16, 10))
        .build();
    assertThat(machine.cpusOfNode(72)).isEqualTo(CpuSet.of(1));
    assertThat(machine.distance(0, 72)).isEqualTo(16);
    assertThatThrownBy(() -> NumaNode.of(NumaNode.MAX_ID + 1, 0)).isInstanceOf(InvalidMachineException.class);
  }

  @Test
  void distancesAreReadByRowAndColumnPosition() {
    Machine machine = twoNodes().putAllDistances(Map.of(0, List.of(10, 21), 1, List.of(21, 10))).build();
    assertThat(machine.distance(1, 0)).isEqualTo(21);
    assertThat(machine.distance(1, 1)).isEqualTo(10);
    assertThat(machine.hasDistances()).isTrue();
    assertThatThrownBy(() -> twoNodes().build().distance(0, 1)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void ofCpusDerivesCpuOwningNodes() {
    Machine machine = Machine.ofCpus("f", List.of(Cpu.of(0, 0, 0, 1, 0), Cpu.of(1, 1, 0, 0, 0)));
    assertThat(machine.numaNodeIds()).containsExactly(0, 1);
    assertThat(machine.cpuSet()).isEqualTo(CpuSet.of(0, 1));
    assertThat(machine.cpusOfNode(1)).isEqualTo(CpuSet.of(0));
  }

  @Test
  void negativeCpuLabelsAreRejected() {
    assertThatThrownBy(() -> Cpu.of(0, -1, 0, 0, 0))
        .isInstanceOf(InvalidMachineException.class)
        .hasMessage("CPU 0: core is negative (-1)");
  }

  @Test
  void aDeviceOnANumaNodeTheMachineLacksIsRejected_dev14() {
    assertThatThrownBy(() -> twoNodes().addDevices(Device.of("nvidia.com/gpu", "GPU-0", 2)).build())
        .isInstanceOf(InvalidMachineException.class)
        .hasMessage("m: device \"GPU-0\" of \"nvidia.com/gpu\" is on NUMA node 2, which the machine does not have [0, 1]");
  }

  @Test
  void aDeviceIdListedTwiceForOneResourceIsRejected_dev14() {
    assertThatThrownBy(() -> twoNodes().addDevices(Device.of("nvidia.com/gpu", "GPU-0", 0),
        Device.of("nvidia.com/gpu", "GPU-0", 1)).build())
        .isInstanceOf(InvalidMachineException.class)
        .hasMessage("m: device \"GPU-0\" of \"nvidia.com/gpu\" is listed twice");
    assertThat(twoNodes().addDevices(Device.of("nvidia.com/gpu", "0", 0), Device.of("example.com/nic", "0", 0)).build()
        .devices()).hasSize(2);
  }

  @Test
  void aDeviceResourceMustBeAnExtendedResourceName_dev14() {
    assertThatThrownBy(() -> twoNodes().addDevices(Device.of("cpu", "a", 0)).build())
        .isInstanceOf(InvalidMachineException.class)
        .hasMessageContaining("\"cpu\" is not an extended resource name");
    assertThatThrownBy(() -> twoNodes().addDevices(Device.of("kubernetes.io/gpu", "a", 0)).build())
        .hasMessageContaining("is not an extended resource name");
  }

  @Test
  void devicesAreKeptByResourceThenInNaturalIdOrder_dev14() {
    Machine machine = twoNodes().addDevices(Device.of("nvidia.com/gpu", "GPU-10", 1), Device.of("example.com/nic", "n", null),
        Device.of("nvidia.com/gpu", "GPU-9", 0)).build();
    assertThat(machine.devices()).extracting(Device::id).containsExactly("n", "GPU-9", "GPU-10");
    assertThat(machine.deviceResources()).containsExactly("example.com/nic", "nvidia.com/gpu");
    assertThat(machine.devicesOf("nvidia.com/gpu")).extracting(Device::numaNode)
        .containsExactly(java.util.Optional.of(0), java.util.Optional.of(1));
  }

  @Test
  void numaNodesOutOfOrderBehindSortedCpusAreSortedToo() {
    Machine machine = new Machine.Builder()
        .name("m")
        .addCpus(Cpu.of(0, 0, 0, 0, 0), Cpu.of(1, 1, 0, 1, 0))
        .addNumaNodes(NumaNode.of(1, 0), NumaNode.of(0, 0))
        .build();
    assertThat(machine.numaNodeIds()).containsExactly(0, 1);
  }

  @Test
  void aNumaNodeIsFoundByItsId() {
    Machine machine = new Machine.Builder()
        .name("m")
        .addCpus(Cpu.of(0, 0, 0, 0, 0), Cpu.of(1, 1, 0, 1, 0))
        .addNumaNodes(NumaNode.of(0, 1024), NumaNode.of(1, 2048))
        .build();
    assertThat(machine.numaNode(1).memoryBytes()).isEqualTo(2048);
    assertThat(machine.numaNode(0).memoryBytes()).isEqualTo(1024);
    assertThatThrownBy(() -> machine.numaNode(2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no NUMA node 2 on m");
  }

  @Test
  void aMachineSaysNothingOfItsMemoryOnlyWithoutBytesAndWithoutHugepagesOnEveryNode() {
    NumaNode empty = NumaNode.of(0, 0);
    assertThat(withNodes(empty, NumaNode.of(1, 0)).hasNoMemoryInformation()).isTrue();
    assertThat(withNodes(empty, new NumaNode.Builder().id(1).memoryBytes(0).putHugepage(2L << 20, 0L).build())
        .hasNoMemoryInformation()).as("an empty hugepage pool says nothing").isTrue();
    assertThat(withNodes(empty, new NumaNode.Builder().id(1).memoryBytes(0).putHugepage(2L << 20, 8L).build())
        .hasNoMemoryInformation()).as("hugepages on one node").isFalse();
    assertThat(withNodes(empty, NumaNode.of(1, 1024)).hasNoMemoryInformation()).as("memory on one node").isFalse();
  }

  private static Machine withNodes(NumaNode first, NumaNode second) {
    return new Machine.Builder().name("m").addCpus(Cpu.of(0, 0, 0, 0, 0), Cpu.of(1, 1, 0, 1, 0))
        .addNumaNodes(first, second).build();
  }

  @Test
  void everyNegativeCpuLabelIsRejectedNamingIt() {
    assertThatThrownBy(() -> Cpu.of(-1, 0, 0, 0, 0)).isInstanceOf(InvalidMachineException.class)
        .hasMessage("CPU -1: id is negative (-1)");
    assertThatThrownBy(() -> Cpu.of(0, 0, -2, 0, 0)).isInstanceOf(InvalidMachineException.class)
        .hasMessage("CPU 0: socket is negative (-2)");
    assertThatThrownBy(() -> Cpu.of(0, 0, 0, -3, 0)).isInstanceOf(InvalidMachineException.class)
        .hasMessage("CPU 0: numaNode is negative (-3)");
    assertThatThrownBy(() -> Cpu.of(0, 0, 0, 0, -4)).isInstanceOf(InvalidMachineException.class)
        .hasMessage("CPU 0: uncoreCache is negative (-4)");
  }

  @Test
  void cpuIdsGoUpTo65535AndNumaIdsUpTo1023() {
    assertThat(Cpu.of(CpuSet.MAX_CPU_ID, 0, 0, NumaNode.MAX_ID, 0).id()).isEqualTo(65_535);
    assertThatThrownBy(() -> Cpu.of(65_536, 0, 0, 0, 0)).isInstanceOf(InvalidMachineException.class)
        .hasMessage("CPU id 65536 is above 65535");
    assertThatThrownBy(() -> Cpu.of(7, 0, 0, 1024, 0)).isInstanceOf(InvalidMachineException.class)
        .hasMessage("CPU 7: NUMA node 1024 is above 1023");
    assertThat(NumaNode.of(NumaNode.MAX_ID, 0).id()).isEqualTo(1023);
    assertThatThrownBy(() -> NumaNode.of(1024, 0)).isInstanceOf(InvalidMachineException.class)
        .hasMessage("NUMA node id 1024 is outside 0..1023");
    assertThatThrownBy(() -> NumaNode.of(-1, 0)).isInstanceOf(InvalidMachineException.class)
        .hasMessage("NUMA node id -1 is outside 0..1023");
  }

  @Test
  void aHugepagePoolHasAPositivePageSizeAndMayBeEmpty() {
    assertThat(new NumaNode.Builder().id(0).memoryBytes(0).putHugepage(2L << 20, 0L).build().hugepages())
        .containsEntry(2L << 20, 0L);
    assertThatThrownBy(() -> new NumaNode.Builder().id(0).memoryBytes(0).putHugepage(0L, 4L).build())
        .isInstanceOf(InvalidMachineException.class)
        .hasMessage("NUMA node 0: bad hugepage pool 4 x 0 bytes");
    assertThatThrownBy(() -> new NumaNode.Builder().id(1).memoryBytes(0).putHugepage(2L << 20, -1L).build())
        .isInstanceOf(InvalidMachineException.class)
        .hasMessage("NUMA node 1: bad hugepage pool -1 x 2097152 bytes");
  }

  @Test
  void aDeviceNumaNodeIsANumaIdOf0To1023_dev14() {
    assertThat(Device.of("example.com/nic", "n", NumaNode.MAX_ID).numaNode()).contains(1023);
    assertThatThrownBy(() -> Device.of("example.com/nic", "n", 1024)).isInstanceOf(InvalidMachineException.class)
        .hasMessage("device \"n\" of \"example.com/nic\": NUMA node 1024 is outside 0..1023");
    assertThatThrownBy(() -> Device.of("example.com/nic", "n", -1)).isInstanceOf(InvalidMachineException.class)
        .hasMessage("device \"n\" of \"example.com/nic\": NUMA node -1 is outside 0..1023");
  }

  @Test
  void anExtendedResourceNameHasADomainAndANameOutsideKubernetesIo_dev14() {
    assertThat(Device.isExtendedResourceName("example.com/gpu")).isTrue();
    assertThat(Device.isExtendedResourceName("/gpu")).as("no domain").isFalse();
    assertThat(Device.isExtendedResourceName("example.com/")).as("no name").isFalse();
    assertThat(Device.isExtendedResourceName("gpu")).as("no slash").isFalse();
    assertThat(Device.isExtendedResourceName("requests.example.com/gpu")).as("a quota name").isFalse();
    assertThat(Device.isExtendedResourceName("foo.kubernetes.io/gpu")).as("a kubernetes.io subdomain").isFalse();
  }

  @Test
  void aDeviceReadsAsItsResourceIdNumaNodeAndHealth() {
    assertThat(Device.of("nvidia.com/gpu", "GPU-0", 1)).hasToString("nvidia.com/gpu/GPU-0@1");
    assertThat(Device.of("example.com/nic", "n", null)).hasToString("example.com/nic/n");
    assertThat(new Device.Builder().resource("example.com/nic").id("n").numaNode(Optional.of(0)).healthy(false).build())
        .hasToString("example.com/nic/n@0 unhealthy");
  }
}
