package io.podtopo.adapters.fake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Machine;
import java.util.List;
import org.junit.jupiter.api.Test;

class MachineCatalogTest {

  private final MachineCatalog catalog = MachineCatalog.bundled();

  @Test
  void namesAreSortedAndCoverTheVectorTopologiesAndTheRealShapes() {
    List<String> names = catalog.names();

    assertThat(names).isSorted();
    assertThat(names).contains("topoSingleSocketHT", "topoDualSocketHT", "topoDualSocketNoHT",
        "topoDualSocketMultiNumaPerSocketHT", "topoDualSocketMultiNumaPerSocketHTLarge",
        "topoQuadSocketFourWayHT", "topoUncoreSingleSocketNoSMT", "topoUncoreDualSocketNoSMT",
        "topoUncoreSingleSocketMultiNuma", "topoUncoreSingleSocketSMT", "returnMachineInfo");
    assertThat(catalog.entries().stream().filter(e -> e.machine().numaNodes().get(0).memoryBytes() > 0))
        .hasSizeGreaterThanOrEqualTo(8);
  }

  @Test
  void everyEntryHasItsNameADescriptionAndAMachineOfThatName() {
    for (CatalogMachine entry : catalog.entries()) {
      assertThat(entry.description()).as(entry.name()).isNotBlank().doesNotContain("\n");
      assertThat(entry.machine().name()).isEqualTo(entry.name());
    }
  }

  @Test
  void realShapesHaveMemoryHugepagesAndADistanceMatrix() {
    catalog.entries().stream().filter(e -> !e.name().startsWith("topo") && !e.name().equals("returnMachineInfo"))
        .forEach(entry -> {
          Machine machine = entry.machine();
          assertThat(machine.hasDistances()).as(entry.name()).isTrue();
          assertThat(machine.numaNode(0).memoryBytes()).as(entry.name()).isPositive();
          assertThat(machine.numaNode(0).hugepages()).as(entry.name()).isNotEmpty();
        });
  }

  @Test
  void epycNps4Has384CpusOn8NumaNodesAnd24L3Caches() {
    Machine machine = catalog.machine("epyc-9654-2s-nps4");

    assertThat(machine.cpus()).hasSize(384);
    assertThat(machine.numaNodeIds()).hasSize(8);
    assertThat(machine.cpus().stream().map(Cpu::uncoreCache).distinct()).hasSize(24);
    assertThat(machine.cpus().stream().map(Cpu::socket).distinct()).hasSize(2);
  }

  @Test
  void gpuTrayHasFourCpuLessNumaNodes() {
    Machine machine = catalog.machine("gb200-tray");

    assertThat(machine.numaNodeIds()).containsExactly(0, 1, 2, 3, 4, 5);
    assertThat(machine.numaNodeIds().stream().filter(id -> machine.cpusOfNode(id).isEmpty())).hasSize(4);
  }

  @Test
  void theGpuServersCarryTheirGpusAndNicsOnTheirCpuNodes_dev14() {
    Machine tray = catalog.machine("gb200-tray");
    assertThat(tray.devicesOf("nvidia.com/gpu")).extracting(device -> device.numaNode().orElseThrow())
        .containsExactly(0, 0, 1, 1);
    assertThat(tray.devicesOf("nvidia.com/rdma")).hasSize(4);
    Machine gpu2s = catalog.machine("gpu-2s");
    assertThat(gpu2s.deviceResources()).containsExactly("intel.com/sriov_netdevice", "nvidia.com/gpu");
    assertThat(gpu2s.devicesOf("nvidia.com/gpu")).extracting(device -> device.numaNode().orElseThrow())
        .containsExactly(0, 0, 1, 1);
    Machine dgx = catalog.machine("dgx-h100-like");
    assertThat(dgx.devicesOf("nvidia.com/gpu")).hasSize(8);
    assertThat(dgx.devicesOf("nvidia.com/rdma")).hasSize(8);
  }

  @Test
  void graceIsOneNumaNodeWithoutSmtAndWithADistanceMatrix() {
    Machine machine = catalog.machine("grace-1s");

    assertThat(machine.cpus()).hasSize(72);
    assertThat(machine.cpus().stream().map(Cpu::core).distinct()).hasSize(72);
    assertThat(machine.distances()).containsOnlyKeys(0);
  }

  @Test
  void xeonSnc2HasTwoNumaNodesPerSocket() {
    Machine machine = catalog.machine("xeon-8480-2s-snc2");

    assertThat(machine.cpus()).hasSize(224);
    assertThat(machine.numaNodeIds()).hasSize(4);
    assertThat(machine.distance(0, 1)).isEqualTo(12);
    assertThat(machine.distance(0, 2)).isEqualTo(32);
  }

  @Test
  void quadSocketFourWayHtKeepsTheScatteredUpstreamNumbering() {
    Machine machine = catalog.machine("topoQuadSocketFourWayHT");

    assertThat(machine.cpus()).hasSize(288);
    assertThat(machine.cpus().stream().map(Cpu::core).distinct()).hasSize(72);
    assertThat(machine.cpus().get(1)).isEqualTo(Cpu.of(1, 64, 0, 0, 0));
    assertThat(machine.cpus().get(37)).isEqualTo(Cpu.of(37, 63, 3, 3, 0));
    assertThat(machine.cpus().get(287)).isEqualTo(Cpu.of(287, 62, 3, 3, 0));
  }

  @Test
  void upstreamFixturesWithoutL3HaveEveryCpuInUncoreCacheZeroAndNoMemory() {
    Machine machine = catalog.machine("topoDualSocketHT");

    assertThat(machine.cpus()).allSatisfy(cpu -> assertThat(cpu.uncoreCache()).isZero());
    assertThat(machine.numaNodes()).allSatisfy(node -> assertThat(node.memoryBytes()).isZero());
    assertThat(machine.hasDistances()).isFalse();
  }

  @Test
  void unknownNameListsCloseNames() {
    assertThatThrownBy(() -> catalog.machine("epyc"))
        .isInstanceOfSatisfying(UnknownMachineException.class, e ->
            assertThat(e.suggestions()).containsExactly("epyc-9654-2s-nps1", "epyc-9654-2s-nps4"))
        .hasMessage("unknown machine \"epyc\"; did you mean epyc-9654-2s-nps1, epyc-9654-2s-nps4?");
  }

  @Test
  void unknownNameWithATypoSuggestsTheNearestName() {
    assertThatThrownBy(() -> catalog.machine("grace-2s"))
        .isInstanceOfSatisfying(UnknownMachineException.class, e ->
            assertThat(e.suggestions()).startsWith("grace-1s"));
  }

  @Test
  void unknownNameWithNothingCloseListsEveryName() {
    assertThatThrownBy(() -> catalog.machine("zzzzzzzzzzzzzzzzzzzzzzzzzzz"))
        .hasMessageStartingWith("unknown machine \"zzzzzzzzzzzzzzzzzzzzzzzzzzz\"; known machines: ampere-altra-q80, ");
  }

  @Test
  void theDefaultMachineIsInTheCatalog() {
    assertThat(catalog.contains(MachineCatalog.DEFAULT_MACHINE)).isTrue();
  }
}
