package io.podtopo.adapters.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The socket of {@link PodResourcesServer}: how it is created, replaced, refused and removed, what
 * it listens on, what it answers for an unknown pod or an oversized request, and how it shuts down.
 */
class PodResourcesServerTest {

  @TempDir
  Path dir;

  @Test
  void theSocketIsCreatedWithMode0660() throws IOException {
    try (PodResourcesServer server = start(dir.resolve("kubelet.sock"))) {
      assertThat(UnixSocketFile.isSocket(server.socket())).isTrue();
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(server.socket()))).isEqualTo("rw-rw----");
      assertThat(dir.toFile().list()).as("no temporary name is left beside it").containsExactly("kubelet.sock");
    }
  }

  @Test
  void aStaleSocketIsReplaced() throws IOException {
    Path socket = dir.resolve("kubelet.sock");
    try (ServerSocketChannel gone = ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
      gone.bind(UnixDomainSocketAddress.of(socket));
    }
    assertThat(UnixSocketFile.isSocket(socket)).as("closing a JDK server leaves its socket file").isTrue();

    try (PodResourcesServer server = start(socket); PodResourcesClient client = PodResourcesClient.connect(socket)) {
      assertThat(client.list().pods()).extracting(p -> p.name()).contains("shared-only");
    }
  }

  @Test
  void aPathThatIsARegularFileIsRefusedAndLeftUntouched() throws IOException {
    Path socket = Files.writeString(dir.resolve("kubelet.sock"), "not a socket");

    assertThatThrownBy(() -> start(socket))
        .isInstanceOf(SocketPathException.class)
        .hasMessage(socket + ": exists and is not a Unix domain socket; it is left untouched");
    assertThat(Files.readString(socket)).isEqualTo("not a socket");
  }

  @Test
  void aSocketAnotherServerListensOnIsRefusedAndThatServerKeepsServing() {
    Path socket = dir.resolve("kubelet.sock");
    try (PodResourcesServer first = start(socket); PodResourcesClient client = PodResourcesClient.connect(socket)) {
      assertThatThrownBy(() -> start(socket))
          .isInstanceOf(SocketPathException.class)
          .hasMessage(socket + ": another server is listening on this socket");

      assertThat(client.list().pods()).hasSize(3);
    }
  }

  @Test
  void missingParentFoldersAreCreatedWithMode0750() throws IOException {
    Path socket = dir.resolve("pod-resources/nested/kubelet.sock");

    try (PodResourcesServer server = start(socket)) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(socket.getParent()))).isEqualTo("rwxr-x---");
    }
  }

  @Test
  void aPathLongerThanASocketAddressHoldsIsRefusedNamingTheLimit() {
    Path socket = dir.resolve("x".repeat(120) + ".sock");

    assertThatThrownBy(() -> start(socket))
        .isInstanceOf(SocketPathException.class)
        .hasMessageContaining("a socket path holds at most 107 bytes");
  }

  @Test
  void closingRemovesTheSocketAndASecondCloseDoesNothing() {
    PodResourcesServer server = start(dir.resolve("kubelet.sock"));

    server.close();
    server.close();

    assertThat(server.socket()).doesNotExist();
  }

  @Test
  void closingLeavesAFileThatReplacedTheSocket() throws IOException {
    Path socket = dir.resolve("kubelet.sock");
    PodResourcesServer server = start(socket);
    Files.delete(socket);
    Files.writeString(socket, "someone else's");

    server.close();

    assertThat(Files.readString(socket)).isEqualTo("someone else's");
  }

  @Test
  void theServerListensOnItsUnixSocketAndOnNoTcpPort() throws IOException {
    Set<String> tcpBefore = ownListeningTcpSockets();
    try (PodResourcesServer server = start(dir.resolve("kubelet.sock"))) {
      assertThat(ownListeningTcpSockets()).isEqualTo(tcpBefore);
      assertThat(ownListeningUnixSocketPaths()).anyMatch(path -> path.startsWith(dir.toString()));
    }
  }

  @Test
  void getOfAnUnknownPodIsNotFoundNamingThePodAsTheKubeletDoes() throws Exception {
    byte[] request = ProtoWire.getRequest("nope", "kube-system");
    try (PodResourcesServer server = start(dir.resolve("kubelet.sock")); RawCalls calls = new RawCalls(server.socket())) {
      assertThatThrownBy(() -> calls.call("Get", request))
          .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
            assertThat(e.getStatus().getDescription()).isEqualTo("pod nope in namespace kube-system not found");
          });
    }
  }

  @Test
  void aRequestAboveTheInboundLimitIsRefusedAndTheServerGoesOnServing() throws Exception {
    byte[] oversized = ProtoWire.stringField(1, "p".repeat(PodResourcesServer.DEFAULT_MAX_INBOUND_MESSAGE_BYTES));
    try (PodResourcesServer server = start(dir.resolve("kubelet.sock")); RawCalls calls = new RawCalls(server.socket())) {
      assertThatThrownBy(() -> calls.call("Get", oversized))
          .isInstanceOfSatisfying(StatusRuntimeException.class,
              e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED));

      assertThat(calls.call("List", new byte[0])).isNotEmpty();
    }
  }

  @Test
  void aMalformedRequestIsInternalAsInGoGrpcAndTheServerGoesOnServingTheSameAnswers() throws Exception {
    byte[] notProtobuf = {(byte) 0x0a, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0x0f};
    byte[] truncated = {(byte) 0x0a, 5, 'p'}; // pod_name says 5 bytes, 1 follows
    try (PodResourcesServer server = start(dir.resolve("kubelet.sock")); RawCalls calls = new RawCalls(server.socket())) {
      byte[] before = calls.call("List", new byte[0]);

      for (byte[] request : List.of(notProtobuf, truncated)) {
        assertThatThrownBy(() -> calls.call("Get", request))
            .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
              assertThat(e.getStatus().getDescription()).startsWith("grpc: error unmarshalling request: ");
            });
      }

      assertThat(calls.call("List", new byte[0])).isEqualTo(before);
    }
  }

  @Test
  void theInboundLimitIsConfigurable() throws Exception {
    byte[] request = ProtoWire.getRequest("shared-only", "default");
    try (PodResourcesServer server = PodResourcesServer.builder(KepNodes.podScope(), dir.resolve("kubelet.sock"))
            .maxInboundMessageSize(request.length - 1).start();
        RawCalls calls = new RawCalls(server.socket())) {
      assertThatThrownBy(() -> calls.call("Get", request))
          .isInstanceOfSatisfying(StatusRuntimeException.class,
              e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED));
    }
  }

  @Test
  void closingLetsACallInFlightFinishWithinTheGrace() throws Exception {
    BlockingNode node = new BlockingNode(KepNodes.podScope());
    PodResourcesServer server = PodResourcesServer.builder(node, dir.resolve("kubelet.sock"))
        .shutdownGrace(Duration.ofSeconds(10)).start();
    try (PodResourcesClient client = PodResourcesClient.connect(server.socket())) {
      CompletableFuture<PodResourcesView> inFlight = CompletableFuture.supplyAsync(client::list);
      node.awaitCall();

      CompletableFuture<Void> closing = CompletableFuture.runAsync(server::close);
      node.release();

      assertThat(inFlight.get(10, TimeUnit.SECONDS).pods()).hasSize(3);
      closing.get(10, TimeUnit.SECONDS);
    } finally {
      node.release();
    }
  }

  @Test
  void closingCancelsACallLongerThanTheGraceAndReturnsInBoundedTime() throws Exception {
    BlockingNode node = new BlockingNode(KepNodes.node(TopologyManagerScope.POD));
    PodResourcesServer server = PodResourcesServer.builder(node, dir.resolve("kubelet.sock"))
        .shutdownGrace(Duration.ofMillis(200)).start();
    try (PodResourcesClient client = PodResourcesClient.connect(server.socket())) {
      CompletableFuture<PodResourcesView> inFlight = CompletableFuture.supplyAsync(client::list);
      node.awaitCall();

      long started = System.nanoTime();
      server.close();

      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
      assertThatThrownBy(() -> inFlight.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(PodResourcesClientException.class);
    } finally {
      node.release();
    }
  }

  private static PodResourcesServer start(Path socket) {
    return PodResourcesServer.builder(KepNodes.podScope(), socket).start();
  }

  /** Inodes of this process's sockets (from {@code /proc/self/fd}) that listen on TCP. */
  private static Set<String> ownListeningTcpSockets() throws IOException {
    Set<String> own = ownSocketInodes();
    return Stream.of("/proc/net/tcp", "/proc/net/tcp6")
        .flatMap(table -> lines(Path.of(table)).stream().skip(1))
        .map(line -> line.trim().split("\\s+"))
        .filter(columns -> columns[3].equals("0A") && own.contains(columns[9]))
        .map(columns -> columns[9])
        .collect(Collectors.toSet());
  }

  /** Paths of this process's listening Unix sockets, as bound (from {@code /proc/net/unix}). */
  private static List<String> ownListeningUnixSocketPaths() throws IOException {
    Set<String> own = ownSocketInodes();
    return lines(Path.of("/proc/net/unix")).stream().skip(1)
        .map(line -> line.trim().split("\\s+"))
        .filter(columns -> columns.length > 7 && columns[3].equals("00010000") && own.contains(columns[6]))
        .map(columns -> columns[7])
        .toList();
  }

  private static Set<String> ownSocketInodes() throws IOException {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return fds.map(PodResourcesServerTest::linkTarget)
          .filter(target -> target.startsWith("socket:["))
          .map(target -> target.substring("socket:[".length(), target.length() - 1))
          .collect(Collectors.toSet());
    }
  }

  private static String linkTarget(Path fd) {
    try {
      return Files.readSymbolicLink(fd).toString();
    } catch (IOException e) {
      return "";
    }
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      return List.of();
    }
  }
}
