package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A node-scenario answer with its device ids written so that answers differing only in which of
 * several interchangeable devices each container got compare equal. The kubelet picks the devices
 * of a container from Go sets in map order ({@code devicesToAllocate}: among the reusable devices of
 * the pod's init containers, then among the free devices on the hint's NUMA nodes, whatever nodes of
 * the hint they are on, then among the others, each set iterated as a map), so two runs of one
 * scenario hold different ids, and podtopo takes them in id order (D-1, D-6). A difference in which
 * device of a resource a container holds is a tie Go's map order breaks, so devices of one resource and
 * health are interchangeable here: an answer's choice among them shows only through which containers
 * hold it at that step (its <em>use</em>: which containers share a device). Each device id is replaced,
 * step by step, by its class and its rank among the class's devices ordered by use, and the NUMA node
 * the PodResources view reports for it is left out, so that two steps are equal after the rewrite
 * exactly when one is the other with devices of a class swapped. Steps are ranked on their own because
 * the kubelet draws anew at every allocation (a device freed by one pod may or may not be the one the
 * next pod gets); what a step-by-step ranking would miss, a running container's devices changing from
 * one step to the next, is marked on the container ({@code ~moved}) and so still compared. Which
 * NUMA nodes the chosen devices are on is checked elsewhere: the stored hints are compared exactly,
 * invariants 37 and 38 hold the devices to the hints, and the {@code device-allocate} vectors hold the
 * choice to upstream's tests.
 *
 * <p>Where the kubelet gives no answer (reason {@code KubeletNoAnswer}: it would crash), the kubelet
 * oracle answers the steps from there on in fresh managers, the scenario before the crash replayed
 * in them, which may draw other devices: a change at such a step is not marked.
 */
final class InterchangeableDevices {

  private InterchangeableDevices() {}

  /** The answer (and each of its {@code alternatives}) with device ids replaced by class and rank. */
  static JsonNode canonical(Machine machine, JsonNode answer) {
    if (!answer.isObject()) {
      return answer;
    }
    ObjectNode copy = answer.deepCopy();
    rewrite(machine, copy);
    JsonNode alternatives = copy.get("alternatives");
    if (alternatives != null && alternatives.isArray()) {
      alternatives.forEach(alternative -> {
        if (alternative.isObject()) {
          rewrite(machine, (ObjectNode) alternative);
        }
      });
    }
    return copy;
  }

  private static void rewrite(Machine machine, ObjectNode answer) {
    Map<String, String> classOf = new HashMap<>();
    for (Device device : machine.devices()) {
      classOf.put(key(device.resource(), device.id()), device.resource() + (device.healthy() ? "" : "-unhealthy"));
    }
    List<JsonNode> nodes = new ArrayList<>();
    if (answer.has("initial")) {
      nodes.add(answer.get("initial"));
    }
    answer.path("steps").forEach(nodes::add);
    // Each step is ranked on its own: the kubelet draws among the free devices at every allocation.
    Set<String> moved = moved(nodes);
    Map<String, List<String>> uses = new TreeMap<>();
    for (int step = 0; step < nodes.size(); step++) {
      int at = step;
      String segment = "|" + step;
      forEachHeld(nodes.get(step), (where, resource, id) ->
          uses.computeIfAbsent(key(resource, id) + segment, k -> new ArrayList<>()).add(at + ":" + where));
    }
    Map<String, TreeMap<String, TreeSet<String>>> byClass = new TreeMap<>();
    uses.forEach((device, used) -> {
      String deviceClass = classOf.getOrDefault(device.substring(0, device.lastIndexOf('|')), device)
          + device.substring(device.lastIndexOf('|'));
      used.sort(null);
      byClass.computeIfAbsent(deviceClass, c -> new TreeMap<>())
          .computeIfAbsent(String.join(";", used), u -> new TreeSet<>()).add(device);
    });
    Map<String, String> renamed = new HashMap<>();
    byClass.forEach((deviceClass, byUse) -> {
      int rank = 0;
      for (TreeSet<String> devices : byUse.values()) {
        for (String device : devices) {
          renamed.put(device, deviceClass.substring(0, deviceClass.lastIndexOf('|')) + "#" + rank++);
        }
      }
    });
    for (int step = 0; step < nodes.size(); step++) {
      renameIn(nodes.get(step), renamed, "|" + step, step, moved);
    }
  }

