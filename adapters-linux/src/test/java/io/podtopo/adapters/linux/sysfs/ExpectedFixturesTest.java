package io.podtopo.adapters.linux.sysfs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The 15 archives with an {@code .expected.json} (hwloc 2.9's view) are read exactly as expected,
 * under the comparison rules of {@code fixtures/sysfs/README.md}: CPU ids, sockets and NUMA ids as
 * numbers; cores and L3 caches as groups; node CPUs, memory and distances.
 */
class ExpectedFixturesTest {

  /**
   * Errata of the expected files: CPUs given an {@code uncoreCache} although their tree has no
   * level-3 cache (always CPUs 0 and 1, each alone, while the other CPUs of the same machine are
   * null). hwloc does not see an L3 there either: {@code lstopo --input} on these trees, and the
   * outputs hwloc's own test suite keeps for these very archives ({@code tests/hwloc/linux/*.console}
   * in open-mpi/hwloc, byte-identical archives), show no L3. These CPUs must read as having no L3;
   * {@link #theErrataAreExactlyTheMismatchingEntries} keeps this list honest.
   */
  static final Map<String, Set<Integer>> EXPECTED_L3_WITHOUT_AN_L3 = Map.of(
      "16amd64-8n2c", Set.of(0, 1),
      "20s390-2g6s4c", Set.of(0, 1),
      "2arm-2c", Set.of(0, 1),
      "8em64t-2s2ca2c", Set.of(0, 1));

  static List<String> withExpected() {
    return Fixtures.withExpected();
  }

  @ParameterizedTest
  @MethodSource("withExpected")
  void cpuIdsSocketsAndNumaNodesMatchAsNumbers(String name) {
    JsonNode expected = Fixtures.expected(name);
    SysfsTopology topology = Fixtures.topology(name);

    assertThat(topology.cpus().stream().map(SysfsTopology.Cpu::id).toList()).isEqualTo(ints(expected, "id"));
    assertThat(topology.cpus().stream().map(SysfsTopology.Cpu::socket).toList()).isEqualTo(ints(expected, "socket"));
    assertThat(topology.cpus().stream().map(SysfsTopology.Cpu::numaNode).toList()).isEqualTo(ints(expected, "numa"));
  }

  @ParameterizedTest
  @MethodSource("withExpected")
  void coresMatchAsGroups(String name) {
    Map<Integer, Integer> expected = labels(Fixtures.expected(name), "core");
    Map<Integer, Integer> read = new TreeMap<>();
    Fixtures.topology(name).cpus().forEach(cpu -> read.put(cpu.id(), cpu.core()));

    assertThat(groups(read)).isEqualTo(groups(expected));
  }

  @ParameterizedTest
  @MethodSource("withExpected")
  void l3CachesMatchAsGroupsButForTheErrata(String name) {
    Map<Integer, Integer> expected = labels(Fixtures.expected(name), "uncoreCache");
    EXPECTED_L3_WITHOUT_AN_L3.getOrDefault(name, Set.of()).forEach(cpu -> expected.put(cpu, null));
    Map<Integer, Integer> read = new TreeMap<>();
    Fixtures.topology(name).cpus().forEach(cpu -> read.put(cpu.id(), cpu.l3() == null ? null : cpu.l3().group()));

    assertThat(groups(read)).isEqualTo(groups(expected));
  }

  @Test
  void theErrataAreExactlyTheMismatchingEntries() {
    EXPECTED_L3_WITHOUT_AN_L3.forEach((name, cpus) -> {
      Map<Integer, Integer> expected = labels(Fixtures.expected(name), "uncoreCache");
      SysfsTopology topology = Fixtures.topology(name);
      for (int cpu : cpus) {
        assertThat(expected.get(cpu)).as("%s: expected uncoreCache of CPU %s", name, cpu).isEqualTo(cpu);
        assertThat(topology.cpus().stream().filter(read -> read.id() == cpu).findFirst().orElseThrow().l3())
            .as("%s: CPU %s has no L3 in its tree", name, cpu).isNull();
      }
      List<Integer> othersWithAnL3 = topology.cpus().stream()
          .filter(cpu -> !cpus.contains(cpu.id()) && cpu.l3() != null).map(SysfsTopology.Cpu::id).toList();
      assertThat(othersWithAnL3).as("%s: no CPU of the machine has an L3", name).isEmpty();
    });
  }

  @ParameterizedTest
  @MethodSource("withExpected")
  void nodesMatchInCpusAndMemory(String name) {
    JsonNode expected = Fixtures.expected(name);
    Map<Integer, String> expectedNodes = new LinkedHashMap<>();
    expected.get("numaNodes").forEach(node -> expectedNodes.put(node.get("id").asInt(),
        CpuSet.parse(node.get("cpus").asText()) + " " + node.get("memoryBytes").asLong()));
    Map<Integer, String> read = new LinkedHashMap<>();
    Fixtures.topology(name).numaNodes().forEach(node -> read.put(node.id(), node.cpus() + " " + node.memoryBytes()));

    assertThat(read).containsExactlyEntriesOf(expectedNodes);
  }

  @ParameterizedTest
  @MethodSource("withExpected")
  void distancesMatch(String name) {
    JsonNode expected = Fixtures.expected(name).get("numaDistances");
    Map<Integer, List<Integer>> rows = new TreeMap<>();
    if (!expected.isNull()) {
      expected.fieldNames().forEachRemaining(node -> {
        List<Integer> values = new ArrayList<>();
        expected.get(node).forEach(value -> values.add(value.asInt()));
        rows.put(Integer.parseInt(node), values);
      });
    }
    assertThat(Fixtures.topology(name).distances()).isEqualTo(rows);
  }

  private static List<Integer> ints(JsonNode expected, String field) {
    List<Integer> values = new ArrayList<>();
    expected.get("cpus").forEach(cpu -> values.add(cpu.get(field).asInt()));
    return values;
  }

  /** CPU id to the label in {@code field} (null for a JSON null). */
  private static Map<Integer, Integer> labels(JsonNode expected, String field) {
    Map<Integer, Integer> labels = new TreeMap<>();
    expected.get("cpus").forEach(cpu -> labels.put(cpu.get("id").asInt(),
        cpu.get(field).isNull() ? null : cpu.get(field).asInt()));
    return labels;
  }

  /** The partition the labels make, CPUs without a label (null) as one more group, in a stable order. */
  private static List<String> groups(Map<Integer, Integer> labels) {
    Map<Integer, CpuSet.Builder> byLabel = new HashMap<>();
    CpuSet.Builder unlabelled = new CpuSet.Builder();
    labels.forEach((cpu, label) -> (label == null ? unlabelled : byLabel.computeIfAbsent(label, l -> new CpuSet.Builder())).add(cpu));
    List<String> groups = new ArrayList<>(byLabel.values().stream().map(group -> group.build().toString())
        .sorted(Comparator.naturalOrder()).toList());
    groups.add("without: " + unlabelled.build());
    return groups;
  }
}
