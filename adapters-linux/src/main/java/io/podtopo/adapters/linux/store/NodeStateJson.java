package io.podtopo.adapters.linux.store;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.devicemanager.DeviceManagerState;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A {@link NodeState} in a state file: the CPU Manager state with CPU sets as Linux cpulists (as in
 * upstream's {@code cpu_manager_state}), the Memory Manager state ({@link SavedMemoryJson}), the
 * stored topology hints and, when a container holds any, the Device Manager's devices (as in
 * upstream's {@code kubelet_internal_checkpoint}; absent otherwise, so a state without devices is
 * written as before), and, when any, the containers the Topology Manager saw start (D-43; absent
 * otherwise). The hints and the started containers are what a running kubelet holds in memory: saved
 * so that the file is the agent's whole state, they are forgotten by a restart's {@code start}. The
 * transient reuse sets of the managers are not saved (upstream never checkpoints them).
 *
 * <pre>
 * state:   {"cpu": cpu, "memory": memory, "topologyHints": {uid: {container: hint}},
 *           "devices"?: {uid: {container: {resource: [id, ...]}}},
 *           "startedContainers"?: {uid: [container, ...]}}
 * cpu:     {"defaultCpuSet": "0-3,8", "entries": {uid: {container: "4-5"}}, "podEntries": {uid: "4-7"}}
 * hint:    {"affinity": [0, 1] | null, "preferred": boolean}    (null: any NUMA node)
 * </pre>
 */
final class NodeStateJson {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private NodeStateJson() {}

  static ObjectNode encode(NodeState state) {
    ObjectNode node = JSON.objectNode();
    node.set("cpu", cpu(state.cpu()));
    node.set("memory", SavedMemoryJson.encode(state.memory()));
    ObjectNode hints = node.putObject("topologyHints");
    state.topologyHints().forEach((pod, containers) -> hints.set(pod, podHints(containers)));
    if (!state.startedContainers().isEmpty()) {
      ObjectNode started = node.putObject("startedContainers");
      state.startedContainers().forEach((pod, names) -> started.set(pod, names(names)));
    }
    if (!state.devices().isEmpty()) {
      ObjectNode devices = node.putObject("devices");
      state.devices().allocations().forEach((pod, containers) -> devices.set(pod, podDevices(containers)));
    }
    return node;
  }

  /** One pod's stored hints: {container: hint}. */
  static ObjectNode podHints(SortedMap<String, TopologyHint> containers) {
    ObjectNode podNode = JSON.objectNode();
    containers.forEach((container, hint) -> podNode.set(container, hint(hint)));
    return podNode;
  }

  /** Names as an array, in their order (one pod's started containers). */
  static ArrayNode names(Collection<String> names) {
    ArrayNode array = JSON.arrayNode();
    names.forEach(array::add);
    return array;
  }

  /** One pod's devices: {container: {resource: [id, ...]}}. */
  static ObjectNode podDevices(SortedMap<String, SortedMap<String, SortedSet<String>>> containers) {
    ObjectNode podNode = JSON.objectNode();
    containers.forEach((container, resources) -> {
      ObjectNode containerNode = podNode.putObject(container);
      resources.forEach((resource, ids) -> containerNode.set(resource, names(ids)));
    });
    return podNode;
  }

  /** One pod's CPU Manager container entries: {container: cpulist}. */
  static ObjectNode containerCpus(SortedMap<String, CpuSet> containers) {
    ObjectNode podNode = JSON.objectNode();
    containers.forEach((container, cpus) -> podNode.put(container, cpus.toString()));
    return podNode;
  }

  static NodeState decode(DataNode node) {
    boolean withDevices = node.has("devices");
    boolean withStarted = node.has("startedContainers");
    List<String> members = new ArrayList<>(List.of("cpu", "memory", "topologyHints"));
    if (withDevices) {
      members.add("devices");
    }
    if (withStarted) {
      members.add("startedContainers");
    }
    node.object(members.toArray(String[]::new));
    return new NodeState.Builder()
        .startedContainers(withStarted ? startedContainers(node.get("startedContainers")) : TrackedSortedMap.empty())
        .cpu(cpu(node.get("cpu")))
        .memory(SavedMemoryJson.decode(node.get("memory")))
        .topologyHints(TrackedSortedMap.copyOf(node.get("topologyHints").map(pod -> pod.map(NodeStateJson::hint))))
        .devices(withDevices ? devices(node.get("devices")) : DeviceManagerState.empty())
        .build();
  }

  private static TrackedSortedMap<String, SortedSet<String>> startedContainers(DataNode node) {
    return TrackedSortedMap.copyOf(node.map(pod -> {
      List<String> names = pod.list(DataNode::text);
      if (names.isEmpty()) {
        throw pod.error("a pod without started containers is never saved");
      }
      return Collections.unmodifiableSortedSet(new TreeSet<>(names));
    }));
  }

  private static DeviceManagerState devices(DataNode node) {
    SortedMap<String, SortedMap<String, SortedMap<String, List<String>>>> allocations =
        node.map(pod -> pod.map(container -> container.map(resource -> {
          List<String> ids = resource.list(DataNode::text);
          if (ids.isEmpty()) {
            throw resource.error("a resource without devices is never saved");
          }
          return ids;
        })));
    return DeviceManagerState.of(allocations);
  }

  private static ObjectNode cpu(CpuManagerState cpu) {
    ObjectNode node = JSON.objectNode();
    node.put("defaultCpuSet", cpu.defaultCpuSet().toString());
    ObjectNode entries = node.putObject("entries");
    cpu.entries().forEach((pod, containers) -> entries.set(pod, containerCpus(containers)));
    ObjectNode pods = node.putObject("podEntries");
    cpu.podEntries().forEach((pod, cpus) -> pods.put(pod, cpus.toString()));
    return node;
  }

  private static CpuManagerState cpu(DataNode node) {
    node.object("defaultCpuSet", "entries", "podEntries");
    SortedMap<String, SortedMap<String, CpuSet>> entries =
        node.get("entries").map(pod -> pod.map(NodeStateJson::cpuSet));
    for (var pod : entries.entrySet()) {
      if (pod.getValue().isEmpty()) {
        throw node.get("entries").get(pod.getKey()).error("a pod without container entries is never saved");
      }
    }
    return CpuManagerState.of(cpuSet(node.get("defaultCpuSet")), entries,
        node.get("podEntries").map(NodeStateJson::cpuSet));
  }

  private static CpuSet cpuSet(DataNode node) {
    return node.parsed(CpuSet::parse);
  }

  private static ObjectNode hint(TopologyHint hint) {
    ObjectNode node = JSON.objectNode();
    if (hint.affinity().isPresent()) {
      ArrayNode affinity = node.putArray("affinity");
      hint.affinity().get().nodes().forEach(affinity::add);
    } else {
      node.putNull("affinity");
    }
    node.put("preferred", hint.preferred());
    return node;
  }

  private static TopologyHint hint(DataNode node) {
    node.object("affinity", "preferred");
    DataNode affinity = node.get("affinity");
    NumaMask mask = affinity.isNull() ? null : numaMask(affinity);
    return TopologyHint.of(mask, node.get("preferred").booleanValue());
  }

  private static NumaMask numaMask(DataNode node) {
    List<Integer> nodes = node.list(DataNode::intValue);
    try {
      return NumaMask.of(nodes);
    } catch (IllegalArgumentException e) {
      throw node.error(e.getMessage());
    }
  }
}
