package io.podtopo.adapters.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The comparison {@link UpstreamApiProtoTest} makes, shown to fail: podtopo's {@code api.proto} (the
 * "upstream" side here) against copies of it with one thing changed. Comments and the order of
 * declarations change nothing; a field removed, renumbered, renamed, retyped or relabelled, an rpc
 * removed or changed, a message added, an option changed or added all fail, naming what differs.
 */
class ProtoDeclarationsTest {

  private static final String ORIGINAL = read();
  private static final FileDescriptorProto PODTOPO =
      Protoc.parse(UpstreamApiProtoTest.PROTO_ROOT, UpstreamApiProtoTest.PODTOPO_API);

  @TempDir
  Path dir;

  @Test
  void commentsAndTheOrderOfDeclarationsChangeNothing() throws IOException {
    String reordered = ORIGINAL.replaceAll("(?m)^\\s*//.*\n", "").replaceAll("(?m)//.*$", "")
        .replace("message NUMANode {\n  int64 ID = 1;\n}\n", "")
        .replace("syntax = \"proto3\";\n", "syntax = \"proto3\";\n// a comment of the copy's own\n"
            + "message NUMANode {\n  int64 ID = 1; // another\n}\n")
        .replace("  string pool_name = 3;\n  string device_name = 4;\n", "  string device_name = 4;\n  string pool_name = 3;\n");
    assertThat(reordered).doesNotContain("Served by the kubelet").isNotEqualTo(ORIGINAL);

    assertThatCode(() -> ProtoDeclarations.assertSame(PODTOPO, parse(reordered), List.of())).doesNotThrowAnyException();
  }

  @Test
  void aFieldRemovedFails() throws IOException {
    assertDifferences(change("  optional string share_id = 5;\n", ""),
        "declared upstream, not in podtopo:   message_type ClaimResource / field share_id",
        "declared upstream, not in podtopo:   message_type ClaimResource / field share_id / number: 5",
        "declared upstream, not in podtopo:   message_type ClaimResource / oneof_decl _share_id");
  }

  @Test
  void aFieldRenumberedFails() throws IOException {
    assertDifferences(change("string pool_name = 3;", "string pool_name = 6;"),
        "declared upstream, not in podtopo:   message_type ClaimResource / field pool_name / number: 3",
        "declared in podtopo, not upstream:   message_type ClaimResource / field pool_name / number: 6");
  }

  @Test
  void aFieldRenamedFails() throws IOException {
    assertDifferences(change("int64 ID = 1;", "int64 id = 1;"),
        "declared upstream, not in podtopo:   message_type NUMANode / field ID",
        "declared in podtopo, not upstream:   message_type NUMANode / field id");
  }

  @Test
  void aFieldRetypedFails() throws IOException {
    assertDifferences(change("uint64 size = 2;", "int64 size = 2;"),
        "declared upstream, not in podtopo:   message_type ContainerMemory / field size / type: TYPE_UINT64",
        "declared in podtopo, not upstream:   message_type ContainerMemory / field size / type: TYPE_INT64");
    assertDifferences(change("  TopologyInfo topology = 3;\n}\n\nmessage ContainerDevices",
            "  NUMANode topology = 3;\n}\n\nmessage ContainerDevices"),
        "declared upstream, not in podtopo:   message_type ContainerMemory / field topology / type_name: .v1.TopologyInfo",
        "declared in podtopo, not upstream:   message_type ContainerMemory / field topology / type_name: .v1.NUMANode");
  }

  @Test
  void aFieldRelabelledFails() throws IOException {
    assertDifferences(change("repeated string device_ids = 2;", "string device_ids = 2;"),
        "declared upstream, not in podtopo:   message_type ContainerDevices / field device_ids / label: LABEL_REPEATED",
        "declared in podtopo, not upstream:   message_type ContainerDevices / field device_ids / label: LABEL_OPTIONAL");
    assertDifferences(change("optional string share_id = 5;", "string share_id = 5;"),
        "declared upstream, not in podtopo:   message_type ClaimResource / field share_id / proto3_optional: true");
  }

