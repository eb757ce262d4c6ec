package io.podtopo.conformance.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.domain.cpumanager.CpuTopology;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topology.NumaNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads the JSON forms shared by the vectors and the machine files into domain values.
 *
 * <p>A machine is either a vector topology fixture ({@code {"name","cpus":[{"id","core","socket",
 * "numa","uncoreCache"}],"numUncoreCache"?}}) or the schema of {@code fixtures/sysfs/*.expected.json}
 * (adds {@code numaNodes} with {@code id}, {@code cpus}, {@code memoryBytes} and an optional
 * {@code hugepages} map from page size in bytes to count, {@code numaDistances} and, optionally,
 * {@code devices}: {@code [{"resource", "id", "numa": n | null, "healthy"?}]}). A null
 * {@code uncoreCache} (no L3) falls back to the socket, as upstream {@code Discover} does.
 */
public final class FixtureJson {

  private FixtureJson() {}

  /** A machine from either JSON form. @throws IllegalArgumentException naming the field at fault */
  public static Machine machine(JsonNode node) {
    String name = node.path("name").asText("machine");
    JsonNode cpusNode = node.get("cpus");
    if (cpusNode == null || !cpusNode.isArray()) {
      throw new IllegalArgumentException(name + ": field \"cpus\" must be an array");
    }
    List<Cpu> cpus = new ArrayList<>();
    for (JsonNode cpu : cpusNode) {
      int socket = Math.max(0, requiredInt(name, cpu, "socket"));
      JsonNode uncore = cpu.get("uncoreCache");
      cpus.add(Cpu.of(requiredInt(name, cpu, "id"), requiredInt(name, cpu, "core"), socket,
          requiredInt(name, cpu, "numa"), uncore == null || uncore.isNull() ? socket : uncore.asInt()));
    }
    JsonNode nodes = node.get("numaNodes");
    if (nodes == null || nodes.isNull()) {
      return Machine.ofCpus(name, cpus);
    }
    Machine.Builder builder = new Machine.Builder().name(name).cpus(cpus);
    for (JsonNode numa : nodes) {
      NumaNode.Builder nodeBuilder = new NumaNode.Builder()
          .id(requiredInt(name, numa, "id"))
          .memoryBytes(numa.path("memoryBytes").asLong(0));
      for (Iterator<Map.Entry<String, JsonNode>> it = numa.path("hugepages").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> pool = it.next();
        nodeBuilder.putHugepage(Long.parseLong(pool.getKey()), pool.getValue().asLong());
      }
      builder.addNumaNode(nodeBuilder.build());
    }
    JsonNode distances = node.get("numaDistances");
    if (distances != null && !distances.isNull()) {
      builder.distances(distanceRows(name, distances));
    }
    builder.addAllDevices(devices(node.path("devices")));
    return builder.build();
  }

  /**
   * The devices of a {@code devices} array, {@code [{"resource", "id", "numa": n | null, "healthy"?}]}
   * (healthy unless {@code "healthy": false}); none for a missing or null array.
   */
  public static List<Device> devices(JsonNode array) {
    List<Device> devices = new ArrayList<>();
    for (JsonNode device : array) {
      JsonNode numa = device.path("numa");
      devices.add(new Device.Builder().resource(device.path("resource").asText())
          .id(device.path("id").asText()).numaNode(numa.isInt() ? Optional.of(numa.intValue()) : Optional.empty())
          .healthy(device.path("healthy").asBoolean(true)).build());
    }
    return devices;
  }

  /** Rows of a {@code {"0": [10, 11], ...}} distance matrix. */
  public static Map<Integer, List<Integer>> distanceRows(String name, JsonNode distances) {
    Map<Integer, List<Integer>> rows = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = distances.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> row = it.next();
      List<Integer> values = new ArrayList<>();
      row.getValue().forEach(value -> values.add(value.asInt()));
      try {
        rows.put(Integer.parseInt(row.getKey()), values);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(name + ": numaDistances key \"" + row.getKey() + "\" is not a node id");
      }
    }
    return rows;
  }

  /**
   * The CPU Manager topology of a fixture as upstream's fixture declares it (FORMAT.md): the number
   * of uncore caches as declared ({@code numUncoreCache}, 0 when absent, as for upstream's legacy
   * fixtures), and {@code numCores}, {@code numSockets} and {@code numNUMANodes} as declared, counted
   * from the CPUs when absent. A fixture that declares {@code numNUMANodes: 0} (Go's zero value of the
   * older fixtures) makes the selection walk NUMA nodes first, as upstream's does.
   */
  public static CpuTopology cpuTopology(JsonNode node) {
    Machine machine = machine(node);
    CpuTopology counted = CpuTopology.of(machine, node.path("numUncoreCache").asInt(0));
    return CpuTopology.declared(machine, counted.numCpus(), declared(node, "numCores", counted.numCores()),
        declared(node, "numSockets", counted.numSockets()), declared(node, "numNUMANodes", counted.numNumaNodes()),
        counted.numUncoreCaches());
  }

  private static int declared(JsonNode node, String field, int counted) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      return counted;
    }
    if (!value.isIntegralNumber() || value.asInt() < 0) {
      throw new IllegalArgumentException(node.path("name").asText() + ": \"" + field
          + "\" must be a count (an integer, 0 or more): " + value);
    }
    return value.asInt();
  }

  /** A cpulist string; null or missing is the empty set. */
  public static CpuSet cpuSet(JsonNode node) {
    return node == null || node.isNull() ? CpuSet.empty() : CpuSet.parse(node.asText());
  }

  /** A NUMA affinity {@code [0,1]}; null for a JSON null or a missing node (the nil mask). */
  public static NumaMask numaMask(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return null;
    }
    List<Integer> nodes = new ArrayList<>();
    node.forEach(id -> nodes.add(id.asInt()));
    return NumaMask.of(nodes);
  }

  private static int requiredInt(String name, JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.isIntegralNumber()) {
      throw new IllegalArgumentException(name + ": field \"" + field + "\" must be an integer in " + node);
    }
    return value.asInt();
  }
}
