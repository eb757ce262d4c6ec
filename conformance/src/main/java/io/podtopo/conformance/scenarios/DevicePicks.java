package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.ports.in.ScenarioStep;
import java.util.List;

/**
 * A scenario's {@code devicePicks} (FORMAT.md): for each admit step, the devices podtopo gave each
 * container of the admitted pod, by resource; {@code null} for the other steps. The kubelet chooses
 * among interchangeable devices in Go's map order, and each choice changes the hints of later pods
 * (a pod holding a device on one NUMA node of its hint rather than the other), so over a long
 * scenario its outcomes multiply beyond what running it again can find. Sent with the scenario, the
 * picks let a testee break those ties podtopo's way where podtopo's choice is one of its own (the
 * kubelet oracle's device plugins answer {@code GetPreferredAllocation} with them, which the kubelet
 * takes only from the devices it may choose from): a choice the kubelet could not make still shows
 * as a difference.
 */
final class DevicePicks {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private DevicePicks() {}

  /** The picks of podtopo's answer to {@code scenario}; empty when no container of an admitted pod holds a device. */
  static ArrayNode of(NodeScenario scenario, JsonNode podtopo) {
    ArrayNode picks = JSON.arrayNode();
    List<ScenarioStep> steps = scenario.steps();
    JsonNode answered = podtopo.path("steps");
    boolean any = false;
    for (int i = 0; i < steps.size() && i < answered.size(); i++) {
      if (!(steps.get(i) instanceof ScenarioStep.Admit admit)) {
        picks.addNull();
        continue;
      }
      ObjectNode byContainer = JSON.objectNode();
      answered.get(i).path("pods").path(admit.pod().uid()).path("containers").fields().forEachRemaining(container -> {
        JsonNode devices = container.getValue().path("devices");
        if (devices.isObject() && !devices.isEmpty()) {
          byContainer.set(container.getKey(), devices.deepCopy());
        }
      });
      any |= !byContainer.isEmpty();
      picks.add(byContainer.isEmpty() ? JSON.nullNode() : byContainer);
    }
    return any ? picks : JSON.arrayNode();
  }

  /** {@code input} with the picks of podtopo's answer added, when there are any. */
  static ObjectNode added(ObjectNode input, NodeScenario scenario, JsonNode podtopo) {
    ArrayNode picks = of(scenario, podtopo);
    if (!picks.isEmpty()) {
      input.set("devicePicks", picks);
    }
    return input;
  }
}
