package io.podtopo.adapters.linux.kubelet;

import io.podtopo.domain.text.GoQuote;
import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.memorymanager.MemoryMachineState;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.MemoryTable;
import io.podtopo.domain.memorymanager.NumaNodeState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Reads {@code memory_manager_state} as kubelet v1.37's {@code stateCheckpoint.restoreState} does
 * ({@code memorymanager/state/state_checkpoint.go}): {@code loadAndMigrateCheckpointV3} tries V3,
 * falls back to V2 and then V1 unless the file has V3 {@code data} (then a V3 error is final), and
 * checks the policy name. Pod entries are restored only with the {@code PodLevelResourceManagers}
 * gate on. Values the domain cannot hold (a null NUMA node or table, a size beyond 2^63-1) are
 * refused with a reason of our own, where the kubelet would fail later.
 */
final class MemoryCheckpointFile {

  private static final String LEGACY = "MemoryManagerCheckpoint";

  private MemoryCheckpointFile() {}

  /**
   * The Memory Manager state in {@code content}.
   *
   * @param configuredPolicy the configured {@code memoryManagerPolicy} ({@code None}, {@code Static})
   * @throws CheckpointLoadException with the kubelet's reason
   */
  static RestoredCheckpoint<MemoryManagerState> read(String content, String configuredPolicy, FeatureGates gates)
      throws CheckpointLoadException {
    LoadedCheckpoint loaded = load(content);
    String policy = loaded.text("PolicyName");
    if (!configuredPolicy.equals(policy)) {
      throw new CheckpointLoadException("[memorymanager] configured policy " + GoQuote.of(configuredPolicy)
          + " differs from state checkpoint policy " + GoQuote.of(policy));
    }
    SortedMap<String, SortedMap<String, List<MemoryBlock>>> entries = new TreeMap<>();
    for (Map.Entry<String, GoValue> pod : GoValues.entries(loaded.payload().field("Entries")).entrySet()) {
      SortedMap<String, List<MemoryBlock>> containers = new TreeMap<>();
      for (Map.Entry<String, GoValue> container : GoValues.entries(pod.getValue()).entrySet()) {
        containers.put(container.getKey(), blocks(container.getValue()));
      }
      entries.put(pod.getKey(), containers);
    }
    SortedMap<String, List<MemoryBlock>> podEntries = new TreeMap<>();
    if (gates.enabled(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS) && !loaded.version().equals("V1")) {
      for (Map.Entry<String, GoValue> pod : GoValues.entries(loaded.payload().field("PodEntries")).entrySet()) {
        podEntries.put(pod.getKey(), blocks(((GoValue.GoStruct) pod.getValue()).field("MemoryBlocks")));
      }
    }
    MemoryManagerState state = new MemoryManagerState.Builder()
        .machineState(machineState(loaded.payload().field("MachineState")))
        .containerEntries(TrackedSortedMap.copyOf(entries))
        .podEntries(TrackedSortedMap.copyOf(podEntries))
        .build();
    return new RestoredCheckpoint<>(loaded.version(), loaded.verification(), policy, state);
  }

  /**
   * The kubelet's load-and-migrate chain, without the policy check: the format the file is read
   * as, its verification and its payload.
   *
   * @throws CheckpointLoadException with the kubelet's reason
   */
  static LoadedCheckpoint load(String content) throws CheckpointLoadException {
    return loadV3(content);
  }

  private static LoadedCheckpoint loadV3(String content) throws CheckpointLoadException {
    GoJson.Decoded top = GoJson.unmarshal(content, MemoryCheckpointTypes.V3);
    GoValue.GoStruct checkpoint = (GoValue.GoStruct) top.value();
    String data = GoValues.text(checkpoint.field("Data"));
    long dataChecksum = GoValues.unsigned(checkpoint.field("DataChecksum"));
    CheckpointLoadException failure;
    if (top.error().isPresent()) {
      failure = new CheckpointLoadException("failed to deserialize memory manager checkpoint: " + top.error().get());
    } else {
      GoJson.Decoded payload = GoJson.unmarshal(data, MemoryCheckpointTypes.DATA);
      if (payload.error().isPresent()) {
        failure = new CheckpointLoadException("failed to deserialize memory manager checkpoint data: "
            + payload.error().get());
      } else {
        try {
          return new LoadedCheckpoint("V3", LegacyChecksum.verifyData(data, dataChecksum),
              (GoValue.GoStruct) payload.value());
        } catch (CheckpointLoadException e) {
          failure = e;
        }
      }
    }
    if (!data.isEmpty() || dataChecksum != 0) {
      throw new CheckpointLoadException("could not load v3 checkpoint: " + failure.getMessage(),
          failure.verification());
    }
    return loadV2(content);
  }

