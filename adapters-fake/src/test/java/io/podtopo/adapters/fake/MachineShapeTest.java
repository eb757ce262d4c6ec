package io.podtopo.adapters.fake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MachineShapeTest {

  @Test
  void layoutGivesSocketsNumaNodesCoresPerNodeAndThreads() {
    Machine machine = MachineShape.parse("2s4n8c2t").toMachine();

    assertThat(machine.cpus()).hasSize(64);
    assertThat(machine.numaNodeIds()).containsExactly(0, 1, 2, 3);
    assertThat(machine.cpus().stream().map(Cpu::socket).distinct()).containsExactly(0, 1);
    assertThat(machine.cpus().stream().map(Cpu::core).distinct()).hasSize(32);
    assertThat(machine.cpusOfNode(0)).isEqualTo(CpuSet.parse("0-7,32-39"));
    assertThat(machine.cpusOfNode(3)).isEqualTo(CpuSet.parse("24-31,56-63"));
    assertThat(machine.name()).isEqualTo("2s4n8c2t");
  }

  @Test
  void threadsDefaultToOneWhenTheTPartIsOmitted() {
    assertThat(MachineShape.parse("1s1n6c").toMachine().cpus()).hasSize(6);
  }

  @Test
  void farSiblingsAreNumberedIAndIPlusTotalCoresAndCoreIdIsTheLowestSibling() {
    Machine machine = MachineShape.parse("2s2n4c2t").toMachine();

    assertThat(cpu(machine, 3)).isEqualTo(Cpu.of(3, 3, 0, 0, 0));
    assertThat(cpu(machine, 11)).isEqualTo(Cpu.of(11, 3, 0, 0, 0));
    assertThat(cpu(machine, 12)).isEqualTo(Cpu.of(12, 4, 1, 1, 1));
  }

  @Test
  void nearSiblingsAreNumberedAdjacently() {
    Machine machine = MachineShape.parse("1s1n4c2t,siblings=near").toMachine();

    assertThat(cpu(machine, 0).core()).isEqualTo(0);
    assertThat(cpu(machine, 1).core()).isEqualTo(0);
    assertThat(cpu(machine, 2).core()).isEqualTo(2);
    assertThat(cpu(machine, 7).core()).isEqualTo(6);
  }

  @Test
  void interleavedOrderDealsCoresRoundRobinOverSockets() {
    Machine machine = MachineShape.parse("2s2n3c2t,order=interleaved").toMachine();

    assertThat(machine.cpusOfNode(0)).isEqualTo(CpuSet.parse("0,2,4,6,8,10"));
    assertThat(cpu(machine, 1)).isEqualTo(Cpu.of(1, 1, 1, 1, 1));
    assertThat(cpu(machine, 7)).isEqualTo(Cpu.of(7, 1, 1, 1, 1));
  }

  @Test
  void withoutL3EachSocketIsOneUncoreCache() {
    Machine machine = MachineShape.parse("2s4n2c").toMachine();

    assertThat(machine.cpus()).extracting(Cpu::uncoreCache).containsExactly(0, 0, 0, 0, 1, 1, 1, 1);
  }

  @Test
  void l3GroupsConsecutiveCoresIntoUncoreCaches() {
    Machine machine = MachineShape.parse("2s8n24c2t,l3=8").toMachine();

    assertThat(machine.cpus()).hasSize(384);
    assertThat(machine.cpus().stream().map(Cpu::uncoreCache).distinct()).hasSize(24);
    assertThat(cpu(machine, 8).uncoreCache()).isEqualTo(1);
    assertThat(cpu(machine, 192 + 8).uncoreCache()).isEqualTo(1);
  }

  @Test
  void nodesSpanningSeveralSocketsSplitTheirCoresEvenly() {
    Machine machine = MachineShape.parse("4s2n20c2t").toMachine();

    assertThat(machine.cpusOfNode(0)).isEqualTo(CpuSet.parse("0-19,40-59"));
    assertThat(machine.cpus().stream().filter(c -> c.socket() == 1).map(Cpu::id).toList())
        .isEqualTo(CpuSet.parse("10-19,50-59").toList());
  }

  @Test
  void memoryAndHugepagesArePerNumaNodeWithCpus() {
    Machine machine = MachineShape.parse("2s2n2c,mem=64Gi,hp1g=4,hp2m=512").toMachine();

    assertThat(machine.numaNode(1).memoryBytes()).isEqualTo(64L << 30);
    assertThat(machine.numaNode(1).hugepages()).isEqualTo(Map.of(2L << 20, 512L, 1L << 30, 4L));
  }

  @Test
  void memoryDefaultsTo32GiPerNode() {
    assertThat(MachineShape.parse("1s1n1c").toMachine().numaNode(0).memoryBytes()).isEqualTo(32L << 30);
  }

  @Test
  void cpulessNodesComeAfterTheCpuNodesWithTheirOwnMemoryAndNoCpus() {
    Machine machine = MachineShape.parse("2s2n4c,mem=16Gi,cpuless=2,cpulessmem=96Gi").toMachine();

    assertThat(machine.numaNodeIds()).containsExactly(0, 1, 2, 3);
    assertThat(machine.cpusOfNode(2).isEmpty()).isTrue();
    assertThat(machine.numaNode(3).memoryBytes()).isEqualTo(96L << 30);
    assertThat(machine.numaNode(3).hugepages()).isEmpty();
  }

  @Test
  void defaultDistancesAre10Local12SameSocket32RemoteAndCpulessNodesFarther() {
    Machine machine = MachineShape.parse("2s4n2c,cpuless=2").toMachine();

    assertThat(machine.distances().get(0)).containsExactly(10, 12, 32, 32, 40, 80);
    assertThat(machine.distances().get(3)).containsExactly(32, 32, 12, 10, 80, 40);
    assertThat(machine.distances().get(4)).containsExactly(40, 40, 80, 80, 10, 80);
  }

  @Test
  void nodesSpanningSocketsAreRemoteFromEachOther() {
    assertThat(MachineShape.parse("4s2n4c").toMachine().distances().get(0)).containsExactly(10, 32);
  }

  /** The machine a shape builds is fixed by the shape: compared with the machine written out by hand. */
  @Test
  void theSameShapeAlwaysBuildsTheSameMachine() {
    Machine expected = new Machine.Builder()
        .name("1s2n2c2t,l3=2,cpuless=1,mem=1Gi")
        .cpus(List.of(Cpu.of(0, 0, 0, 0, 0), Cpu.of(1, 1, 0, 0, 0), Cpu.of(2, 2, 0, 1, 1), Cpu.of(3, 3, 0, 1, 1),
            Cpu.of(4, 0, 0, 0, 0), Cpu.of(5, 1, 0, 0, 0), Cpu.of(6, 2, 0, 1, 1), Cpu.of(7, 3, 0, 1, 1)))
        .numaNodes(List.of(NumaNode.of(0, 1L << 30), NumaNode.of(1, 1L << 30), NumaNode.of(2, 1L << 30)))
        .putDistance(0, List.of(10, 12, 40))
        .putDistance(1, List.of(12, 10, 40))
        .putDistance(2, List.of(40, 40, 10))
        .build();

    assertThat(MachineShape.parse("1s2n2c2t,l3=2,cpuless=1,mem=1Gi").toMachine()).isEqualTo(expected);
  }

  @Test
  void devPutsThatManyDevicesOnEveryNumaNodeWithCpusNumberedAcrossTheMachine_dev14() {
    Machine machine = MachineShape.parse("2s2n4c,cpuless=1,dev=nvidia.com/gpu:2,dev=intel.com/sriov_netdevice:1").toMachine();
    assertThat(machine.devicesOf("nvidia.com/gpu")).containsExactly(Device.of("nvidia.com/gpu", "gpu-0", 0),
        Device.of("nvidia.com/gpu", "gpu-1", 0), Device.of("nvidia.com/gpu", "gpu-2", 1),
        Device.of("nvidia.com/gpu", "gpu-3", 1));
    assertThat(machine.devicesOf("intel.com/sriov_netdevice")).extracting(Device::id)
        .containsExactly("sriov_netdevice-0", "sriov_netdevice-1");
  }

  @Test
  void looksLikeShapeRecognisesTheLayoutOnly() {
    assertThat(MachineShape.looksLikeShape("2s4n8c2t,mem=1Gi")).isTrue();
    assertThat(MachineShape.looksLikeShape("epyc-9654-2s-nps4")).isFalse();
    assertThat(MachineShape.looksLikeShape("machine.json")).isFalse();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "2x4n8c2t | machine shape \"2x4n8c2t\": expected <sockets>s<numa nodes>n<cores per node>c<threads per core>t",
      "0s1n1c | machine shape \"0s1n1c\": sockets must be at least 1",
      "2s3n4c | machine shape \"2s3n4c\": 3 NUMA nodes cannot be spread evenly over 2 sockets",
      "4s2n3c | machine shape \"4s2n3c\": 3 cores per NUMA node cannot be split evenly",
      "1s1n8c,l3=3 | machine shape \"1s1n8c,l3=3\": part \"l3=3\": an L3 cache of 3 cores would straddle",
      "1s1n8c,mem=2x | machine shape \"1s1n8c,mem=2x\": part \"mem=2x\": invalid quantity \"2x\"",
      "1s1n8c,hp2m=lots | machine shape \"1s1n8c,hp2m=lots\": part \"hp2m=lots\": hugepages must be a whole number",
      "1s1n8c,colour=red | machine shape \"1s1n8c,colour=red\": part \"colour=red\": unknown key \"colour\"",
      "1s1n8c,siblings=sideways | part \"siblings=sideways\": \"sideways\" is not one of far|near",
      "1s1n8c,l3 | part \"l3\": expected key=value",
      "1s1n8c,l3=4,l3=2 | part \"l3=2\": \"l3\" is given twice",
      "1s65n1c | 65 NUMA nodes are more than the 64 supported",
      "1s1n8c,dev=gpu:2 | part \"dev=gpu:2\": \"gpu\" is not an extended resource name",
      "1s1n8c,dev=nvidia.com/gpu | part \"dev=nvidia.com/gpu\": expected dev=<resource>:<devices per NUMA node>",
      "1s1n8c,dev=nvidia.com/gpu:0 | devices per NUMA node must be at least 1",
      "1s1n8c,dev=a.io/x:1,dev=a.io/x:2 | part \"dev=a.io/x:2\": devices of \"a.io/x\" are given twice",
      "1s1n40000c2t | 80000 CPUs are more than the 65536 supported",
  })
  void parseErrorsNameTheTextAndThePartAtFault(String shape, String message) {
    assertThatThrownBy(() -> MachineShape.parse(shape))
        .isInstanceOf(MachineShapeException.class)
        .hasMessageContaining(message.strip());
  }

  @Test
  void parseErrorsKeepTheOffendingPart() {
    assertThatThrownBy(() -> MachineShape.parse("2s2n4c, mem=oops"))
        .isInstanceOfSatisfying(MachineShapeException.class, e -> {
          assertThat(e.shape()).isEqualTo("2s2n4c, mem=oops");
          assertThat(e.part()).isEqualTo("mem=oops");
        });
  }

  @Test
  void anEmptyShapeIsAnError() {
    assertThatThrownBy(() -> MachineShape.parse(" ")).hasMessageContaining("a shape is required");
  }

  private static Cpu cpu(Machine machine, int id) {
    List<Cpu> cpus = machine.cpus();
    return cpus.stream().filter(c -> c.id() == id).findFirst().orElseThrow();
  }
}
