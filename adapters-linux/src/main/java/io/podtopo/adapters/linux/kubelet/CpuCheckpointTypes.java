package io.podtopo.adapters.linux.kubelet;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.domain.topology.CpuSet;
import java.util.List;
import java.util.Optional;

/**
 * The Go structs of {@code cpu_manager_state} (upstream {@code cpumanager/state/checkpoint.go} and
 * {@code state.go}): {@code CPUManagerCheckpointV1} (entries by container id), {@code V2} (entries
 * by pod and container), {@code V3} (V2 and {@code podEntries}), {@code V4} (the V3 fields, a
 * {@code data} string holding {@code CPUManagerCheckpointData} and its {@code dataChecksum}),
 * each with the fields its {@code newCPUManagerCheckpointVn} makes before decoding.
 */
final class CpuCheckpointTypes {

  static final GoType STRING = new GoType.StringType("string");
  static final GoType CHECKSUM = new GoType.IntegerType("checksum.Checksum", true);
  static final GoType.MapType ENTRIES_V1 = stringMap(STRING);
  static final GoType.MapType ENTRIES = stringMap(stringMap(STRING));
  /** {@code state.PodEntry}, which decodes {@code {"cpuSet": "4-6"}} through {@code cpuset.Parse}. */
  static final GoType POD_ENTRY = new GoType.CustomType("state.PodEntry", new PodEntryUnmarshaler());
  static final GoType.MapType POD_ENTRIES =
      new GoType.MapType(Optional.of("state.PodCPUAssignments"), STRING, POD_ENTRY);

  static final GoType.StructType V1 = checkpoint("state.CPUManagerCheckpointV1", ENTRIES_V1, false);
  static final GoType.StructType V2 = checkpoint("state.CPUManagerCheckpointV2", ENTRIES, false);
  static final GoType.StructType V3 = checkpoint("state.CPUManagerCheckpointV3", ENTRIES, true);
  /** V4 with the embedded V3 fields promoted, as {@code encoding/json} sees it. */
  static final GoType.StructType V4 = new GoType.StructType("state.CPUManagerCheckpoint", List.of(
      field("PolicyName", "policyName", STRING), field("DefaultCPUSet", "defaultCpuSet", STRING),
      field("Entries", "entries", ENTRIES), field("PodEntries", "podEntries", POD_ENTRIES),
      field("Checksum", "checksum", CHECKSUM), field("Data", "data", STRING),
      field("DataChecksum", "dataChecksum", CHECKSUM)));
  static final GoType.StructType DATA = new GoType.StructType("state.CPUManagerCheckpointData", List.of(
      field("PolicyName", "policyName", STRING), field("DefaultCPUSet", "defaultCpuSet", STRING),
      field("Entries", "entries", ENTRIES), field("PodEntries", "podEntries", POD_ENTRIES)));

  private static final GoType.StructType POD_ENTRY_JSON = new GoType.StructType("state.podEntryJSON",
      List.of(field("CPUSet", "cpuSet", STRING)));

  private CpuCheckpointTypes() {}

  private static GoType.StructType checkpoint(String name, GoType entries, boolean podEntries) {
    List<GoType.FieldType> fields = podEntries
        ? List.of(field("PolicyName", "policyName", STRING), field("DefaultCPUSet", "defaultCpuSet", STRING),
            field("Entries", "entries", entries), field("PodEntries", "podEntries", POD_ENTRIES),
            field("Checksum", "checksum", CHECKSUM))
        : List.of(field("PolicyName", "policyName", STRING), field("DefaultCPUSet", "defaultCpuSet", STRING),
            field("Entries", "entries", entries), field("Checksum", "checksum", CHECKSUM));
    return new GoType.StructType(name, fields);
  }

  private static GoType.MapType stringMap(GoType value) {
    return new GoType.MapType(Optional.empty(), STRING, value);
  }

  private static GoType.FieldType field(String name, String json, GoType type) {
    return new GoType.FieldType(name, json, type);
  }

  /** {@code PodEntry.UnmarshalJSON}: {@code podEntryJSON} decoded, then {@code cpuset.Parse}. */
  private static final class PodEntryUnmarshaler implements GoJson.Unmarshaler {

    @Override
    public GoValue zero() {
      return entry(CpuSet.empty(), true);
    }

    @Override
    public GoValue unmarshal(JsonNode json) {
      GoJson.Decoded decoded = GoJson.decode(json, POD_ENTRY_JSON);
      if (decoded.error().isPresent()) {
        throw new GoJson.GoJsonException(decoded.error().get());
      }
      String text = ((GoValue.Scalar) ((GoValue.GoStruct) decoded.value()).field("CPUSet")).text();
      try {
        return entry(GoCpuSet.parse(text), false);
      } catch (GoCpuSet.ParseException e) {
        throw new GoJson.GoJsonException("failed to parse cpuset: " + e.getMessage());
      }
    }

    private static GoValue entry(CpuSet cpus, boolean zero) {
      GoValue cpuSet = zero
          ? new GoValue.GoStruct("cpuset.CPUSet", List.of(new GoValue.Field("elems",
              new GoValue.GoMap("map[int]struct {}", true, List.of()))))
          : GoCpuSet.value(cpus);
      return new GoValue.GoStruct("state.PodEntry", List.of(new GoValue.Field("CPUSet", cpuSet)));
    }
  }
}
