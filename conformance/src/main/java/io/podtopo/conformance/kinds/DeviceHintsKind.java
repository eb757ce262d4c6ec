package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.PodJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.devicemanager.DeviceManager;
import io.podtopo.domain.devicemanager.DeviceManagerState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topologymanager.ResourceHints;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * {@code device-hints}: the Device Manager's {@code GetTopologyHints} ({@code scope: "container"})
 * or {@code GetPodTopologyHints} ({@code scope: "pod"}). Output {@code {"hints": {resource: null |
 * [hint...]}}}: null is a nil list (no preference), {@code []} an empty one (cannot be satisfied);
 * upstream keeps the two apart ({@code reflect.DeepEqual}). For each resource of the expectation the
 * lists are compared as sets (upstream sorts both).
 */
public final class DeviceHintsKind implements VectorKind {

  @Override
  public String name() {
    return "device-hints";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    DeviceManager manager = DeviceInputs.manager(input);
    DeviceManagerState state = DeviceInputs.state(input);
    Pod pod = PodJson.pod(input.get("pod"));
    SortedMap<String, ResourceHints> hints;
    if ("pod".equals(input.path("scope").asText())) {
      hints = manager.podHints(state, pod);
    } else {
      String name = input.path("container").asText();
      Container container = pod.container(name)
          .orElseThrow(() -> new IllegalArgumentException("pod has no container " + name));
      hints = manager.containerHints(state, pod, container);
    }
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    ObjectNode byResource = output.putObject("hints");
    hints.forEach((resource, list) -> {
      if (list.isNoPreference()) {
        byResource.putNull(resource);
      } else {
        byResource.set(resource, CpuHintJson.json(list.hints()));
      }
    });
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    JsonNode actual = output.path("hints");
    for (Iterator<Map.Entry<String, JsonNode>> it = expect.path("hints").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> resource = it.next();
      JsonNode got = actual.get(resource.getKey());
      boolean expectedNil = resource.getValue().isNull();
      boolean gotNil = got == null || got.isNull();
      if (expectedNil != gotNil) {
        differences.add(resource.getKey() + ": expected " + (expectedNil ? "nil (no preference)" : resource.getValue())
            + ", got " + (gotNil ? "nil" : got));
      } else if (!expectedNil && !CpuHintJson.canonical(resource.getValue()).equals(CpuHintJson.canonical(got))) {
        differences.add(resource.getKey() + ": expected " + CpuHintJson.canonical(resource.getValue()) + ", got "
            + CpuHintJson.canonical(got));
      }
    }
    return new Verdict(differences);
  }
}
