package io.podtopo.adapters.linux.sysfs;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Writes a {@link SysfsTopology} in the schema of {@code fixtures/sysfs/*.expected.json}, fields in its order. */
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
    return json;
  }
}
