package io.podtopo.adapters.linux.sysfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The quirks of real sysfs trees, each on a small tree written for the test. */
class SyntheticTreeTest {

  private static final String CPU = FakeSysfs.CPU;
  private static final String NODE = FakeSysfs.NODE;

  @TempDir
  Path dir;

  @Test
  void theSmallMachineReadsAsFourCoresOfTwoThreadsSharingOneL3() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).read();

    assertThat(cores(topology)).containsExactly("0,4", "1,5", "2,6", "3,7");
    assertThat(topology.cpus()).allSatisfy(cpu -> assertThat(cpu.l3()).isEqualTo(new SysfsTopology.L3(0, 0, false)));
    assertThat(topology.numaNodes()).containsExactly(node(0, CpuSet.range(0, 7), 1L << 30, Map.of()));
    assertThat(topology.distances()).isEmpty();
  }

  @Test
  void trailingNulBytesAndWhiteSpaceAreIgnored() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir)
        .bytes(CPU + "online", "0-7\n\0\0\0".getBytes(StandardCharsets.US_ASCII))
        .bytes(CPU + "cpu1/topology/physical_package_id", " 0 \n\0".getBytes(StandardCharsets.US_ASCII))
        .bytes(CPU + "cpu1/topology/thread_siblings_list", "1,5\0\0".getBytes(StandardCharsets.US_ASCII))
        .bytes(NODE + "node0/cpulist", "0-7\0".getBytes(StandardCharsets.US_ASCII))
        .read();

    assertThat(topology.cpus()).hasSize(8);
    assertThat(cores(topology)).containsExactly("0,4", "1,5", "2,6", "3,7");
  }

  @Test
  void hexMasksWithCommaSeparatedGroupsAreReadWhereTheListsAreMissing() {
    FakeSysfs tree = new FakeSysfs(dir).file(CPU + "online", "0-1,32-33\n");
    for (int cpu : new int[] {0, 1, 32, 33}) {
      String topology = CPU + "cpu" + cpu + "/topology/";
      tree.file(topology + "physical_package_id", "0\n").file(topology + "core_id", String.valueOf(cpu % 32))
          .file(topology + "thread_siblings", cpu % 32 == 0 ? "00000001,00000001\n" : "00000002,00000002\n")
          .file(CPU + "cpu" + cpu + "/cache/index3/level", "3\n")
          .file(CPU + "cpu" + cpu + "/cache/index3/shared_cpu_map", "00000000,00000003,00000003\n");
    }
    tree.file(NODE + "node0/cpumap", "00000000,00000001,00000001\n")
        .file(NODE + "node1/cpumap", "00000000,00000002,00000002\n");
    SysfsTopology topology = tree.read();

    assertThat(cores(topology)).containsExactly("0,32", "1,33");
    assertThat(topology.cpus()).allSatisfy(cpu -> assertThat(cpu.l3().group()).isZero());
    assertThat(topology.numaNodes()).extracting(SysfsTopology.Node::cpus)
        .containsExactly(CpuSet.of(0, 32), CpuSet.of(1, 33));
  }

  @Test
  void withoutANodeFolderTheMachineIsOneNode0WithEveryCpuAndTheMemoryOfProcMeminfo() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).delete("sys/devices/system/node")
        .file("proc/meminfo", "MemTotal:        2048 kB\nMemFree:  1 kB\n")
        .file("sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages", "16\n")
        .read();

    assertThat(topology.numaNodes()).containsExactly(
        node(0, CpuSet.range(0, 7), 2048L * 1024, Map.of(2L << 20, 16L)));
    assertThat(topology.cpus()).allSatisfy(cpu -> assertThat(cpu.numaNode()).isZero());
    assertThat(topology.toMachine().numaNode(0).hugepages()).containsEntry(2L << 20, 16L);
  }

  @Test
  void withoutANodeFolderOrProcMeminfoTheMemoryIsUnknown() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).delete("sys/devices/system/node").read();

    assertThat(topology.numaNodes()).containsExactly(node(0, CpuSet.range(0, 7), 0, Map.of()));
  }

  @Test
  void offlineCpusAreLeftOutEvenWhereNodesCoresAndCachesListThem() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).file(CPU + "online", "0-2,4-7\n").read();

    assertThat(topology.cpus()).extracting(SysfsTopology.Cpu::id).containsExactly(0, 1, 2, 4, 5, 6, 7);
    assertThat(cores(topology)).containsExactly("0,4", "1,5", "2,6", "7");
    assertThat(topology.numaNodes().get(0).cpus()).isEqualTo(CpuSet.of(0, 1, 2, 4, 5, 6, 7));
    assertThat(topology.cpus()).allSatisfy(cpu -> assertThat(cpu.l3().group()).isZero());
  }

  @Test
  void withoutCpuOnlineEveryCpuFolderIsOnlineUnlessItsOwnOnlineFileSays0() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).delete(CPU + "online")
        .file(CPU + "cpu5/online", "0\n").file(CPU + "cpu6/online", "").file(CPU + "cpu7/online", "1\n")
        .read();

    assertThat(topology.cpus()).extracting(SysfsTopology.Cpu::id).containsExactly(0, 1, 2, 3, 4, 6, 7);
  }

  @Test
  void anOnlineCpuWithoutATopologyFolderIsLeftOutAsHwlocAndCadvisorDo() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).file(CPU + "online", "0-8\n").read();

    assertThat(topology.cpus()).extracting(SysfsTopology.Cpu::id).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
  }

  @Test
  void sparseNumaIdsKeepTheirIdsAndTheDistanceRowsFollowAscendingIds() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).delete("sys/devices/system/node")
        .node(0, "0-1,4-5", 1024).node(2, "2,6", 1024).node(72, "3,7", 1024)
        .file(NODE + "node0/distance", "10 20 30\n").file(NODE + "node2/distance", "20 10 30\n")
        .file(NODE + "node72/distance", "30 30 10\n")
        .read();

    assertThat(topology.numaNodes()).extracting(SysfsTopology.Node::id).containsExactly(0, 2, 72);
    assertThat(topology.distances()).isEqualTo(new TreeMap<>(Map.of(0, List.of(10, 20, 30), 2, List.of(20, 10, 30),
        72, List.of(30, 30, 10))));
    Machine machine = topology.toMachine();
    assertThat(machine.distance(72, 2)).isEqualTo(30);
    assertThat(machine.cpusOfNode(72)).isEqualTo(CpuSet.of(3, 7));
  }

  @Test
  void aCpuLessNodeIsKeptWithItsMemoryAndHugepages() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).node(1, "", 4096)
        .file(NODE + "node1/hugepages/hugepages-1048576kB/nr_hugepages", "2\n")
        .file(NODE + "node0/distance", "10 40\n").file(NODE + "node1/distance", "40 10\n")
        .read();

    assertThat(topology.numaNodes().get(1))
        .isEqualTo(node(1, CpuSet.empty(), 4096L * 1024, Map.of(1L << 30, 2L)));
    Machine machine = topology.toMachine();
    assertThat(machine.cpusOfNode(1)).isEqualTo(CpuSet.empty());
    assertThat(machine.distance(0, 1)).isEqualTo(40);
  }

  @Test
  void everyHugepageSizeIsAPoolEvenAnEmptyOne() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir)
        .file(NODE + "node0/hugepages/hugepages-2048kB/nr_hugepages", "512\n")
        .file(NODE + "node0/hugepages/hugepages-1048576kB/nr_hugepages", "0\n")
        .read();

    assertThat(topology.numaNodes().get(0).hugepages()).containsExactly(Map.entry(2L << 20, 512L), Map.entry(1L << 30, 0L));
  }

  @Test
  void missingOptionalFilesReadAsUnknownPackageLoneCoresNoCacheNoMemoryAndNoDistances() {
    FakeSysfs tree = new FakeSysfs(dir).file(CPU + "online", "0-1\n")
        .file(CPU + "cpu0/topology/core_id", "0\n").file(CPU + "cpu1/topology/core_id", "1\n")
        .file(NODE + "node0/cpulist", "0-1\n");
    SysfsTopology topology = tree.read();

    assertThat(topology.cpus()).containsExactly(new SysfsTopology.Cpu(0, -1, 0, 0, null), new SysfsTopology.Cpu(1, -1, 1, 0, null));
    assertThat(topology.numaNodes()).containsExactly(node(0, CpuSet.of(0, 1), 0, Map.of()));
    assertThat(topology.distances()).isEmpty();
    assertThat(topology.toMachine().cpus()).containsExactly(Cpu.of(0, 0, 0, 0, 0), Cpu.of(1, 1, 0, 0, 0));
  }

  @Test
  void packageIdsAreKeptAsWrittenAndTheUnknownPackageIsSocket0InTheMachine() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir)
        .cpu(0, "-1", "0,4", 0).cpu(4, "-1", "0,4", 0).cpu(1, "8442", "1,5", 1).cpu(5, "8442", "1,5", 1)
        .read();

    assertThat(topology.cpus().get(0).socket()).isEqualTo(-1);
    assertThat(topology.cpus().get(1).socket()).isEqualTo(8442);
    assertThat(topology.toJson().get("cpus").get(0).get("socket").asInt()).isEqualTo(-1);
    Machine machine = topology.toMachine();
    assertThat(machine.cpus().get(0).socket()).isZero();
    assertThat(machine.cpus().get(1).socket()).isEqualTo(8442);
  }

  @Test
  void siblingsWithDifferentCoreIdsAreSeparateCoresAsOnAmdComputeUnits() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).cpu(0, "0", "0,4", 0).cpu(4, "0", "0,4", 9).read();

    assertThat(cores(topology)).containsExactly("0", "1,5", "2,6", "3,7", "4");
    assertThat(topology.toMachine().cpus().get(4).core()).isEqualTo(4);
  }

  @Test
  void theMachineCoreIsTheLowestThreadIdAsUpstreamGetUniqueCoreId() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).cpu(1, "0", "1,6", 1).cpu(6, "0", "1,6", 1)
        .cpu(2, "0", "2,5", 2).cpu(5, "0", "2,5", 2).read();

    Machine machine = topology.toMachine();
    assertThat(machine.cpus()).extracting(Cpu::core).containsExactly(0, 1, 2, 3, 0, 2, 1, 3);
  }

  @Test
  void theKubeletUsesAnL3IdOnlyWhereCadvisorReportsTheCacheAsAnUncoreCache() {
    FakeSysfs tree = new FakeSysfs(dir).file(CPU + "online", "0-11\n");
    for (int cpu = 0; cpu < 12; cpu++) {
      tree.cpu(cpu, "0", String.valueOf(cpu), cpu);
    }
    tree.l3(0, "0-1", "10").l3(1, "0-1", "10").l3(2, "2-3", "11").l3(3, "2-3", "11");
    for (int cpu = 4; cpu < 8; cpu++) {
      tree.l3(cpu, "4-7", "12");
    }
    for (int cpu = 8; cpu < 12; cpu++) {
      tree.l3(cpu, "8-11", null);
    }
    tree.node(0, "0-3", 1).node(1, "4-7", 1).node(2, "8-11", 1);
    SysfsTopology topology = tree.read();

    assertThat(topology.cpus().get(0).l3()).isEqualTo(new SysfsTopology.L3(0, 10, true));
    assertThat(topology.cpus().get(4).l3()).as("spans exactly its node: the node's cache for cadvisor")
        .isEqualTo(new SysfsTopology.L3(4, 12, false));
    assertThat(topology.cpus().get(8).l3()).as("no id").isEqualTo(new SysfsTopology.L3(8, null, false));
    assertThat(topology.toMachine().cpus()).extracting(Cpu::uncoreCache)
        .containsExactly(10, 10, 11, 11, 0, 0, 0, 0, 0, 0, 0, 0);
  }

  @Test
  void anL3WithoutAnIdKeepsItsGroupInTheJson() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).delete(CPU + "cpu0/cache/index3/id").read();

    assertThat(topology.cpus()).allSatisfy(cpu -> assertThat(cpu.l3().group()).isZero());
    assertThat(topology.cpus().get(0).l3().id()).isNull();
    assertThat(topology.cpus().get(1).l3().id()).as("the group's id is its lowest CPU's").isNull();
    assertThat(topology.toJson().get("cpus").get(3).get("uncoreCache").asInt()).isZero();
  }

  @Test
  void anInstructionL3IsNoL3AndADataL3Is() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir)
        .file(CPU + "cpu0/cache/index3/type", "Instruction\n")
        .file(CPU + "cpu0/cache/index4/level", "3\n").file(CPU + "cpu0/cache/index4/type", "Data\n")
        .file(CPU + "cpu0/cache/index4/shared_cpu_list", "0-7\n")
        .read();

    assertThat(topology.cpus()).allSatisfy(cpu -> assertThat(cpu.l3().group()).isZero());
  }

  @Test
  void l3SetsThatTheirCpusDoNotAllReportAreDroppedAsHwlocDropsConflictingCaches() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir)
        .file(CPU + "cpu2/cache/index3/shared_cpu_list", "0-3\n")
        .file(CPU + "cpu6/cache/index3/shared_cpu_map", "0000000f\n")
        .read();

    assertThat(topology.cpus().get(2).l3()).isNull();
    assertThat(topology.cpus().get(6).l3()).as("the map wins over the list, as hwloc and cadvisor read it").isNull();
    assertThat(topology.cpus().get(0).l3()).as("0-7 is not reported by 2 and 6").isNull();
  }

  @Test
  void anEmptySharedCpuMapMeansTheCoreAsHwlocReadsOldIa64Trees() {
    FakeSysfs tree = FakeSysfs.smallMachine(dir);
    for (int cpu = 0; cpu < 8; cpu++) {
      tree.file(CPU + "cpu" + cpu + "/cache/index3/shared_cpu_map", "00000000\n");
    }
    SysfsTopology topology = tree.read();

    assertThat(topology.cpus()).extracting(cpu -> cpu.l3().group()).containsExactly(0, 1, 2, 3, 0, 1, 2, 3);
  }

  @Test
  void nodesListingOfflineCpusHoldOnlyTheirOnlineOnes() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).file(CPU + "online", "0-5\n")
        .node(0, "0-1,4-5", 1).node(1, "2-3,6-7", 1).read();

    assertThat(topology.numaNodes()).extracting(SysfsTopology.Node::cpus)
        .containsExactly(CpuSet.of(0, 1, 4, 5), CpuSet.of(2, 3));
  }

  @Test
  void aCpuListedByNoNodeOrSeveralGoesWhereItsNodeLinkPointsElseToTheLowestCandidate() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).node(0, "0-3", 1).node(1, "2-5", 1)
        .link(2, 1).link(6, 5)
        .read();

    Map<Integer, Integer> nodeOf = new TreeMap<>();
    topology.cpus().forEach(cpu -> nodeOf.put(cpu.id(), cpu.numaNode()));
    assertThat(nodeOf).containsExactly(Map.entry(0, 0), Map.entry(1, 0), Map.entry(2, 1), Map.entry(3, 0),
        Map.entry(4, 1), Map.entry(5, 1), Map.entry(6, 5), Map.entry(7, 0));
    assertThat(topology.numaNodes()).extracting(SysfsTopology.Node::id).containsExactly(0, 1, 5);
    assertThat(topology.numaNodes().get(2).memoryBytes()).as("known only from the link").isZero();
    assertThat(topology.distances()).as("node 5 has no row").isEmpty();
  }

  @Test
  void distanceRowsThatDoNotFitTheNodesAreDropped() {
    SysfsTopology topology = FakeSysfs.smallMachine(dir).node(1, "", 1)
        .file(NODE + "node0/distance", "10 20 30\n").file(NODE + "node1/distance", "20 10 30\n")
        .read();

    assertThat(topology.distances()).isEmpty();
    assertThat(topology.toMachine().hasDistances()).isFalse();
  }

  @Test
  void aCpuAboveTheFirst64IsReadFromLongMasks() {
    assertThat(SysfsFiles.parseMask("00000001,00000000,00000000,00000000,0000ffff"))
        .isEqualTo(CpuSet.range(0, 15).union(CpuSet.of(128)));
    assertThat(SysfsFiles.parseMask("0")).isEqualTo(CpuSet.empty());
    assertThat(SysfsFiles.parseMask("")).isEqualTo(CpuSet.empty());
    assertThat(SysfsFiles.parseMask("123456789")).as("a group wider than 32 bits").isNull();
    assertThat(SysfsFiles.parseMask("ff,,ff")).isNull();
    assertThat(SysfsFiles.parseMask("fg")).isNull();
  }

  @Test
  void everyArchiveKindAndLayoutReadsAsTheFolder() {
    FakeSysfs tree = FakeSysfs.smallMachine(dir.resolve("tree"));
    SysfsTopology fromFolder = tree.read();

    for (Path archive : List.of(tree.pack(dir.resolve("top.tar.gz"), ""), tree.pack(dir.resolve("one.tgz"), "whatever"),
        tree.pack(dir.resolve("one.tar.bz2"), "snapshot"))) {
      SysfsTopology fromArchive = SysfsTopology.read(archive);
      String name = archive.getFileName().toString().replaceAll("\\.(tar\\.gz|tgz|tar\\.bz2)$", "");
      assertThat(fromArchive.name()).isEqualTo(name);
      assertThat(fromArchive).isEqualTo(new SysfsTopology(name, fromFolder.cpus(), fromFolder.numaNodes(),
          fromFolder.distances()));
    }
  }

  @Test
  void aFolderHoldingOneRootAndASysFolderReadAsTheRoot() {
    SysfsTopology root = FakeSysfs.smallMachine(dir.resolve("holder/root")).read();

    assertThat(SysfsTopology.read(dir.resolve("holder")).cpus()).isEqualTo(root.cpus());
    assertThat(SysfsTopology.read(dir.resolve("holder/root/sys")).cpus()).isEqualTo(root.cpus());
    assertThat(SysfsTopology.read(dir.resolve("holder/root")).name()).isEqualTo("root");
  }

  private static SysfsTopology.Node node(int id, CpuSet cpus, long memoryBytes, Map<Long, Long> hugepages) {
    return new SysfsTopology.Node(id, cpus, memoryBytes, new TreeMap<>(hugepages));
  }

  private static List<String> cores(SysfsTopology topology) {
    Map<Integer, CpuSet.Builder> cores = new TreeMap<>();
    topology.cpus().forEach(cpu -> cores.computeIfAbsent(cpu.core(), label -> new CpuSet.Builder()).add(cpu.id()));
    return cores.values().stream().map(core -> core.build().toString()).toList();
  }
}
