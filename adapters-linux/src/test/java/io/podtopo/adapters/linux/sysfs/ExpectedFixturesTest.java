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
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The 15 archives with an {@code .expected.json} (hwloc 2.9's view) are read exactly as expected,
 * under the comparison rules of {@code fixtures/sysfs/README.md}: CPU ids, sockets and NUMA ids as
 * numbers; cores and L3 caches as groups; node CPUs, memory and distances.
 */
class ExpectedFixturesTest {

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
  void l3CachesMatchAsGroups(String name) {
    Map<Integer, Integer> expected = labels(Fixtures.expected(name), "uncoreCache");
    Map<Integer, Integer> read = new TreeMap<>();
    Fixtures.topology(name).cpus().forEach(cpu -> read.put(cpu.id(), cpu.l3() == null ? null : cpu.l3().group()));

    assertThat(groups(read)).isEqualTo(groups(expected));
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
