package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.devicemanager.DeviceAllocationException;
import io.podtopo.domain.devicemanager.DeviceManager;
import io.podtopo.domain.topology.Device;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * {@code device-allocate}: the Device Manager's {@code devicesToAllocate(pod, container, resource,
 * request, reusable)} with the hint the affinity store returns and a plugin whose
 * {@code GetPreferredAllocation} answers {@code preferredAllocation} (null: the plugin does not offer
 * it). Output {@code {"error", "devices": [ids] | null}}. Compared: the error; without one, what
 * upstream asserts of the devices (their number, those they must contain, and their alignment: how
 * many lie on each NUMA node, read from the case's devices when the resource has topology), or the
 * devices themselves where upstream compares them. Every device must be one of the case's.
 */
public final class DeviceAllocateKind implements VectorKind {

  @Override
  public String name() {
    return "device-allocate";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    DeviceManager manager = DeviceInputs.manager(input);
    JsonNode preferred = input.path("preferredAllocation");
    if (preferred.isArray()) {
      List<String> answer = List.copyOf(DeviceInputs.ids(preferred));
      manager = manager.withPreferredAllocation((resource, available, mustInclude, size) -> Optional.of(answer));
    }
    String resource = input.path("resource").asText();
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    try {
      SortedSet<String> devices = manager.devicesToAllocate(DeviceInputs.state(input), input.path("podUID").asText(),
          input.path("container").asText(), resource, input.path("request").asLong(),
          DeviceInputs.ids(input.path("reusableDevices")), CpuHintJson.hint(input.get("hint")));
      output.putNull("error");
      output.set("devices", DeviceInputs.json(devices));
    } catch (DeviceAllocationException e) {
      output.put("error", e.getMessage());
      output.putNull("devices");
    }
    return output;
  }

  /** Without the case's input no device has a NUMA node, so an expected alignment fails. */
  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    return compare(JsonNodeFactory.instance.objectNode(), expect, output);
  }

  @Override
  public Verdict compare(JsonNode input, JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    String expectedError = expect.path("error").isNull() ? null : expect.path("error").asText();
    String error = output.path("error").isNull() || output.path("error").isMissingNode() ? null
        : output.path("error").asText();
    if (!Objects.equals(expectedError, error)) {
      differences.add("error: expected " + expectedError + ", got " + error);
    }
    JsonNode devices = output.path("devices");
    if (expect.has("devices")) {
      if (expect.get("devices").isNull() != (devices.isNull() || devices.isMissingNode())
          || !DeviceInputs.idSet(expect.get("devices")).equals(DeviceInputs.idSet(devices))) {
        differences.add("devices: expected " + expect.get("devices") + ", got " + devices);
      }
    }
    if (expect.has("size") && devices.size() != expect.get("size").asInt()) {
      differences.add("number of devices: expected " + expect.get("size") + ", got " + devices.size() + " " + devices);
    }
    if (expect.has("mustContain") && !DeviceInputs.idSet(devices).containsAll(DeviceInputs.idSet(expect.get("mustContain")))) {
      differences.add("devices " + devices + " lack some of " + expect.get("mustContain"));
    }
    if (expectedError == null) {
      String resource = input.path("resource").asText();
      DeviceManager manager = DeviceInputs.manager(input);
      ObjectNode alignment = JsonNodeFactory.instance.objectNode();
      TreeMap<Integer, Integer> perNode = new TreeMap<>();
      for (String id : DeviceInputs.idSet(devices)) {
        Optional<Device> device = manager.device(resource, id);
        if (device.isEmpty()) {
          differences.add("device " + id + " is not a device of " + resource);
        } else if (manager.hasTopologyAlignment(resource)) {
          device.get().numaNode().ifPresent(node -> perNode.merge(node, 1, Integer::sum));
        }
      }
      perNode.forEach((node, count) -> alignment.put(String.valueOf(node), count));
      if (expect.has("alignment") && !DeviceInputs.sameCounts(expect.get("alignment"), alignment)) {
        differences.add("alignment: expected " + expect.get("alignment") + ", got " + alignment + " from " + devices);
      }
    }
    return new Verdict(differences);
  }
}
