package io.podtopo.adapters.linux.store;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.memorymanager.MemoryMachineState;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.MemoryTable;
import io.podtopo.domain.memorymanager.NumaNodeState;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The Memory Manager state in a state file, with upstream's member names (spec §8.1). The NUMA nodes
 * of the machine state are an array in node order, each naming its id; the reusable init-container
 * memory of a pod being admitted is not saved (upstream never checkpoints it).
 *
 * <pre>
 * memory:    {"machineState": [node], "containerEntries": {uid: {container: [block]}}, "podEntries": {uid: [block]}}
 * node:      {"numaNode": 0, "numberOfAssignments": 2, "cells": [0], "memoryMap": {type: table}}
 * table:     {"total", "systemReserved", "allocatable", "reserved", "free"}  (bytes)
 * block:     {"numaAffinity": [0, 1], "type": "memory" | "hugepages-&lt;size&gt;", "size": bytes}
 * </pre>
 */
final class SavedMemoryJson {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private SavedMemoryJson() {}

  static ObjectNode encode(MemoryManagerState memory) {
    ObjectNode node = JSON.objectNode();
    node.set("machineState", machineState(memory.machineState()));
    ObjectNode containers = node.putObject("containerEntries");
    memory.containerEntries().forEach((pod, entries) -> containers.set(pod, containerBlocks(entries)));
    ObjectNode pods = node.putObject("podEntries");
    memory.podEntries().forEach((pod, blocks) -> pods.set(pod, blocks(blocks)));
    return node;
  }

  static MemoryManagerState decode(DataNode node) {
    node.object("machineState", "containerEntries", "podEntries");
    MemoryMachineState.Builder machine = new MemoryMachineState.Builder();
    SortedMap<Integer, NumaNodeState> nodes = new TreeMap<>();
    for (DataNode numaNode : node.get("machineState").elements()) {
      numaNode.object("numaNode", "numberOfAssignments", "cells", "memoryMap");
      int id = numaNode.get("numaNode").intValue();
      if (nodes.put(id, numaNodeState(numaNode)) != null) {
        throw numaNode.get("numaNode").error("NUMA node " + id + " is listed twice");
      }
    }
    return new MemoryManagerState.Builder()
        .machineState(machine.nodes(nodes).build())
        .containerEntries(TrackedSortedMap.copyOf(node.get("containerEntries").map(pod -> pod.map(SavedMemoryJson::blocks))))
        .podEntries(TrackedSortedMap.copyOf(node.get("podEntries").map(SavedMemoryJson::blocks)))
        .build();
  }

  /** The machine state: its NUMA nodes in node order. */
  static ArrayNode machineState(MemoryMachineState machineState) {
    ArrayNode machine = JSON.arrayNode();
    machineState.nodes().forEach((id, state) -> machine.add(numaNode(id, state)));
    return machine;
  }

  /** One pod's container entries: {container: [block]}. */
  static ObjectNode containerBlocks(SortedMap<String, List<MemoryBlock>> entries) {
    ObjectNode podNode = JSON.objectNode();
    entries.forEach((container, blocks) -> podNode.set(container, blocks(blocks)));
    return podNode;
  }

  private static ObjectNode numaNode(int id, NumaNodeState state) {
    ObjectNode node = JSON.objectNode();
    node.put("numaNode", id);
    node.put("numberOfAssignments", state.numberOfAssignments());
    ArrayNode cells = node.putArray("cells");
    state.cells().forEach(cells::add);
    ObjectNode tables = node.putObject("memoryMap");
    state.memoryMap().forEach((type, table) -> {
      ObjectNode tableNode = tables.putObject(type);
      tableNode.put("total", table.total());
      tableNode.put("systemReserved", table.systemReserved());
      tableNode.put("allocatable", table.allocatable());
      tableNode.put("reserved", table.reserved());
      tableNode.put("free", table.free());
    });
    return node;
  }

  private static NumaNodeState numaNodeState(DataNode node) {
    Map<String, MemoryTable> tables = node.get("memoryMap").map(table -> {
      table.object("total", "systemReserved", "allocatable", "reserved", "free");
      return MemoryTable.of(table.get("total").longValue(), table.get("systemReserved").longValue(),
          table.get("allocatable").longValue(), table.get("reserved").longValue(), table.get("free").longValue());
    });
    return new NumaNodeState.Builder()
        .numberOfAssignments(node.get("numberOfAssignments").intValue())
        .cells(node.get("cells").list(DataNode::intValue))
        .memoryMap(tables)
        .build();
  }

  /** Memory blocks, in their order. */
  static ArrayNode blocks(List<MemoryBlock> blocks) {
    ArrayNode array = JSON.arrayNode();
    for (MemoryBlock block : blocks) {
      ObjectNode node = array.addObject();
      ArrayNode affinity = node.putArray("numaAffinity");
      block.numaAffinity().forEach(affinity::add);
      node.put("type", block.type());
      node.put("size", block.size());
    }
    return array;
  }

  private static List<MemoryBlock> blocks(DataNode node) {
    return node.list(block -> {
      block.object("numaAffinity", "type", "size");
      return MemoryBlock.of(block.get("numaAffinity").list(DataNode::intValue), block.get("type").text(),
          block.get("size").longValue());
    });
  }
}
