package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.PodJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.devicemanager.DeviceAllocationResult;
import io.podtopo.domain.devicemanager.DeviceManager;
import io.podtopo.domain.devicemanager.DeviceManagerState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedSet;

/**
 * {@code device-allocate-sequence}: the Device Manager's {@code Allocate(pod, container)} run one
 * call after another on one manager, with the fake Topology Manager's empty hint: {@code steps}
 * (each a pod and a container name) or {@code allocatePod} (every init container, then every app
 * container of one pod). Output {@code {"steps": [{"error", "allocated": {resource: count}}],
 * "containers": {name: {resource: [ids]}}}}, the containers those of the last pod. Compared: each
 * step's error and the counts of the resources it names; each container's device counts; the
 * {@code supersets} ({@code [a, b, resource]}: a's devices contain b's) and {@code disjoint} pairs.
 */
public final class DeviceAllocateSequenceKind implements VectorKind {

  @Override
  public String name() {
    return "device-allocate-sequence";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    DeviceManager manager = DeviceInputs.manager(input);
    TopologyHint hint = CpuHintJson.hint(input.get("hint"));
    List<Step> steps = new ArrayList<>();
    if (input.has("allocatePod")) {
      Pod pod = PodJson.pod(input.get("allocatePod"));
      pod.initAndAppContainers().forEach(container -> steps.add(new Step(pod, container)));
    }
    for (JsonNode step : input.path("steps")) {
      Pod pod = PodJson.pod(step.get("pod"));
      String name = step.path("container").asText();
      steps.add(new Step(pod, pod.container(name)
          .orElseThrow(() -> new IllegalArgumentException("pod has no container \"" + name + "\""))));
    }
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    ArrayNode results = output.putArray("steps");
    DeviceManagerState state = DeviceManagerState.empty();
    for (Step step : steps) {
      ObjectNode result = results.addObject();
      DeviceAllocationResult allocation = manager.allocate(state, step.pod(), step.container(), hint);
      state = allocation.state();
      allocation.error().ifPresentOrElse(error -> result.put("error", error.error()), () -> result.putNull("error"));
      ObjectNode allocated = result.putObject("allocated");
      for (String resource : manager.devices().stream().map(d -> d.resource()).distinct().toList()) {
        allocated.put(resource, state.allocated(resource).size());
      }
    }
    ObjectNode containers = output.putObject("containers");
    if (!steps.isEmpty()) {
      Pod last = steps.get(steps.size() - 1).pod();
      state.containersOf(last.uid()).forEach((name, resources) -> {
        ObjectNode held = containers.putObject(name);
        resources.forEach((resource, ids) -> held.set(resource, DeviceInputs.json(ids)));
      });
    }
    return output;
  }

  private record Step(Pod pod, Container container) {}

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    JsonNode steps = output.path("steps");
    for (int i = 0; i < expect.path("steps").size(); i++) {
      JsonNode expected = expect.path("steps").get(i);
      JsonNode actual = steps.path(i);
      String expectedError = expected.path("error").isNull() ? null : expected.path("error").asText();
      String error = actual.path("error").isNull() || actual.path("error").isMissingNode() ? null
          : actual.path("error").asText();
      if (!Objects.equals(expectedError, error)) {
        differences.add("step " + i + " error: expected " + expectedError + ", got " + error);
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = expected.path("allocated").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> count = it.next();
        if (actual.path("allocated").path(count.getKey()).asLong(-1) != count.getValue().asLong()) {
          differences.add("step " + i + " allocated " + count.getKey() + ": expected " + count.getValue() + ", got "
              + actual.path("allocated").path(count.getKey()));
        }
      }
    }
    JsonNode containers = output.path("containers");
    for (Iterator<Map.Entry<String, JsonNode>> it = expect.path("counts").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> container = it.next();
      for (Iterator<Map.Entry<String, JsonNode>> counts = container.getValue().fields(); counts.hasNext(); ) {
        Map.Entry<String, JsonNode> count = counts.next();
        int held = held(containers, container.getKey(), count.getKey()).size();
        if (held != count.getValue().asInt()) {
          differences.add(container.getKey() + " holds " + held + " " + count.getKey() + ", expected " + count.getValue());
        }
      }
    }
    for (JsonNode pair : expect.path("supersets")) {
      SortedSet<String> outer = held(containers, pair.get(0).asText(), pair.get(2).asText());
      SortedSet<String> inner = held(containers, pair.get(1).asText(), pair.get(2).asText());
      if (!outer.containsAll(inner)) {
        differences.add(pair.get(0).asText() + "'s " + outer + " do not contain " + pair.get(1).asText() + "'s " + inner);
      }
    }
    for (JsonNode pair : expect.path("disjoint")) {
      SortedSet<String> first = held(containers, pair.get(0).asText(), pair.get(2).asText());
      SortedSet<String> second = held(containers, pair.get(1).asText(), pair.get(2).asText());
      if (first.stream().anyMatch(second::contains)) {
        differences.add(pair.get(0).asText() + "'s " + first + " meet " + pair.get(1).asText() + "'s " + second);
      }
    }
    return new Verdict(differences);
  }

  private static SortedSet<String> held(JsonNode containers, String container, String resource) {
    return DeviceInputs.idSet(containers.path(container).path(resource));
  }
}
