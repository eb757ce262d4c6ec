package io.podtopo.adapters.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.adapters.grpc.v1.ContainerMemory;
import io.podtopo.adapters.grpc.v1.ContainerResources;
import io.podtopo.adapters.grpc.v1.ListPodResourcesResponse;
import io.podtopo.adapters.grpc.v1.NUMANode;
import io.podtopo.adapters.grpc.v1.PodResources;
import io.podtopo.adapters.grpc.v1.TopologyInfo;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PodResourcesClient}: a failed call names the socket and why nothing answers; a kubelet's
 * own "not found" is an empty answer; values the domain cannot hold are refused naming where they
 * were; the encoded List decodes to the List, the same bytes for the same state.
 */
class PodResourcesClientTest {

  @TempDir
  Path dir;

  @Test
  void aCallToAnAbsentSocketSaysThereIsNoSocketThere() {
    Path socket = dir.resolve("kubelet.sock");

    assertFailure(socket, "List on " + socket + " failed: there is no socket at " + socket);
  }

  @Test
  void aCallToAPathThatIsNotASocketSaysSo() throws IOException {
    Path socket = Files.writeString(dir.resolve("kubelet.sock"), "");

    assertFailure(socket, "List on " + socket + " failed: " + socket + " is not a Unix domain socket");
  }

  @Test
  void aCallToASocketNobodyListensOnSaysNothingIsListening() throws IOException {
    Path socket = dir.resolve("kubelet.sock");
    try (ServerSocketChannel gone = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      gone.bind(UnixDomainSocketAddress.of(socket));
    }

    assertFailure(socket, "List on " + socket + " failed: nothing is listening on " + socket);
  }

  @Test
  void aCallWithoutAnAnswerWithinTheDeadlineFailsNamingTheDeadline() {
    BlockingNode node = new BlockingNode(KepNodes.podScope());
    try (PodResourcesServer server = PodResourcesServer.builder(node, dir.resolve("kubelet.sock")).start();
        PodResourcesClient client = PodResourcesClient.builder(server.socket()).deadline(Duration.ofMillis(200)).connect()) {
      try {
        assertThatThrownBy(client::list)
            .isInstanceOf(PodResourcesClientException.class)
            .hasMessage("List on " + server.socket() + " failed: no answer within 200 ms");
      } finally {
        node.release();
      }
    }
  }

  @Test
  void theEncodedListDecodesToTheListAndAnUnchangedNodeGivesTheSameBytes() {
    Path socket = dir.resolve("podtopo.sock");
    byte[] encoded;
    try (PodResourcesServer server = PodResourcesServer.builder(KepNodes.podScope(), socket).start();
        PodResourcesClient client = PodResourcesClient.connect(socket)) {
      encoded = client.listEncoded();

      assertThat(PodResourcesClient.decodeList(encoded)).isEqualTo(client.list());
      assertThat(PodResourcesClient.decodeList(encoded).pods()).hasSize(3);
      assertThat(client.listEncoded()).isEqualTo(encoded);
    }
    try (PodResourcesServer server = PodResourcesServer.builder(KepNodes.podScope(), socket).start();
        PodResourcesClient client = PodResourcesClient.connect(socket)) {
      assertThat(client.listEncoded()).as("another node in the same state").isEqualTo(encoded);
    }
  }

  @Test
  void bytesThatAreNotAListAnswerAreRefused() {
    assertThatThrownBy(() -> PodResourcesClient.decodeList(new byte[] {(byte) 0x0a, 5, 1}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not a List answer podtopo can hold: ");
  }

  @Test
  void theKubeletsOwnNotFoundAnswerIsAnEmptyGet() throws Exception {
    Path socket = dir.resolve("kubelet.sock");
    try (FakeKubelet kubelet = new FakeKubelet(socket, ListPodResourcesResponse.getDefaultInstance());
        PodResourcesClient client = PodResourcesClient.connect(socket)) {
      assertThat(client.get("default", "web")).isEmpty();
    }
  }

  @Test
  void aCpuIdAboveTheDomainsRangeIsRefusedNamingThePodAndContainer() throws Exception {
    PodResources pod = PodResources.newBuilder().setName("web").setNamespace("default")
        .addContainers(ContainerResources.newBuilder().setName("app").addCpuIds(70_000)).build();

    assertThatThrownBy(() -> list(pod))
        .isInstanceOf(PodResourcesClientException.class)
        .hasMessageEndingWith("answered what podtopo cannot hold: pod default/web container app: CPU id 70000 is outside 0..65535");
  }

  @Test
  void aNegativeNumaNodeIdIsRefused() throws Exception {
    PodResources pod = PodResources.newBuilder().setName("web").setNamespace("default")
        .addMemory(ContainerMemory.newBuilder().setMemoryType("memory").setSize(1)
            .setTopology(TopologyInfo.newBuilder().addNodes(NUMANode.newBuilder().setID(-1))))
        .build();

    assertThatThrownBy(() -> list(pod)).hasMessageEndingWith("pod default/web memory memory: NUMA node id -1 is outside 0..1023");
  }

  @Test
  void aMemorySizeAboveTheLargestLongIsRefusedShowingItUnsigned() throws Exception {
    PodResources pod = PodResources.newBuilder().setName("web").setNamespace("default")
        .addMemory(ContainerMemory.newBuilder().setMemoryType("hugepages-1Gi").setSize(-1)).build();

    assertThatThrownBy(() -> list(pod))
        .hasMessageEndingWith("pod default/web memory hugepages-1Gi: size 18446744073709551615 is above 9223372036854775807 bytes");
  }

  private Object list(PodResources pod) throws Exception {
    Path socket = dir.resolve("kubelet.sock");
    try (FakeKubelet kubelet = new FakeKubelet(socket, ListPodResourcesResponse.newBuilder().addPodResources(pod).build());
        PodResourcesClient client = PodResourcesClient.connect(socket)) {
      return client.list();
    }
  }

  private static void assertFailure(Path socket, String message) {
    try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
      assertThatThrownBy(client::list)
          .isInstanceOfSatisfying(PodResourcesClientException.class, e -> assertThat(e.socket()).isEqualTo(socket))
          .hasMessageStartingWith(message);
    }
  }
}
