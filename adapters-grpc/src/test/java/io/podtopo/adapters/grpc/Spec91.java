package io.podtopo.adapters.grpc;

import java.util.List;
import java.util.Optional;

/**
 * The PLRM spec's §9.1 table, transcribed: every message of the PodResources v1 API with its fields'
 * numbers, names and types. {@code repeated int64} is packed (proto3's default), so it travels as
 * one length-delimited field. One row is not the table's: {@code ClaimResource.share_id} (5), which
 * upstream added in v1.35 and the table predates ({@link UpstreamApiProtoTest} holds the file to
 * upstream's, field for field).
 */
final class Spec91 {

  /** A field's protobuf type as the table gives it. */
  enum Kind {
    STRING, INT64, UINT64, MESSAGE;

    /** The wire type a value of this kind travels as: 0 varint, 2 length-delimited. */
    int wireType(boolean repeated) {
      return this == INT64 && !repeated || this == UINT64 ? 0 : 2;
    }
  }

  /** One row: {@code message}'s field {@code number}. */
  record Field(String message, int number, String name, Kind kind, boolean repeated, String type) {

    int wireType() {
      return kind.wireType(repeated);
    }
  }

  static final String SERVICE = "v1.PodResourcesLister";
  static final List<String> METHODS = List.of("List", "GetAllocatableResources", "Get");

  static final List<Field> TABLE = List.of(
      repeated("AllocatableResourcesResponse", 1, "devices", "ContainerDevices"),
      packed("AllocatableResourcesResponse", 2, "cpu_ids"),
      repeated("AllocatableResourcesResponse", 3, "memory", "ContainerMemory"),
      repeated("ListPodResourcesResponse", 1, "pod_resources", "PodResources"),
      string("PodResources", 1, "name"),
      string("PodResources", 2, "namespace"),
      repeated("PodResources", 3, "containers", "ContainerResources"),
      packed("PodResources", 4, "cpu_ids"),
      repeated("PodResources", 5, "memory", "ContainerMemory"),
      string("ContainerResources", 1, "name"),
      repeated("ContainerResources", 2, "devices", "ContainerDevices"),
      packed("ContainerResources", 3, "cpu_ids"),
      repeated("ContainerResources", 4, "memory", "ContainerMemory"),
      repeated("ContainerResources", 5, "dynamic_resources", "DynamicResource"),
      string("ContainerMemory", 1, "memory_type"),
      new Field("ContainerMemory", 2, "size", Kind.UINT64, false, ""),
      new Field("ContainerMemory", 3, "topology", Kind.MESSAGE, false, "TopologyInfo"),
      string("ContainerDevices", 1, "resource_name"),
      new Field("ContainerDevices", 2, "device_ids", Kind.STRING, true, ""),
      new Field("ContainerDevices", 3, "topology", Kind.MESSAGE, false, "TopologyInfo"),
      repeated("TopologyInfo", 1, "nodes", "NUMANode"),
      new Field("NUMANode", 1, "ID", Kind.INT64, false, ""),
      string("DynamicResource", 2, "claim_name"),
      string("DynamicResource", 3, "claim_namespace"),
      repeated("DynamicResource", 4, "claim_resources", "ClaimResource"),
      repeated("ClaimResource", 1, "cdi_devices", "CDIDevice"),
      string("ClaimResource", 2, "driver_name"),
      string("ClaimResource", 3, "pool_name"),
      string("ClaimResource", 4, "device_name"),
      string("ClaimResource", 5, "share_id"),
      string("CDIDevice", 1, "name"),
      string("GetPodResourcesRequest", 1, "pod_name"),
      string("GetPodResourcesRequest", 2, "pod_namespace"),
      new Field("GetPodResourcesResponse", 1, "pod_resources", Kind.MESSAGE, false, "PodResources"));

  /** The messages of the table, including the two empty requests. */
  static final List<String> MESSAGES = List.of("AllocatableResourcesRequest", "AllocatableResourcesResponse",
      "ListPodResourcesRequest", "ListPodResourcesResponse", "PodResources", "ContainerResources", "ContainerMemory",
      "ContainerDevices", "TopologyInfo", "NUMANode", "DynamicResource", "ClaimResource", "CDIDevice",
      "GetPodResourcesRequest", "GetPodResourcesResponse");

  private Spec91() {}

  /** The row of {@code message}'s field {@code number}. */
  static Optional<Field> field(String message, int number) {
    return TABLE.stream().filter(f -> f.message().equals(message) && f.number() == number).findFirst();
  }

  /** The rows of {@code message}. */
  static List<Field> fields(String message) {
    return TABLE.stream().filter(f -> f.message().equals(message)).toList();
  }

  private static Field string(String message, int number, String name) {
    return new Field(message, number, name, Kind.STRING, false, "");
  }

  private static Field packed(String message, int number, String name) {
    return new Field(message, number, name, Kind.INT64, true, "");
  }

  private static Field repeated(String message, int number, String name, String type) {
    return new Field(message, number, name, Kind.MESSAGE, true, type);
  }
}
