package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.devicemanager.DeviceAllocationException;
import io.podtopo.domain.devicemanager.DeviceManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code device-preferred-allocation}: what {@code devicesToAllocate} asks the plugin's
 * {@code GetPreferredAllocation} (the plugin answers nothing). Output {@code {"available": [ids],
 * "mustInclude": [ids], "size"}} of the first call, null fields when it was not called. Compared:
 * {@code available} as a set and {@code size}, what upstream asserts.
 */
public final class DevicePreferredAllocationKind implements VectorKind {

  @Override
  public String name() {
    return "device-preferred-allocation";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    output.putNull("available");
    output.putNull("mustInclude");
    output.putNull("size");
    DeviceManager manager = DeviceInputs.manager(input).withPreferredAllocation((resource, available, mustInclude, size) -> {
      if (output.get("available").isNull()) {
        output.set("available", DeviceInputs.json(available));
        output.set("mustInclude", DeviceInputs.json(mustInclude));
        output.put("size", size);
      }
      return Optional.of(List.of());
    });
    try {
      manager.devicesToAllocate(DeviceInputs.state(input), input.path("podUID").asText(),
          input.path("container").asText(), input.path("resource").asText(), input.path("request").asLong(),
          DeviceInputs.ids(input.path("reusableDevices")), CpuHintJson.hint(input.get("hint")));
    } catch (DeviceAllocationException e) {
      output.put("error", e.getMessage());
    }
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    if (!DeviceInputs.idSet(expect.get("available")).equals(DeviceInputs.idSet(output.get("available")))
        || output.path("available").isNull()) {
      differences.add("available: expected " + expect.get("available") + ", got " + output.get("available"));
    }
    if (output.path("size").asInt(-1) != expect.path("size").asInt()) {
      differences.add("size: expected " + expect.get("size") + ", got " + output.get("size"));
    }
    return new Verdict(differences);
  }
}
