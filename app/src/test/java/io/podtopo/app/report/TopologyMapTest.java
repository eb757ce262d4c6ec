package io.podtopo.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Golden pictures: {@code src/test/resources/io/podtopo/app/report/*.txt}. After a deliberate change
 * of the picture, run with {@code -Dpodtopo.updateGolden=true} to rewrite them, and review the diff.
 */
class TopologyMapTest {

  private static final String GOLDEN = "/io/podtopo/app/report/";
  private static final MachineCatalog CATALOG = MachineCatalog.bundled();

  @Test
  void demoMachineWithPodScopeAllocationsMatchesItsGoldenPicture() throws IOException {
    Machine machine = CATALOG.machine("demo-2s");
    Map<Integer, CpuOwner> owners = nodeShared(machine);
    mark(owners, "0,16", CpuOwner.reserved());
    mark(owners, "1", CpuOwner.exclusive("default/pod-scope-mixed metrics-sidecar"));
    mark(owners, "2-3,17", CpuOwner.exclusive("default/pod-scope-mixed main-app"));
    mark(owners, "18", CpuOwner.podShared("default/pod-scope-mixed"));
    mark(owners, "4-5,20-21", CpuOwner.podShared("default/shared-only"));
    mark(owners, "8-9", CpuOwner.exclusive("default/container-scope-mixed database"));
    owners.remove(31);

    assertGolden("demo-2s.txt", TopologyMap.plain().render(machine, owners));
  }

  @Test
  void epycNps4With384CpusMatchesItsGoldenPictureAndFits100Columns() throws IOException {
    Machine machine = CATALOG.machine("epyc-9654-2s-nps4");
    Map<Integer, CpuOwner> owners = nodeShared(machine);
    mark(owners, "0,192", CpuOwner.reserved());
    mark(owners, "1-8,193-200", CpuOwner.exclusive("ml/trainer worker"));
    mark(owners, "9-12", CpuOwner.podShared("ml/trainer"));
    mark(owners, "48-71,240-263", CpuOwner.exclusive("db/postgres postgres"));

    String picture = TopologyMap.plain().render(machine, owners);

    assertThat(picture.lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(100));
    assertGolden("epyc-9654-2s-nps4.txt", picture);
  }

  @Test
  void everyCatalogMachineFits100ColumnsAndShowsEveryCpuOnce() {
    for (String name : CATALOG.names()) {
      Machine machine = CATALOG.machine(name);
      String picture = TopologyMap.plain().render(machine, nodeShared(machine));

      assertThat(picture.lines()).as(name).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(100));
      long marks = picture.lines().filter(line -> line.matches("\\s+[.\\s]+")).mapToLong(line -> line.chars().filter(c -> c == '.').count()).sum();
      assertThat(marks).as(name).isEqualTo(machine.cpus().size());
    }
  }

  @Test
  void narrowerWidthWrapsCoresOntoMoreLines() {
    Machine machine = CATALOG.machine("xeon-6148-2s");
    String wide = TopologyMap.plain().render(machine, nodeShared(machine));
    String narrow = TopologyMap.plain().withWidth(60).render(machine, nodeShared(machine));

    assertThat(narrow.lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(60));
    assertThat(narrow.lines().count()).isGreaterThan(wide.lines().count());
  }

  @Test
  void pictureWithoutColourHasNoEscapesAndColourOnlyAddsEscapes() {
    Machine machine = CATALOG.machine("demo-2s");
    Map<Integer, CpuOwner> owners = nodeShared(machine);
    mark(owners, "0,16", CpuOwner.reserved());
    mark(owners, "1", CpuOwner.exclusive("a/b c"));
    mark(owners, "2", CpuOwner.podShared("a/b"));

    String plain = TopologyMap.plain().render(machine, owners);
    String coloured = TopologyMap.coloured().render(machine, owners);

    assertThat(plain).doesNotContain("\u001b");
    assertThat(coloured).contains("\u001b[");
    assertThat(coloured.replaceAll("\u001b\\[[0-9;]*m", "")).isEqualTo(plain);
  }

  @Test
  void theSamePicturesComeFromTheSameOwnersWhateverTheMapOrder() {
    Machine machine = CATALOG.machine("topoDualSocketHT");
    Map<Integer, CpuOwner> descending = new LinkedHashMap<>();
    Map<Integer, CpuOwner> sorted = new TreeMap<>();
    for (int cpu = 11; cpu >= 0; cpu--) {
      CpuOwner owner = cpu % 3 == 0 ? CpuOwner.exclusive("p" + cpu) : CpuOwner.podShared("q" + (cpu % 2));
      descending.put(cpu, owner);
      sorted.put(cpu, owner);
    }

    assertThat(descending.keySet().iterator().next()).as("iterated in another order than sorted").isEqualTo(11);
    assertThat(TopologyMap.plain().render(machine, descending)).isEqualTo(TopologyMap.plain().render(machine, sorted));
  }

  @Test
  void lettersContinueWithTwoLettersAfterZ() {
    assertThat(OwnerMarks.letters(0, 'A')).isEqualTo("A");
    assertThat(OwnerMarks.letters(25, 'A')).isEqualTo("Z");
    assertThat(OwnerMarks.letters(26, 'A')).isEqualTo("AA");
    assertThat(OwnerMarks.letters(27, 'a')).isEqualTo("ab");
    assertThat(OwnerMarks.letters(26 + 26 * 26, 'A')).isEqualTo("AAA");
  }

  @Test
  void cpuLessNodesAreListedWithTheirMemory() {
    Machine machine = CATALOG.machine("gb200-tray");

    assertThat(TopologyMap.plain().render(machine, nodeShared(machine)))
        .contains("NUMA nodes without CPUs: 2 (186Gi), 3 (186Gi), 4 (186Gi), 5 (186Gi)");
  }

  @Test
  void topologyPictureOfTheGb200TrayShowsHugepagesCpuLessNodesDevicesAndDistancesAsItsGoldenPicture_dev14()
      throws IOException {
    assertGolden("gb200-tray-topology.txt", TopologyMap.plain().render(CATALOG.machine("gb200-tray")));
  }

  @Test
  void topologyPictureOfTheEpycShowsL3GroupsAsItsGoldenPicture() throws IOException {
    assertGolden("epyc-9654-2s-nps4-topology.txt", TopologyMap.plain().render(CATALOG.machine("epyc-9654-2s-nps4")));
  }

  @Test
  void topologyPictureOfEveryCatalogMachineFits100ColumnsAndNamesEveryCpuOnceWithoutMarks() {
    for (String name : CATALOG.names()) {
      Machine machine = CATALOG.machine(name);
      String picture = TopologyMap.plain().render(machine);

      assertThat(picture.lines()).as(name).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(100));
      assertThat(picture).as(name).doesNotContain("legend:");
      String cpuRows = picture.lines().takeWhile(line -> !line.equals("NUMA distances:")).filter(line -> line.matches("\\s+(L3 \\d+\\s+)?[\\d\\s]+"))
          .map(line -> line.replaceFirst("L3 \\d+", "")).reduce("", (a, b) -> a + " " + b);
      assertThat(java.util.Arrays.stream(cpuRows.trim().split("\\s+")).map(Integer::parseInt).sorted().toList())
          .as(name).isEqualTo(machine.cpus().stream().map(cpu -> cpu.id()).toList());
    }
  }

  @Test
  void topologyPictureOfASingleNodeMachineHasNoDistanceMatrix() {
    assertThat(TopologyMap.plain().render(CATALOG.machine("grace-1s"))).doesNotContain("NUMA distances");
  }

  private static Map<Integer, CpuOwner> nodeShared(Machine machine) {
    Map<Integer, CpuOwner> owners = new TreeMap<>();
    machine.cpuSet().forEachCpu(cpu -> owners.put(cpu, CpuOwner.nodeShared()));
    return owners;
  }

  private static void mark(Map<Integer, CpuOwner> owners, String cpus, CpuOwner owner) {
    CpuSet.parse(cpus).forEachCpu(cpu -> owners.put(cpu, owner));
  }

  private static void assertGolden(String name, String actual) throws IOException {
    if (Boolean.getBoolean("podtopo.updateGolden")) {
      Path file = Path.of("src/test/resources/io/podtopo/app/report", name);
      Files.createDirectories(file.getParent());
      Files.writeString(file, actual);
    }
    try (InputStream in = TopologyMapTest.class.getResourceAsStream(GOLDEN + name)) {
      assertThat(in).as("golden file " + name).isNotNull();
      assertThat(actual).isEqualTo(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }
}
