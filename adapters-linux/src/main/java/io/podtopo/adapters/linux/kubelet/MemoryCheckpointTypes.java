package io.podtopo.adapters.linux.kubelet;

import java.util.List;
import java.util.Optional;

/**
 * The Go structs of {@code memory_manager_state} (upstream {@code memorymanager/state/checkpoint.go}
 * and {@code state.go}): {@code MemoryManagerCheckpointV1} (machine state and container entries),
 * {@code V2} (V1 and {@code podEntries}), {@code V3} (the V1 fields, a {@code data} string holding
 * {@code MemoryManagerCheckpointData} and its {@code dataChecksum}).
 */
final class MemoryCheckpointTypes {

  static final GoType STRING = new GoType.StringType("string");
  static final GoType RESOURCE_NAME = new GoType.StringType("v1.ResourceName");
  static final GoType INT = new GoType.IntegerType("int", false);
  static final GoType UINT64 = new GoType.IntegerType("uint64", true);

  static final GoType.StructType MEMORY_TABLE = new GoType.StructType("state.MemoryTable", List.of(
      field("TotalMemSize", "total", UINT64), field("SystemReserved", "systemReserved", UINT64),
      field("Allocatable", "allocatable", UINT64), field("Reserved", "reserved", UINT64),
      field("Free", "free", UINT64)));
  static final GoType.StructType NUMA_NODE_STATE = new GoType.StructType("state.NUMANodeState", List.of(
      field("NumberOfAssignments", "numberOfAssignments", INT),
      field("MemoryMap", "memoryMap",
          new GoType.MapType(Optional.empty(), RESOURCE_NAME, new GoType.PointerType(MEMORY_TABLE))),
      field("Cells", "cells", new GoType.SliceType(INT))));
  static final GoType.MapType NUMA_NODE_MAP =
      new GoType.MapType(Optional.of("state.NUMANodeMap"), INT, new GoType.PointerType(NUMA_NODE_STATE));
  static final GoType.StructType BLOCK = new GoType.StructType("state.Block", List.of(
      field("NUMAAffinity", "numaAffinity", new GoType.SliceType(INT)), field("Type", "type", RESOURCE_NAME),
      field("Size", "size", UINT64)));
  static final GoType.SliceType BLOCKS = new GoType.SliceType(BLOCK);
  static final GoType.MapType ENTRIES = new GoType.MapType(Optional.of("state.ContainerMemoryAssignments"),
      STRING, new GoType.MapType(Optional.empty(), STRING, BLOCKS));
  static final GoType.StructType POD_ENTRY = new GoType.StructType("state.PodEntry",
      List.of(field("MemoryBlocks", "memoryBlocks", BLOCKS)));
  static final GoType.MapType POD_ENTRIES =
      new GoType.MapType(Optional.of("state.PodMemoryAssignments"), STRING, POD_ENTRY);

  static final GoType.StructType V1 = new GoType.StructType("state.MemoryManagerCheckpointV1", List.of(
      field("PolicyName", "policyName", STRING), field("MachineState", "machineState", NUMA_NODE_MAP),
      field("Entries", "entries", ENTRIES), field("Checksum", "checksum", CpuCheckpointTypes.CHECKSUM)));
  static final GoType.StructType V2 = new GoType.StructType("state.MemoryManagerCheckpointV2", List.of(
      field("PolicyName", "policyName", STRING), field("MachineState", "machineState", NUMA_NODE_MAP),
      field("Entries", "entries", ENTRIES), field("PodEntries", "podEntries", POD_ENTRIES),
      field("Checksum", "checksum", CpuCheckpointTypes.CHECKSUM)));
  /** V3 with the embedded V1 fields promoted, as {@code encoding/json} sees it. */
  static final GoType.StructType V3 = new GoType.StructType("state.MemoryManagerCheckpoint", List.of(
      field("PolicyName", "policyName", STRING), field("MachineState", "machineState", NUMA_NODE_MAP),
      field("Entries", "entries", ENTRIES), field("Checksum", "checksum", CpuCheckpointTypes.CHECKSUM),
      field("Data", "data", STRING), field("DataChecksum", "dataChecksum", CpuCheckpointTypes.CHECKSUM)));
  static final GoType.StructType DATA = new GoType.StructType("state.MemoryManagerCheckpointData", List.of(
      field("PolicyName", "policyName", STRING), field("MachineState", "machineState", NUMA_NODE_MAP),
      field("Entries", "entries", ENTRIES), field("PodEntries", "podEntries", POD_ENTRIES)));

  private MemoryCheckpointTypes() {}

  private static GoType.FieldType field(String name, String json, GoType type) {
    return new GoType.FieldType(name, json, type);
  }
}
