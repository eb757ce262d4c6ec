package io.podtopo.conformance.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.memorymanager.MemoryMachineState;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.MemoryTable;
import io.podtopo.domain.memorymanager.NumaNodeState;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * The vectors' JSON forms of the Memory Manager (FORMAT.md, kinds {@code memory-*}); all sizes in
 * bytes.
 *
 * <ul>
 *   <li>machine state: {@code {numa: {memoryMap: {type: {allocatable, free, reserved,
 *       systemReserved, totalMemSize}}, cells, numberOfAssignments}}};
 *   <li>assignments: {@code {pod: {container: [{numaAffinity, type, size}]}}};
 *   <li>reserved memory: {@code {numa: {type: bytes}}}, null for none;
 *   <li>machine info: cadvisor nodes {@code [{id, memory, hugepages: [{pageSizeKiB, numPages}]}]},
 *       null for none.
 * </ul>
 */
public final class MemoryStateJson {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private MemoryStateJson() {}

  /** A state from {@code {"machineState", "assignments"}}; missing parts are empty. */
  public static MemoryManagerState state(JsonNode node) {
    return new MemoryManagerState.Builder()
        .machineState(machineState(node.path("machineState")))
        .containerEntries(TrackedSortedMap.copyOf(assignments(node.path("assignments"))))
        .build();
  }

  public static MemoryMachineState machineState(JsonNode node) {
    MemoryMachineState.Builder machine = new MemoryMachineState.Builder();
    forEachField(node, (id, nodeState) -> {
      NumaNodeState.Builder state = new NumaNodeState.Builder()
          .numberOfAssignments(nodeState.path("numberOfAssignments").asInt())
          .cells(ints(nodeState.path("cells")));
      forEachField(nodeState.path("memoryMap"), (type, table) -> state.putMemoryMap(type, MemoryTable.of(
          table.path("totalMemSize").asLong(), table.path("systemReserved").asLong(),
          table.path("allocatable").asLong(), table.path("reserved").asLong(), table.path("free").asLong())));
      machine.putNode(nodeId(id), state.build());
    });
    return machine.build();
  }

  public static SortedMap<String, SortedMap<String, List<MemoryBlock>>> assignments(JsonNode node) {
    SortedMap<String, SortedMap<String, List<MemoryBlock>>> entries = new TreeMap<>();
    forEachField(node, (pod, containers) -> {
      SortedMap<String, List<MemoryBlock>> byContainer = new TreeMap<>();
      forEachField(containers, (container, blocks) -> byContainer.put(container, blocks(blocks)));
      entries.put(pod, Collections.unmodifiableSortedMap(byContainer));
    });
    return entries;
  }

  public static List<MemoryBlock> blocks(JsonNode node) {
    List<MemoryBlock> blocks = new ArrayList<>();
    node.forEach(block -> blocks.add(MemoryBlock.of(ints(block.path("numaAffinity")),
        block.path("type").asText(), block.path("size").asLong())));
    return List.copyOf(blocks);
  }

  /** Reserved memory by node and type; null or missing is none. */
  public static SortedMap<Integer, SortedMap<String, Long>> reservedMemory(JsonNode node) {
    SortedMap<Integer, SortedMap<String, Long>> reserved = new TreeMap<>();
    forEachField(node, (id, byType) -> {
      SortedMap<String, Long> sizes = new TreeMap<>();
      forEachField(byType, (type, size) -> sizes.put(type, size.asLong()));
      reserved.put(nodeId(id), sizes);
    });
    return reserved;
  }

  /** The NUMA nodes of cadvisor machine info (page sizes in KiB); null or missing is none. */
  public static List<NumaNode> machineInfo(JsonNode node) {
    List<NumaNode> nodes = new ArrayList<>();
    node.forEach(numa -> {
      NumaNode.Builder builder = new NumaNode.Builder().id(numa.path("id").asInt()).memoryBytes(numa.path("memory").asLong());
      numa.path("hugepages").forEach(pool ->
          builder.putHugepage(pool.path("pageSizeKiB").asLong() * 1024, pool.path("numPages").asLong()));
      nodes.add(builder.build());
    });
    return nodes;
  }

  /** A hint {@code {"numaAffinity": [..] | null, "preferred"}}; null or missing is {any, not preferred}. */
  public static TopologyHint hint(JsonNode node) {
    return TopologyHint.of(FixtureJson.numaMask(node.get("numaAffinity")), node.path("preferred").asBoolean(false));
  }

  public static ObjectNode write(MemoryMachineState state) {
    ObjectNode machine = JSON.objectNode();
    state.nodes().forEach((id, nodeState) -> {
      ObjectNode node = machine.putObject(Integer.toString(id));
      ObjectNode memoryMap = node.putObject("memoryMap");
      nodeState.memoryMap().forEach((type, table) -> memoryMap.putObject(type)
          .put("allocatable", table.allocatable())
          .put("free", table.free())
          .put("reserved", table.reserved())
          .put("systemReserved", table.systemReserved())
          .put("totalMemSize", table.total()));
      ArrayNode cells = node.putArray("cells");
      nodeState.cells().forEach(cells::add);
      node.put("numberOfAssignments", nodeState.numberOfAssignments());
    });
    return machine;
  }

  public static ObjectNode write(SortedMap<String, SortedMap<String, List<MemoryBlock>>> assignments) {
    ObjectNode pods = JSON.objectNode();
    assignments.forEach((pod, containers) -> {
      ObjectNode byContainer = pods.putObject(pod);
      containers.forEach((container, blocks) -> byContainer.set(container, write(blocks)));
    });
    return pods;
  }

  public static ArrayNode write(List<MemoryBlock> blocks) {
    ArrayNode array = JSON.arrayNode();
    for (MemoryBlock block : blocks) {
      ObjectNode object = array.addObject();
      ArrayNode affinity = object.putArray("numaAffinity");
      block.numaAffinity().forEach(affinity::add);
      object.put("type", block.type()).put("size", block.size());
    }
    return array;
  }

  private static void forEachField(JsonNode node, BiConsumer<String, JsonNode> action) {
    if (node == null || !node.isObject()) {
      return;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      action.accept(entry.getKey(), entry.getValue());
    }
  }

  private static List<Integer> ints(JsonNode array) {
    List<Integer> values = new ArrayList<>();
    array.forEach(value -> values.add(value.asInt()));
    return values;
  }

  private static int nodeId(String key) {
    try {
      return Integer.parseInt(key);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("NUMA node key \"" + key + "\" is not a node id", e);
    }
  }
}