  /**
   * The containers whose devices of a resource changed from one step to the next while they held some
   * ({@code step|pod/container|resource}): a container keeps its devices for as long as it runs, so a
   * change is a decision to compare, unless the kubelet gave no answer at that step (the oracle then
   * answers from a replay that may draw other devices).
   */
  private static Set<String> moved(List<JsonNode> nodes) {
    Set<String> moved = new HashSet<>();
    Map<String, Set<String>> before = Map.of();
    for (int step = 0; step < nodes.size(); step++) {
      Map<String, Set<String>> now = new HashMap<>();
      forEachHeld(nodes.get(step), (where, resource, id) ->
          now.computeIfAbsent(where + "|" + resource, k -> new TreeSet<>()).add(id));
      boolean noAnswer = AdmissionFailure.KUBELET_NO_ANSWER.equals(
          nodes.get(step).path("decision").path("reason").asText());
      for (Map.Entry<String, Set<String>> held : now.entrySet()) {
        Set<String> earlier = before.get(held.getKey());
        if (!noAnswer && earlier != null && !earlier.equals(held.getValue())) {
          moved.add(step + "|" + held.getKey());
        }
      }
      before = now;
    }
    return moved;
  }

  /** Where a device is held: {@code pod/container}, for the pods section and the PodResources view alike. */
  private interface Held {
    void held(String where, String resource, String id);
  }

  private static void forEachHeld(JsonNode node, Held held) {
    Iterator<Map.Entry<String, JsonNode>> pods = node.path("pods").fields();
    while (pods.hasNext()) {
      Map.Entry<String, JsonNode> pod = pods.next();
      Iterator<Map.Entry<String, JsonNode>> containers = pod.getValue().path("containers").fields();
      while (containers.hasNext()) {
        Map.Entry<String, JsonNode> container = containers.next();
        Iterator<Map.Entry<String, JsonNode>> resources = container.getValue().path("devices").fields();
        while (resources.hasNext()) {
          Map.Entry<String, JsonNode> resource = resources.next();
          resource.getValue().forEach(id -> held.held(pod.getKey() + "/" + container.getKey(), resource.getKey(),
              id.asText()));
        }
      }
    }
  }

  private static void renameIn(JsonNode node, Map<String, String> renamed, String segment, int step,
      Set<String> moved) {
    node.path("pods").fields().forEachRemaining(pod -> pod.getValue().path("containers").fields()
        .forEachRemaining(container -> container.getValue().path("devices").fields().forEachRemaining(resource -> {
          String mark = moved.contains(step + "|" + pod.getKey() + "/" + container.getKey() + "|" + resource.getKey())
              ? "~moved" : "";
          ArrayNode ids = (ArrayNode) resource.getValue();
          for (int i = 0; i < ids.size(); i++) {
            ids.set(i, TextNode.valueOf(renamed.getOrDefault(key(resource.getKey(), ids.get(i).asText()) + segment,
                ids.get(i).asText()) + mark));
          }
        })));
    node.path("podResources").path("pods").forEach(pod -> pod.path("containers").forEach(container ->
        container.path("devices").forEach(device -> {
          if (device.isObject()) {
            String key = key(device.path("resource").asText(), device.path("id").asText()) + segment;
            ((ObjectNode) device).put("id", renamed.getOrDefault(key, device.path("id").asText()));
            ((ObjectNode) device).remove("numa");
          }
        })));
  }

  private static String key(String resource, String id) {
    return resource + "/" + id;
  }
}
