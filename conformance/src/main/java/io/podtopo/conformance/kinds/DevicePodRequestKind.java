package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.PodJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.devicemanager.DeviceManagerState;

/**
 * {@code device-pod-request}: the Device Manager's {@code getPodDeviceRequest(pod)} with plugins
 * registered for {@code registered} (no devices). Output {@code {"requests": {resource: count}}},
 * compared as a map.
 */
public final class DevicePodRequestKind implements VectorKind {

  @Override
  public String name() {
    return "device-pod-request";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    ObjectNode requests = output.putObject("requests");
    DeviceInputs.manager(input).podRequests(DeviceManagerState.empty(), PodJson.pod(input.get("pod")))
        .forEach(requests::put);
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    return DeviceInputs.sameCounts(expect.path("requests"), output.path("requests")) ? Verdict.pass()
        : Verdict.fail("requests: expected " + expect.path("requests") + ", got " + output.path("requests"));
  }
}
