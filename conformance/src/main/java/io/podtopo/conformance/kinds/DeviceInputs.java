package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.podtopo.domain.devicemanager.DeviceManager;
import io.podtopo.domain.devicemanager.DeviceManagerState;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.DeviceIds;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What the {@code device-*} kinds share: the Device Manager of an input ({@code numaNodes},
 * {@code devices}: resource → {@code [{"id", "numa": n | null, "healthy"?}]}, {@code registered}:
 * resources registered without devices) and its state ({@code podDevices}: pod → container →
 * resource → ids; {@code allocatedDevices}: resource → ids upstream counts as allocated without a
 * container, held here by the pod {@value #ALLOCATED}).
 */
final class DeviceInputs {

  /** The pod and container that hold an input's {@code allocatedDevices}. */
  static final String ALLOCATED = "(allocated)";

  private DeviceInputs() {}

  static DeviceManager manager(JsonNode input) {
    List<Integer> nodes = new ArrayList<>();
    input.path("numaNodes").forEach(node -> nodes.add(node.asInt()));
    DeviceManager manager = DeviceManager.of(nodes.isEmpty() ? List.of(0) : nodes, devices(input.path("devices")));
    for (JsonNode resource : input.path("registered")) {
      manager = manager.withRegistered(resource.asText());
    }
    return manager;
  }

  static List<Device> devices(JsonNode byResource) {
    List<Device> devices = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = byResource.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> resource = it.next();
      for (JsonNode device : resource.getValue()) {
        JsonNode numa = device.path("numa");
        devices.add(new Device.Builder().resource(resource.getKey()).id(device.path("id").asText())
            .numaNode(numa.isNumber() ? Optional.of(numa.asInt()) : Optional.empty())
            .healthy(device.path("healthy").asBoolean(true)).build());
      }
    }
    return devices;
  }

  static DeviceManagerState state(JsonNode input) {
    DeviceManagerState state = DeviceManagerState.empty();
    for (Iterator<Map.Entry<String, JsonNode>> pods = input.path("podDevices").fields(); pods.hasNext(); ) {
      Map.Entry<String, JsonNode> pod = pods.next();
      for (Iterator<Map.Entry<String, JsonNode>> containers = pod.getValue().fields(); containers.hasNext(); ) {
        Map.Entry<String, JsonNode> container = containers.next();
        for (Iterator<Map.Entry<String, JsonNode>> resources = container.getValue().fields(); resources.hasNext(); ) {
          Map.Entry<String, JsonNode> resource = resources.next();
          state = state.withContainerDevices(pod.getKey(), container.getKey(), resource.getKey(),
              ids(resource.getValue()));
        }
      }
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = input.path("allocatedDevices").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> resource = it.next();
      SortedSet<String> held = new TreeSet<>(DeviceIds.ORDER);
      held.addAll(state.containerDevices(ALLOCATED, ALLOCATED, resource.getKey()));
      held.addAll(ids(resource.getValue()));
      state = state.withContainerDevices(ALLOCATED, ALLOCATED, resource.getKey(), held);
    }
    return state;
  }

  static SortedSet<String> ids(JsonNode array) {
    SortedSet<String> ids = new TreeSet<>(DeviceIds.ORDER);
    array.forEach(id -> ids.add(id.asText()));
    return ids;
  }

  static ArrayNode json(Collection<String> ids) {
    ArrayNode array = JsonNodeFactory.instance.arrayNode();
    ids.forEach(array::add);
    return array;
  }

  /** A JSON list of ids as a set; empty for null or a missing node. */
  static SortedSet<String> idSet(JsonNode node) {
    return node == null || !node.isArray() ? new TreeSet<>() : new TreeSet<>(ids(node));
  }

  /** Whether two JSON objects of counts name the same keys with the same numbers. */
  static boolean sameCounts(JsonNode expected, JsonNode actual) {
    if (expected == null || actual == null || !expected.isObject() || !actual.isObject()
        || expected.size() != actual.size()) {
      return false;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      JsonNode other = actual.get(entry.getKey());
      if (other == null || !other.isNumber() || other.asLong() != entry.getValue().asLong()) {
        return false;
      }
    }
    return true;
  }
}
