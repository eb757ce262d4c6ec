package io.podtopo.conformance.json;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;

/**
 * Writes a {@link Machine} in the schema of {@code fixtures/sysfs/*.expected.json}, which
 * {@link FixtureJson#machine} reads back into an equal machine.
 *
 * <p>Field order is fixed: {@code name}, {@code cpus} ({@code id, socket, core, uncoreCache,
 * numa}, ascending id), {@code numaNodes} ({@code id, cpus, memoryBytes}, then {@code hugepages}
 * by page size when the node has any, ascending id), {@code numaDistances} (rows by node id, or
 * null when unknown), then {@code devices} when the machine has any ({@code resource, id, numa}
 * (null without topology), and {@code "healthy": false} for an unhealthy device, in device order).
 */
public final class MachineJson {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private MachineJson() {}

  /** A device as {@code {"resource", "id", "numa", "healthy"?}} ({@code healthy} only when false). */
  public static ObjectNode device(Device device) {
    ObjectNode written = NODES.objectNode().put("resource", device.resource()).put("id", device.id());
    device.numaNode().ifPresentOrElse(node -> written.put("numa", node), () -> written.putNull("numa"));
    if (!device.healthy()) {
      written.put("healthy", false);
    }
    return written;
  }

  public static ObjectNode write(Machine machine) {
    ObjectNode root = NODES.objectNode();
    root.put("name", machine.name());
    ArrayNode cpus = root.putArray("cpus");
    for (Cpu cpu : machine.cpus()) {
      cpus.addObject()
          .put("id", cpu.id())
          .put("socket", cpu.socket())
          .put("core", cpu.core())
          .put("uncoreCache", cpu.uncoreCache())
          .put("numa", cpu.numaNode());
    }
    ArrayNode nodes = root.putArray("numaNodes");
    for (NumaNode node : machine.numaNodes()) {
      ObjectNode written = nodes.addObject()
          .put("id", node.id())
          .put("cpus", machine.cpusOfNode(node.id()).toString())
          .put("memoryBytes", node.memoryBytes());
      if (!node.hugepages().isEmpty()) {
        ObjectNode pools = written.putObject("hugepages");
        node.hugepages().forEach((size, count) -> pools.put(Long.toString(size), count));
      }
    }
    if (machine.hasDistances()) {
      ObjectNode distances = root.putObject("numaDistances");
      machine.distances().forEach((node, row) -> {
        ArrayNode values = distances.putArray(Integer.toString(node));
        row.forEach(values::add);
      });
    } else {
      root.putNull("numaDistances");
    }
    if (!machine.devices().isEmpty()) {
      ArrayNode devices = root.putArray("devices");
      machine.devices().forEach(device -> devices.add(device(device)));
    }
    return root;
  }
}
