package io.podtopo.adapters.linux.sysfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every real machine's tree in {@code fixtures/sysfs} reads into a consistent topology and machine. */
class FixtureArchivesTest {

  static List<String> archives() {
    return Fixtures.archives();
  }

  @Test
  void theFixtureFolderHoldsAll42ArchivesAndTheir15Expectations() {
    assertThat(Fixtures.archives()).hasSizeGreaterThanOrEqualTo(Fixtures.ARCHIVES);
    assertThat(Fixtures.withExpected()).hasSizeGreaterThanOrEqualTo(Fixtures.EXPECTED);
    assertThat(Fixtures.archives()).containsAll(Fixtures.withExpected());
  }

  @ParameterizedTest
  @MethodSource("archives")
  void everyArchiveReadsIntoAConsistentTopology(String name) {
    SysfsTopology topology = Fixtures.topology(name);

    assertThat(topology.name()).isEqualTo(name);
    assertThat(topology.cpus()).isNotEmpty();
    CpuSet all = CpuSet.of(topology.cpus().stream().map(SysfsTopology.Cpu::id).toList());
    assertThat(all.size()).as("CPU ids are unique").isEqualTo(topology.cpus().size());
    CpuSet placed = CpuSet.empty();
    for (SysfsTopology.Node node : topology.numaNodes()) {
      assertThat(placed.intersects(node.cpus())).as("node %s overlaps another", node.id()).isFalse();
      placed = placed.union(node.cpus());
    }
    assertThat(placed).as("the nodes hold exactly the online CPUs").isEqualTo(all);
    Map<Integer, CpuSet.Builder> cores = new HashMap<>();
    Map<Integer, CpuSet.Builder> l3s = new HashMap<>();
    for (SysfsTopology.Cpu cpu : topology.cpus()) {
      assertThat(nodeOf(topology, cpu.numaNode()).cpus().contains(cpu.id())).isTrue();
      cores.computeIfAbsent(cpu.core(), label -> new CpuSet.Builder()).add(cpu.id());
      if (cpu.l3() != null) {
        l3s.computeIfAbsent(cpu.l3().group(), label -> new CpuSet.Builder()).add(cpu.id());
      }
    }
    cores.forEach((label, group) -> assertThat(group.build().first()).as("core label").isEqualTo(label));
    l3s.forEach((label, group) -> assertThat(group.build().first()).as("L3 label").isEqualTo(label));
  }

  @ParameterizedTest
  @MethodSource("archives")
  void everyArchiveGivesAValidMachineWithTheSameCpusCoresAndNodes(String name) {
    SysfsTopology topology = Fixtures.topology(name);
    Machine machine = topology.toMachine();

    assertThat(machine.cpus()).hasSameSizeAs(topology.cpus());
    for (int i = 0; i < machine.cpus().size(); i++) {
      SysfsTopology.Cpu read = topology.cpus().get(i);
      assertThat(machine.cpus().get(i).id()).isEqualTo(read.id());
      assertThat(machine.cpus().get(i).core()).isEqualTo(read.core());
      assertThat(machine.cpus().get(i).socket()).isEqualTo(Math.max(0, read.socket()));
      assertThat(machine.cpus().get(i).numaNode()).isEqualTo(read.numaNode());
    }
    assertThat(machine.numaNodeIds()).containsExactlyElementsOf(
        topology.numaNodes().stream().map(SysfsTopology.Node::id).toList());
    for (SysfsTopology.Node node : topology.numaNodes()) {
      assertThat(machine.cpusOfNode(node.id())).isEqualTo(node.cpus());
      assertThat(machine.numaNode(node.id()).memoryBytes()).isEqualTo(node.memoryBytes());
      assertThat(machine.numaNode(node.id()).hugepages()).isEqualTo(node.hugepages());
    }
    assertThat(machine.distances()).isEqualTo(topology.distances());
  }

  private static SysfsTopology.Node nodeOf(SysfsTopology topology, int id) {
    return topology.numaNodes().stream().filter(node -> node.id() == id).findFirst().orElseThrow();
  }
}
