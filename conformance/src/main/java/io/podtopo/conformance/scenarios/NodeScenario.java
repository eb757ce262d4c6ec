package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.conformance.json.KubeletJson;
import io.podtopo.conformance.json.MachineJson;
import io.podtopo.conformance.json.PodJson;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The input of a {@code node-scenario} case (FORMAT.md): a machine, a kubelet configuration, which
 * behaviour is asked for and the steps, the ports' {@link ScenarioStep}s.
 *
 * <pre>{@code
 * {"machine": {...machine JSON...}, "kubelet": {...KubeletConfiguration subset...},
 *  "behaviour": "kubelet" | "spec",
 *  "steps": [{"admit": pod}, {"removeContainer": {"pod": uid, "container": name}},
 *            {"removePod": uid}, {"restart": {"devices"?: [...]}}]}
 * }</pre>
 *
 * @param behaviour {@code kubelet} (the default: the kubelet v1.37 as it is) or {@code spec} (the
 *     case relies on one of podtopo's documented departures from it, docs/spec/decisions.md)
 */
public record NodeScenario(Machine machine, NodeConfig config, String behaviour, List<ScenarioStep> steps) {

  /** The behaviour of the kubelet v1.37. */
  public static final String KUBELET = "kubelet";
  /** The behaviour of the spec where podtopo departs from the kubelet v1.37. */
  public static final String SPEC = "spec";

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  public NodeScenario {
    steps = List.copyOf(steps);
  }

  /**
   * Reads a scenario input.
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  public static NodeScenario read(JsonNode input) {
    if (input == null || !input.isObject()) {
      throw new IllegalArgumentException("a node-scenario input must be an object");
    }
    JsonNode machine = input.get("machine");
    if (machine == null || !machine.isObject()) {
      throw new IllegalArgumentException("\"machine\" must be a machine object (or the name of an entry of the "
          + "file's \"machines\")");
    }
    String behaviour = input.path("behaviour").asText(KUBELET);
    if (!Set.of(KUBELET, SPEC).contains(behaviour)) {
      throw new IllegalArgumentException("\"behaviour\" must be \"kubelet\" or \"spec\", got \"" + behaviour + "\"");
    }
    String outcomes = input.path("outcomes").asText("all");
    if (!Set.of("all", "one").contains(outcomes)) {
      // podtopo answers every scenario one way: either is answered alike, anything else is refused.
      throw new IllegalArgumentException("\"outcomes\" must be \"all\" or \"one\", got \"" + outcomes + "\"");
    }
    JsonNode stepsNode = input.get("steps");
    if (stepsNode == null || !stepsNode.isArray()) {
      throw new IllegalArgumentException("\"steps\" must be an array");
    }
    List<ScenarioStep> steps = new ArrayList<>();
    for (JsonNode step : stepsNode) {
      steps.add(step(steps.size(), step));
    }
    NodeConfig config = new NodeConfig.Builder().from(KubeletJson.config(input.get("kubelet")))
        .behaviour(Behaviour.parse(behaviour)).build();
    Machine read = FixtureJson.machine(machine);
    for (int i = 0; i < steps.size(); i++) {
      if (steps.get(i) instanceof ScenarioStep.Restart restart && restart.devices().isPresent()) {
        checkSameDevices(i, read.devices(), restart.devices().get());
      }
    }
    return new NodeScenario(read, config, behaviour, steps);
  }

  /**
   * A restart's devices are the machine's devices, each with its health after the restart: a device
   * that disappears, or a plugin that does not register again (which the kubelet keeps registered with
   * no device from its checkpoint for the plugin's grace period, ADR 0008), is not modelled.
   */
  private static void checkSameDevices(int index, List<Device> machine, List<Device> restart) {
    List<String> before = machine.stream().sorted(Device.ORDER).map(NodeScenario::placed).toList();
    List<String> after = restart.stream().sorted(Device.ORDER).map(NodeScenario::placed).toList();
    if (!before.equals(after)) {
      throw new IllegalArgumentException("step " + (index + 1) + ": a restart's \"devices\" must be the machine's "
          + "devices with their health after the restart (a device or plugin that disappears is not modelled): "
          + "the machine has " + before + ", the restart gives " + after);
    }
  }

  private static String placed(Device device) {
    return device.resource() + "/" + device.id() + device.numaNode().map(node -> "@" + node).orElse("");
  }

  private static ScenarioStep step(int index, JsonNode step) {
    if (step == null || !step.isObject() || step.size() != 1) {
      throw new IllegalArgumentException("step " + (index + 1) + " must be an object with one of \"admit\", "
          + "\"removeContainer\", \"removePod\", \"restart\": " + step);
    }
    if (step.has("admit")) {
      return ScenarioStep.admit(PodJson.pod(step.get("admit")));
    }
    if (step.has("removeContainer")) {
      JsonNode removal = step.get("removeContainer");
      if (!removal.path("pod").isTextual() || !removal.path("container").isTextual()) {
        throw new IllegalArgumentException("step " + (index + 1) + ": \"removeContainer\" needs \"pod\" and "
            + "\"container\" strings");
      }
      return ScenarioStep.removeContainer(removal.get("pod").asText(), removal.get("container").asText());
    }
    if (step.has("removePod")) {
      if (!step.get("removePod").isTextual()) {
        throw new IllegalArgumentException("step " + (index + 1) + ": \"removePod\" must be a pod uid");
      }
      return ScenarioStep.removePod(step.get("removePod").asText());
    }
    if (step.has("restart")) {
      JsonNode restart = step.get("restart");
      if (!restart.isObject()) {
        throw new IllegalArgumentException("step " + (index + 1) + ": \"restart\" must be an object: {} or "
            + "{\"devices\": [...]}");
      }
      JsonNode devices = restart.get("devices");
      if (devices == null) {
        return ScenarioStep.restart();
      }
      if (!devices.isArray()) {
        throw new IllegalArgumentException("step " + (index + 1) + ": \"restart\".\"devices\" must be an array of "
            + "{\"resource\", \"id\", \"numa\", \"healthy\"?}");
      }
      return ScenarioStep.restart(FixtureJson.devices(devices));
    }
    throw new IllegalArgumentException("step " + (index + 1) + ": unknown step " + step.fieldNames().next());
  }

  /** The scenario as its input JSON, which {@link #read} reads back into an equal scenario. */
  public ObjectNode write() {
    ObjectNode input = JSON.objectNode();
    input.set("machine", MachineJson.write(machine));
    input.set("kubelet", KubeletJson.write(config));
    if (!behaviour.equals(KUBELET)) {
      input.put("behaviour", behaviour);
    }
    ArrayNode written = input.putArray("steps");
    steps.forEach(step -> written.add(write(step)));
    return input;
  }

  /** A step as its JSON object. */
  private static ObjectNode write(ScenarioStep step) {
    ObjectNode written = JSON.objectNode();
    if (step instanceof ScenarioStep.Admit admit) {
      written.set("admit", PodJson.write(admit.pod()));
    } else if (step instanceof ScenarioStep.RemoveContainer removal) {
      written.putObject("removeContainer").put("pod", removal.podUid()).put("container", removal.containerName());
    } else if (step instanceof ScenarioStep.RemovePod removal) {
      written.put("removePod", removal.podUid());
    } else {
      ObjectNode restart = written.putObject("restart");
      ((ScenarioStep.Restart) step).devices().ifPresent(devices -> {
        ArrayNode list = restart.putArray("devices");
        devices.forEach(device -> list.add(MachineJson.device(device)));
      });
    }
    return written;
  }
}
