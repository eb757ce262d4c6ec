package io.podtopo.adapters.linux.sysfs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A {@link SysfsTopology} in the schema of {@code fixtures/sysfs/*.expected.json}: written with the
 * fields in the schema's order, and read back.
 */
final class TopologyJson {

  private TopologyJson() {}

  static ObjectNode write(SysfsTopology topology) {
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    json.put("name", topology.name());
    ArrayNode cpus = json.putArray("cpus");
    topology.cpus().forEach(cpu -> {
      ObjectNode entry = cpus.addObject().put("id", cpu.id()).put("socket", cpu.socket()).put("core", cpu.core());
      if (cpu.l3() == null) {
        entry.putNull("uncoreCache");
      } else {
        entry.put("uncoreCache", cpu.l3().group());
      }
      entry.put("numa", cpu.numaNode());
    });
    ArrayNode nodes = json.putArray("numaNodes");
    topology.numaNodes().forEach(node -> {
      ObjectNode entry = nodes.addObject().put("id", node.id()).put("cpus", node.cpus().toString())
          .put("memoryBytes", node.memoryBytes());
      if (!node.hugepages().isEmpty()) {
        ObjectNode pools = entry.putObject("hugepages");
        node.hugepages().forEach((size, pages) -> pools.put(size.toString(), pages));
      }
    });
    if (topology.distances().isEmpty()) {
      json.putNull("numaDistances");
    } else {
      ObjectNode rows = json.putObject("numaDistances");
      topology.distances().forEach((node, row) -> row.forEach(rows.putArray(node.toString())::add));
    }
    if (!topology.devices().isEmpty()) {
      ArrayNode devices = json.putArray("devices");
      topology.devices().forEach(device -> {
        ObjectNode entry = devices.addObject().put("resource", device.resource()).put("id", device.id());
        device.numaNode().ifPresentOrElse(node -> entry.put("numa", node), () -> entry.putNull("numa"));
        if (!device.healthy()) {
          entry.put("healthy", false);
        }
      });
    }
    return json;
  }

  /**
   * The topology a JSON document describes. The schema names an L3 by its lowest CPU and has no
   * kernel cache id, so the label stands for the id; whether cadvisor reports the cache follows the
   * same rule as for a tree ({@link CadvisorUncore}).
   *
   * @throws IllegalArgumentException naming the field at fault
   */
  static SysfsTopology read(JsonNode json) {
    if (json == null || !json.isObject()) {
      throw new IllegalArgumentException("expected a JSON object with \"cpus\" and \"numaNodes\"");
    }
    String name = json.path("name").asText("machine");
    JsonNode cpuArray = array(json, "cpus");
    int count = cpuArray.size();
    int[] ids = new int[count];
    int[] sockets = new int[count];
    int[] cores = new int[count];
    int[] l3s = new int[count];
    int[] nodes = new int[count];
    for (int i = 0; i < count; i++) {
      JsonNode cpu = cpuArray.get(i);
      String where = "cpus[" + i + "]";
      ids[i] = integer(cpu, "id", where);
      sockets[i] = integer(cpu, "socket", where);
      cores[i] = integer(cpu, "core", where);
      JsonNode l3 = cpu.get("uncoreCache");
      l3s[i] = l3 == null || l3.isNull() ? Groups.NONE : integer(cpu, "uncoreCache", where);
      nodes[i] = integer(cpu, "numa", where);
    }
    boolean[] nodeCaches = CadvisorUncore.nodeCaches(cores, l3s, nodes);
    List<SysfsTopology.Cpu> cpus = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      SysfsTopology.L3 l3 = l3s[i] == Groups.NONE ? null : new SysfsTopology.L3(l3s[i], l3s[i], !nodeCaches[i]);
      cpus.add(new SysfsTopology.Cpu(ids[i], sockets[i], cores[i], nodes[i], l3));
    }
    List<SysfsTopology.Node> numaNodes = new ArrayList<>();
    JsonNode nodeArray = array(json, "numaNodes");
    for (int i = 0; i < nodeArray.size(); i++) {
      numaNodes.add(node(nodeArray.get(i), "numaNodes[" + i + "]"));
    }
    return new SysfsTopology(name, cpus, numaNodes, distances(json.get("numaDistances")), devices(json.get("devices")));
  }

  /**
   * {@code devices}: absent or null for none, else {@code [{"resource", "id", "numa": n | null,
   * "healthy"?}]}; whether the NUMA node exists and ids are unique is the machine's to check.
   */
  private static List<Device> devices(JsonNode array) {
    List<Device> devices = new ArrayList<>();
    if (array == null || array.isNull()) {
      return devices;
    }
    if (!array.isArray()) {
      throw new IllegalArgumentException("devices: expected an array of {\"resource\", \"id\", \"numa\"}");
    }
    for (int i = 0; i < array.size(); i++) {
      JsonNode device = array.get(i);
      String where = "devices[" + i + "]";
      if (!device.isObject()) {
        throw new IllegalArgumentException(where + ": expected an object {\"resource\", \"id\", \"numa\"}");
      }
      JsonNode numa = device.get("numa");
      if (numa != null && !numa.isNull() && !numa.isInt()) {
        throw new IllegalArgumentException(where + ".numa: expected a NUMA node id or null, found " + numa);
      }
      JsonNode healthy = device.get("healthy");
      if (healthy != null && !healthy.isBoolean()) {
        throw new IllegalArgumentException(where + ".healthy: expected true or false, found " + healthy);
      }
      try {
        devices.add(new Device.Builder().resource(deviceText(device, "resource", where)).id(deviceText(device, "id", where))
            .numaNode(numa == null || numa.isNull() ? Optional.empty() : Optional.of(numa.intValue()))
            .healthy(healthy == null || healthy.booleanValue()).build());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
      }
    }
    return devices;
  }

  private static String deviceText(JsonNode object, String field, String where) {
    JsonNode value = object.get(field);
    if (value == null || !value.isTextual()) {
      throw new IllegalArgumentException(where + "." + field + ": expected a string, found " + value);
    }
    return value.textValue();
  }

  private static SysfsTopology.Node node(JsonNode node, String where) {
    CpuSet cpus;
    try {
      cpus = CpuSet.parse(text(node, "cpus", where));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ".cpus: " + e.getMessage(), e);
    }
    SortedMap<Long, Long> hugepages = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.path("hugepages").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> pool = it.next();
      hugepages.put(pageSize(pool.getKey(), where), wholeNumber(pool.getValue(), where + ".hugepages." + pool.getKey()));
    }
    return new SysfsTopology.Node(integer(node, "id", where), cpus,
        wholeNumber(node.get("memoryBytes"), where + ".memoryBytes"), hugepages);
  }

  private static SortedMap<Integer, List<Integer>> distances(JsonNode rows) {
    SortedMap<Integer, List<Integer>> distances = new TreeMap<>();
    if (rows == null || rows.isNull()) {
      return distances;
    }
    if (!rows.isObject()) {
      throw new IllegalArgumentException("numaDistances: expected an object of rows by node id, or null");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = rows.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> row = it.next();
      String where = "numaDistances." + row.getKey();
      int node;
      try {
        node = Integer.parseInt(row.getKey());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(where + ": the key is not a node id", e);
      }
      if (!row.getValue().isArray()) {
        throw new IllegalArgumentException(where + ": expected an array of distances");
      }
      List<Integer> values = new ArrayList<>();
      row.getValue().forEach(value -> values.add((int) wholeNumber(value, where)));
      distances.put(node, values);
    }
    return distances;
  }

  private static JsonNode array(JsonNode json, String field) {
    JsonNode array = json.get(field);
    if (array == null || !array.isArray()) {
      throw new IllegalArgumentException("field \"" + field + "\" must be an array");
    }
    return array;
  }

  private static int integer(JsonNode object, String field, String where) {
    JsonNode value = object.get(field);
    if (value == null || !value.isInt()) {
      throw new IllegalArgumentException(where + "." + field + ": expected an integer, found " + value);
    }
    return value.intValue();
  }

  private static String text(JsonNode object, String field, String where) {
    JsonNode value = object.get(field);
    if (value == null || !value.isTextual()) {
      throw new IllegalArgumentException(where + "." + field + ": expected a CPU list such as \"0-3,8\", found " + value);
    }
    return value.textValue();
  }

  private static long wholeNumber(JsonNode value, String where) {
    if (value == null || !value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() < 0) {
      throw new IllegalArgumentException(where + ": expected a whole number, found " + value);
    }
    return value.longValue();
  }

  private static long pageSize(String key, String where) {
    try {
      return Long.parseLong(key);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(where + ".hugepages: \"" + key + "\" is not a page size in bytes", e);
    }
  }
}
