package io.podtopo.app.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.topology.Device;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A PodResources endpoint as one JSON document for programs; the schema is in
 * {@code docs/guide/podresources.md}. CPU ids are cpulists ({@code "1-2,17-18"}, {@code ""} for
 * none); keys come in a fixed order and pods and containers in the endpoint's order, so the same
 * answers give byte-identical output.
 */
public final class InspectJson {

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private InspectJson() {}

  /** Devices as the endpoint reports them, one per device: {@code {"resource", "id", "numa": n | null}}. */
  private static void devices(ArrayNode array, List<Device> devices) {
    devices.forEach(device -> {
      ObjectNode entry = array.addObject().put("resource", device.resource()).put("id", device.id());
      device.numaNode().ifPresentOrElse(node -> entry.put("numa", node), () -> entry.putNull("numa"));
    });
  }

  /** The document. */
  public static String render(InspectedEndpoint endpoint) {
    ObjectNode root = JSON.createObjectNode();
    root.put("socket", endpoint.socket().toString());
    ArrayNode pods = root.putArray("pods");
    for (PodResources pod : endpoint.pods().pods()) {
      ObjectNode node = pods.addObject();
      node.put("namespace", pod.namespace());
      node.put("name", pod.name());
      node.put("cpuIds", pod.cpuIds().toString());
      MemoryJson.add(node.putArray("memory"), pod.memory());
      ArrayNode containers = node.putArray("containers");
      for (ContainerResources container : pod.containers()) {
        ObjectNode entry = containers.addObject();
        entry.put("name", container.name());
        entry.put("cpuIds", container.cpuIds().toString());
        MemoryJson.add(entry.putArray("memory"), container.memory());
        devices(entry.putArray("devices"), container.devices());
      }
      if (pod.cpuIds().isEmpty()) {
        node.putNull("sharedPool");
      } else {
        ObjectNode pool = node.putObject("sharedPool");
        pool.put("cpuIds", pod.sharedPoolCpus().toString());
        MemoryJson.add(pool.putArray("memory"), pod.sharedPoolMemory());
      }
    }
    ObjectNode allocatable = root.putObject("allocatable");
    allocatable.put("cpuIds", endpoint.allocatable().cpuIds().toString());
    MemoryJson.add(allocatable.putArray("memory"), endpoint.allocatable().memory());
    devices(allocatable.putArray("devices"), endpoint.allocatable().devices());
    try {
      return JSON.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