  @Test
  void anRpcRemovedOrChangedFails() throws IOException {
    assertDifferences(change("  rpc Get(GetPodResourcesRequest) returns (GetPodResourcesResponse) {}\n", ""),
        "declared upstream, not in podtopo:   service PodResourcesLister / method Get");
    assertDifferences(change("rpc Get(GetPodResourcesRequest) returns (GetPodResourcesResponse)",
            "rpc Get(GetPodResourcesRequest) returns (stream GetPodResourcesResponse)"),
        "declared in podtopo, not upstream:   service PodResourcesLister / method Get / server_streaming: true");
    assertDifferences(change("rpc List(ListPodResourcesRequest)", "rpc List(GetPodResourcesRequest)"),
        "declared upstream, not in podtopo:   service PodResourcesLister / method List / input_type: .v1.ListPodResourcesRequest");
  }

  @Test
  void aMessageAddedFails() throws IOException {
    assertDifferences(change("message CDIDevice {", "message Extra {}\n\nmessage CDIDevice {"),
        "declared in podtopo, not upstream:   message_type Extra");
  }

  @Test
  void anOptionChangedOrAddedFails() throws IOException {
    assertDifferences(change("option go_package = \"k8s.io/kubelet/pkg/apis/podresources/v1\";",
            "option go_package = \"example.com/podresources/v1\";"),
        "declared upstream, not in podtopo:   options / go_package: k8s.io/kubelet/pkg/apis/podresources/v1");
    assertDifferences(change("option java_multiple_files = true;", "option java_multiple_files = true;\n"
            + "option optimize_for = SPEED;"),
        "declared in podtopo, not upstream:   options / optimize_for: SPEED");
    assertDifferences(change("repeated int64 cpu_ids = 3;", "repeated int64 cpu_ids = 3 [packed = false];"),
        "declared in podtopo, not upstream:   message_type ContainerResources / field cpu_ids / options / packed: false");
  }

  @Test
  void podtoposOwnDeclarationsAreAllowedOnlyAsListedAndOnlyWhileUpstreamLacksThem() throws IOException {
    FileDescriptorProto withoutReserved = parse(change("  reserved 1;\n  reserved \"class_name\";\n", ""));
    List<String> reservations = List.of("message_type DynamicResource / reserved_range start: 1 end: 2",
        "message_type DynamicResource / reserved_name: class_name");

    assertThatCode(() -> ProtoDeclarations.assertSame(withoutReserved, PODTOPO, reservations)).doesNotThrowAnyException();
    assertThatThrownBy(() -> ProtoDeclarations.assertSame(withoutReserved, PODTOPO, reservations.subList(0, 1)))
        .hasMessageContaining("declared in podtopo, not upstream:   message_type DynamicResource / reserved_name: class_name");
    assertThatThrownBy(() -> ProtoDeclarations.assertSame(PODTOPO, PODTOPO, reservations))
        .hasMessageContaining("podtopo's own declaration is gone or now upstream's too: "
            + "message_type DynamicResource / reserved_name: class_name");
    assertThatThrownBy(() -> ProtoDeclarations.assertSame(withoutReserved, withoutReserved, reservations))
        .hasMessageContaining("podtopo's own declaration is gone or now upstream's too: "
            + "message_type DynamicResource / reserved_range start: 1 end: 2");
  }

  private void assertDifferences(String copy, String... lines) throws IOException {
    FileDescriptorProto changed = parse(copy);
    assertThatThrownBy(() -> ProtoDeclarations.assertSame(PODTOPO, changed, List.of()))
        .isInstanceOf(AssertionError.class)
        .satisfies(e -> assertThat(e.getMessage().lines().map(String::strip)).contains(lines));
  }

  private static String change(String from, String to) {
    assertThat(ORIGINAL.split(java.util.regex.Pattern.quote(from), -1)).as("occurrences of " + from).hasSize(2);
    return ORIGINAL.replace(from, to);
  }

  private FileDescriptorProto parse(String text) throws IOException {
    Path file = Files.createTempFile(dir, "copy", ".proto");
    Files.writeString(file, text);
    return Protoc.parse(dir, file.getFileName().toString());
  }

  private static String read() {
    try {
      return Files.readString(UpstreamApiProtoTest.PROTO_ROOT.resolve(UpstreamApiProtoTest.PODTOPO_API));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
