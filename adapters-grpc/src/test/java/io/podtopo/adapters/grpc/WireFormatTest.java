package io.podtopo.adapters.grpc;

import static io.podtopo.adapters.grpc.KepNodes.GI;
import static io.podtopo.adapters.grpc.KepNodes.MI;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.adapters.grpc.ProtoWire.Message;
import io.podtopo.service.NodeResourceManagerService;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real answers read from the socket as raw bytes and decoded by {@link ProtoWire}, a decoder
 * written by hand from the wire format: every field number and wire type is the one of the PLRM
 * spec's §9.1 table (invariant 31), and the values are those of §9.2.
 */
class WireFormatTest {

  @TempDir
  Path dir;

  @Test
  void listInPodScopeSendsPodFields4And5AsPackedCpuIdsAndMemoryMessages_invariant31() throws Exception {
    Message list = ProtoWire.decode("ListPodResourcesResponse", call(KepNodes.podScope(), "List", new byte[0]));

    Message mixed = list.messages(1).get(1);
    assertThat(mixed.string(1)).isEqualTo("pod-scope-mixed");
    assertThat(mixed.string(2)).isEqualTo("default");
    assertThat(mixed.packed(4)).containsExactly(3L, 4L, 5L, 19L, 20L);
    assertMemory(mixed.messages(5), 6 * GI);
    List<Message> containers = mixed.messages(3);
    assertThat(containers).extracting(c -> c.string(1)).containsExactly("metrics-sidecar", "main-app", "logging-sidecar");
    assertThat(containers.get(0).packed(3)).containsExactly(5L);
    assertMemory(containers.get(0).messages(4), 512 * MI);
    assertThat(containers.get(1).packed(3)).containsExactly(3L, 4L, 19L);
    assertThat(containers.get(2).has(3)).as("a shared container sends no cpu_ids").isFalse();
    assertThat(containers.get(2).has(4)).as("a shared container sends no memory").isFalse();
  }

  @Test
  void listInContainerScopeSendsNoPodLevelFields_invariant30() throws Exception {
    Message list = ProtoWire.decode("ListPodResourcesResponse", call(KepNodes.containerScope(), "List", new byte[0]));

    assertThat(list.messages(1)).extracting(p -> p.string(1)).containsExactly("container-scope-mixed", "pod-only");
    assertThat(list.messages(1)).allSatisfy(pod -> assertThat(pod.has(4) || pod.has(5)).isFalse());
    Message database = list.messages(1).get(0).messages(3).get(0);
    assertThat(database.packed(3)).containsExactly(1L, 17L);
    assertMemory(database.messages(4), 2 * GI);
  }

  @Test
  void getTakesPodNameAsField1AndNamespaceAsField2AndAnswersThePodAsField1() throws Exception {
    byte[] request = ProtoWire.getRequest("init-and-sidecars", "default");

    Message answer = ProtoWire.decode("GetPodResourcesResponse", call(KepNodes.podScope(), "Get", request));

    Message pod = answer.message(1);
    assertThat(pod.string(1)).isEqualTo("init-and-sidecars");
    assertThat(pod.packed(4)).containsExactly(6L, 7L, 22L, 23L);
    assertThat(pod.messages(3)).extracting(c -> c.string(1)).containsExactly("proxy", "app", "log-shipper");
  }

  @Test
  void allocatableSendsPackedCpuIdsAsField2AndMemoryAsField3() throws Exception {
    Message answer = ProtoWire.decode("AllocatableResourcesResponse",
        call(KepNodes.podScope(), "GetAllocatableResources", new byte[0]));

    assertThat(answer.packed(2)).hasSize(30).doesNotContain(0L, 16L);
    assertThat(answer.messages(3)).extracting(m -> m.string(1) + "@" + numaNodes(m))
        .containsExactly("hugepages-1Gi@[0]", "hugepages-2Mi@[0]", "memory@[0]", "hugepages-1Gi@[1]",
            "hugepages-2Mi@[1]", "memory@[1]");
  }

  @Test
  void theDecoderRefusesAFieldTheTableDoesNotListOrAWrongWireType() {
    byte[] unknownField = ProtoWire.stringField(6, "x");
    byte[] nameAsVarint = {0x08, 0x01};

    assertThatThrownBy(() -> ProtoWire.decode("PodResources", unknownField))
        .hasMessageContaining("PodResources has no field 6");
    assertThatThrownBy(() -> ProtoWire.decode("PodResources", nameAsVarint))
        .hasMessageContaining("PodResources.name (field 1) arrived with wire type 0");
  }

  private static void assertMemory(List<Message> blocks, long size) {
    assertThat(blocks).hasSize(1);
    assertThat(blocks.get(0).string(1)).isEqualTo("memory");
    assertThat(blocks.get(0).varint(2)).isEqualTo(size);
    assertThat(numaNodes(blocks.get(0))).containsExactly(0L);
  }

  /** The NUMA node ids of a ContainerMemory; node 0 is an empty NUMANode (proto3 omits a zero ID). */
  private static List<Long> numaNodes(Message memory) {
    return memory.message(3).messages(1).stream().map(node -> node.has(1) ? node.varint(1) : 0L).toList();
  }

  private byte[] call(NodeResourceManagerService node, String method, byte[] request) throws Exception {
    try (PodResourcesServer server = PodResourcesServer.builder(node, dir.resolve("kubelet.sock")).start();
        RawCalls calls = new RawCalls(server.socket())) {
      return calls.call(method, request);
    }
  }
}
