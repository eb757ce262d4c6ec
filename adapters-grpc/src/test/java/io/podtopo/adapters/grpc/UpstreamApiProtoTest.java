package io.podtopo.adapters.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import io.podtopo.adapters.grpc.v1.PodResourcesApiProto;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * podtopo's {@code api.proto} declares what upstream's does, field for field, at the release the
 * oracle pins: the {@code replace k8s.io/kubelet => k8s.io/kubelet vX} line of {@code oracle/go.mod}
 * names the module version, {@code go mod download -json} fetches it (Go is required: without it the
 * test fails saying what to install), and protoc parses both files. Every declaration is compared
 * ({@link ProtoDeclarations}): syntax, package, messages, fields (names, numbers, types, labels,
 * explicit presence, oneofs), options, reserved names and ranges, services and methods. Comments may
 * differ, and podtopo declares exactly {@link #PODTOPO_OWN} besides: its Java options, and the
 * reservation of the field upstream removed from {@code DynamicResource}. Bumping the oracle's
 * release re-checks the file.
 */
class UpstreamApiProtoTest {

  static final Path ORACLE = Path.of("..", "oracle");
  static final Path PROTO_ROOT = Path.of("src", "main", "proto");
  static final String PODTOPO_API = "io/podtopo/adapters/grpc/v1/api.proto";

  /**
   * What podtopo declares and upstream does not: the options its Java build needs (upstream has only
   * {@code go_package}, which podtopo keeps), and {@code DynamicResource}'s field 1 and name
   * {@code class_name} reserved, which upstream removed in v1.31 leaving a tombstone comment.
   */
  static final List<String> PODTOPO_OWN = List.of(
      "options / java_package: io.podtopo.adapters.grpc.v1",
      "options / java_multiple_files: true",
      "options / java_outer_classname: PodResourcesApiProto",
      "message_type DynamicResource / reserved_range start: 1 end: 2",
      "message_type DynamicResource / reserved_name: class_name");

  @Test
  void podtopoDeclaresWhatUpstreamDoesAtTheReleaseTheOraclePins() {
    ProtoDeclarations.assertSame(upstream(), Protoc.parse(PROTO_ROOT, PODTOPO_API), PODTOPO_OWN);
  }

  /**
   * The descriptor the Java generator embeds in the compiled classes is protoc's without the JSON
   * names (the runtime derives them from the field names), so those lines alone are left out.
   */
  @Test
  void theComparedFileIsTheOneCompiledIntoTheServerAndTheClient() {
    SortedSet<String> parsed = ProtoDeclarations.of(Protoc.parse(PROTO_ROOT, PODTOPO_API));
    SortedSet<String> compiled = ProtoDeclarations.of(PodResourcesApiProto.getDescriptor().toProto());

    assertThat(parsed).containsAll(compiled).contains("message_type ClaimResource / field share_id / number: 5");
    assertThat(parsed.stream().filter(line -> !compiled.contains(line)))
        .isNotEmpty().allMatch(line -> line.matches("message_type \\w+ / field \\w+ / json_name: \\w+"));
  }

  @Test
  void podtopoAsItWasWithoutShareIdFailsTheComparison(@TempDir Path dir) throws IOException {
    String withShareId = Files.readString(PROTO_ROOT.resolve(PODTOPO_API));
    String without = withShareId.replace("  optional string share_id = 5;\n", "");
    assertThat(without).isNotEqualTo(withShareId);
    Files.writeString(dir.resolve("api.proto"), without);
    FileDescriptorProto podtopoWithout = Protoc.parse(dir, "api.proto");

    assertThatThrownBy(() -> ProtoDeclarations.assertSame(upstream(), podtopoWithout, PODTOPO_OWN))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("declared upstream, not in podtopo:   message_type ClaimResource / field share_id\n")
        .hasMessageContaining("declared upstream, not in podtopo:   message_type ClaimResource / field share_id / number: 5")
        .hasMessageContaining("declared upstream, not in podtopo:   message_type ClaimResource / field share_id / "
            + "proto3_optional: true")
        .hasMessageNotContaining("not upstream");
  }

  @Test
  void theOraclePinsTheKubeletModuleOfItsKubernetesRelease() throws IOException {
    String goMod = Files.readString(ORACLE.resolve("go.mod"));
    String kubelet = UpstreamKubeletModule.pinnedVersion(goMod);

    assertThat(kubelet).matches("v0\\.\\d+\\.\\d+");
    assertThat(goMod).containsPattern("(?m)^\\s*k8s\\.io/kubernetes v1" + kubelet.substring(2).replace(".", "\\.") + "$");
  }

  @Test
  void theVersionIsReadFromTheReplaceDirectiveAloneOrInABlock() {
    assertThat(UpstreamKubeletModule.pinnedVersion("require k8s.io/kubelet v0.30.0 // indirect\n"
        + "replace k8s.io/kubelet => k8s.io/kubelet v0.37.2\n")).isEqualTo("v0.37.2");
    assertThat(UpstreamKubeletModule.pinnedVersion("require (\n\tk8s.io/kubelet v0.30.0 // indirect\n)\n"
        + "replace (\n\tk8s.io/api => k8s.io/api v0.38.0\n\tk8s.io/kubelet => k8s.io/kubelet v0.38.0\n)\n"))
        .isEqualTo("v0.38.0");
    assertThatThrownBy(() -> UpstreamKubeletModule.pinnedVersion("require k8s.io/kubelet v0.37.2\n"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("no 'k8s.io/kubelet => k8s.io/kubelet vX'");
    assertThatThrownBy(() -> UpstreamKubeletModule.pinnedVersion(
        "replace k8s.io/kubelet => k8s.io/kubelet v0.37.2\nreplace k8s.io/kubelet => k8s.io/kubelet v0.38.0\n"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("two");
  }

  @Test
  void withoutGoTheTestFailsSayingWhatToInstall() {
    assertThatThrownBy(() -> UpstreamKubeletModule.download(ORACLE, "v0.37.2", "/nonexistent/go"))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("cannot run '/nonexistent/go' (")
        .hasMessageContaining(UpstreamKubeletModule.INSTALL_GO);
  }

  @Test
  void aFailedDownloadIsReportedWithGosError() {
    assertThatThrownBy(() -> UpstreamKubeletModule.directory(
        "{\"Path\":\"k8s.io/kubelet\",\"Version\":\"v0.99.0\",\"Error\":\"unknown revision v0.99.0\"}", "go mod download"))
        .isInstanceOf(AssertionError.class).hasMessage("go mod download failed: unknown revision v0.99.0");
    assertThatThrownBy(() -> UpstreamKubeletModule.directory("", "go mod download (exit 1, standard error: boom)"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("standard error: boom");
  }

  /** Upstream's api.proto, parsed, from the module version oracle/go.mod pins. */
  static FileDescriptorProto upstream() {
    String version;
    try {
      version = UpstreamKubeletModule.pinnedVersion(Files.readString(ORACLE.resolve("go.mod")));
    } catch (IOException e) {
      throw new AssertionError("cannot read the oracle's go.mod: " + e.getMessage(), e);
    }
    Path api = UpstreamKubeletModule.download(ORACLE, version, "go").resolve(UpstreamKubeletModule.API_PROTO);
    assertThat(api).as("upstream's PodResources API in " + UpstreamKubeletModule.MODULE + "@" + version).isRegularFile();
    return Protoc.parse(api.getParent(), api.getFileName().toString());
  }
}