  private static LoadedCheckpoint loadV2(String content) throws CheckpointLoadException {
    GoJson.Decoded v2 = GoJson.unmarshal(content, MemoryCheckpointTypes.V2);
    if (v2.error().isEmpty()) {
      GoValue.GoStruct checkpoint = (GoValue.GoStruct) v2.value();
      try {
        return new LoadedCheckpoint("V2", LegacyChecksum.verify(checkpoint, false,
            List.of(LegacyChecksum.Naming.renamed("MemoryManagerCheckpointV2", LEGACY))), checkpoint);
      } catch (CheckpointLoadException e) {
        return loadV1(content);
      }
    }
    return loadV1(content);
  }

  private static LoadedCheckpoint loadV1(String content) throws CheckpointLoadException {
    GoJson.Decoded v1 = GoJson.unmarshal(content, MemoryCheckpointTypes.V1);
    if (v1.error().isPresent()) {
      throw new CheckpointLoadException(v1.error().get());
    }
    GoValue.GoStruct checkpoint = (GoValue.GoStruct) v1.value();
    return new LoadedCheckpoint("V1", LegacyChecksum.verify(checkpoint, true,
        List.of(LegacyChecksum.Naming.renamed("MemoryManagerCheckpointV1", LEGACY))), checkpoint);
  }

  private static MemoryMachineState machineState(GoValue map) throws CheckpointLoadException {
    MemoryMachineState.Builder machine = new MemoryMachineState.Builder();
    for (Map.Entry<String, GoValue> node : GoValues.entries(map).entrySet()) {
      String where = "machineState[" + node.getKey() + "]";
      GoValue.GoStruct state = (GoValue.GoStruct) target(node.getValue(), where);
      NumaNodeState.Builder numa = new NumaNodeState.Builder()
          .numberOfAssignments(intValue(GoValues.text(state.field("NumberOfAssignments")), where + ".numberOfAssignments"));
      for (Map.Entry<String, GoValue> table : GoValues.entries(state.field("MemoryMap")).entrySet()) {
        String at = where + ".memoryMap[" + table.getKey() + "]";
        GoValue.GoStruct fields = (GoValue.GoStruct) target(table.getValue(), at);
        numa.putMemoryMap(table.getKey(), MemoryTable.of(size(fields.field("TotalMemSize"), at + ".total"),
            size(fields.field("SystemReserved"), at + ".systemReserved"),
            size(fields.field("Allocatable"), at + ".allocatable"), size(fields.field("Reserved"), at + ".reserved"),
            size(fields.field("Free"), at + ".free")));
      }
      for (GoValue cell : GoValues.elements(state.field("Cells"))) {
        numa.addCell(intValue(GoValues.text(cell), where + ".cells"));
      }
      machine.putNode(intValue(node.getKey(), where), numa.build());
    }
    return machine.build();
  }

  private static List<MemoryBlock> blocks(GoValue slice) throws CheckpointLoadException {
    List<MemoryBlock> blocks = new ArrayList<>();
    for (GoValue element : GoValues.elements(slice)) {
      GoValue.GoStruct block = (GoValue.GoStruct) element;
      List<Integer> nodes = new ArrayList<>();
      for (GoValue node : GoValues.elements(block.field("NUMAAffinity"))) {
        nodes.add(intValue(GoValues.text(node), "numaAffinity"));
      }
      blocks.add(MemoryBlock.of(nodes, GoValues.text(block.field("Type")), size(block.field("Size"), "size")));
    }
    return blocks;
  }

  private static GoValue target(GoValue pointer, String where) throws CheckpointLoadException {
    Optional<GoValue> target = ((GoValue.GoPointer) pointer).target();
    if (target.isEmpty()) {
      throw new CheckpointLoadException("[memorymanager] " + where + " is null");
    }
    return target.get();
  }

  private static long size(GoValue value, String where) throws CheckpointLoadException {
    long bits = GoValues.unsigned(value);
    if (bits < 0) {
      throw new CheckpointLoadException("[memorymanager] " + where + " " + Long.toUnsignedString(bits)
          + " is beyond the largest size podtopo holds (2^63-1 bytes)");
    }
    return bits;
  }

  private static int intValue(String text, String where) throws CheckpointLoadException {
    long number = Long.parseLong(text);
    if (number != (int) number) {
      throw new CheckpointLoadException("[memorymanager] " + where + " " + number + " is out of range");
    }
    return (int) number;
  }
}
