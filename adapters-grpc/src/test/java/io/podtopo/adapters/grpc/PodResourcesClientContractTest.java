package io.podtopo.adapters.grpc;

import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.out.PodResourcesReader;
import io.podtopo.ports.out.PodResourcesReaderContract;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PodResourcesClient} keeps {@link PodResourcesReader}'s promises: it reads a node through
 * podtopo's {@link PodResourcesServer} on a real Unix socket in a temp dir, and a call to a socket
 * path with nothing there fails naming the path.
 */
class PodResourcesClientContractTest implements PodResourcesReaderContract.Unreachable {

  @TempDir
  Path dir;

  private final List<AutoCloseable> open = new ArrayList<>();

  @Override
  public PodResourcesReader readerOf(NodeResourceManager node) {
    Path socket = dir.resolve("podtopo-" + open.size() + ".sock");
    PodResourcesServer server = PodResourcesServer.builder(node, socket).start();
    open.add(server);
    return connect(server.socket());
  }

  @Override
  public PodResourcesReader readerOfNothing() {
    return connect(dir.resolve("kubelet.sock"));
  }

  @Override
  public String endpoint() {
    return dir.resolve("kubelet.sock").toString();
  }

  private PodResourcesClient connect(Path socket) {
    PodResourcesClient client = PodResourcesClient.connect(socket);
    open.add(0, client);
    return client;
  }

  /** Clients first, then the servers they called. */
  @AfterEach
  void close() throws Exception {
    for (AutoCloseable closeable : open) {
      closeable.close();
    }
  }
}
