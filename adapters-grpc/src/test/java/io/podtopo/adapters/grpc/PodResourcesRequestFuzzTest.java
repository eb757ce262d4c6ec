package io.podtopo.adapters.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;

/**
 * Rules IN-1 and PR-8 for the PodResources server: any bytes, sent as the request message of
 * {@code List}, {@code GetAllocatableResources} or {@code Get} (the first byte picks the method) to a
 * real server on a Unix socket, are answered with a status: OK, {@code NOT_FOUND} for a pod it does
 * not run, or {@code INTERNAL} "grpc: error unmarshalling request" (D-30); and the server goes on
 * giving the same {@code List} answer. Replays {@code PodResourcesRequestFuzzTestInputs/} (requests
 * of the PR tests and upstream's client) in every build; {@code -Pfuzz} fuzzes it
 * (docs/guide/fuzzing.md).
 */
class PodResourcesRequestFuzzTest {

  private static final List<String> METHODS = List.of("List", "GetAllocatableResources", "Get");

  private static Path folder;
  private static PodResourcesServer server;
  private static RawCalls calls;
  private static byte[] list;

  @BeforeAll
  static void start() throws IOException {
    folder = Files.createTempDirectory("podtopo-grpc-fuzz");
    server = PodResourcesServer.builder(KepNodes.podScope(), folder.resolve("kubelet.sock"))
        .rateLimit(new RateLimit(1e9, 1_000_000)).start();
    calls = new RawCalls(server.socket());
    list = calls.call("List", new byte[0]);
  }

  @AfterAll
  static void stop() throws Exception {
    calls.close();
    server.close();
    Files.delete(folder);
  }

  @FuzzTest
  @Timeout(value = 20, unit = TimeUnit.SECONDS)
  void anyRequestIsAnsweredWithAStatusAndTheServerGoesOn_in1_pr8(byte[] input) {
    String method = METHODS.get(input.length == 0 ? 0 : Byte.toUnsignedInt(input[0]) % METHODS.size());
    byte[] request = input.length == 0 ? input : Arrays.copyOfRange(input, 1, input.length);
    try {
      assertThat(calls.call(method, request)).isNotNull();
    } catch (StatusRuntimeException e) {
      Status status = e.getStatus();
      if (status.getCode() == Status.Code.INTERNAL) {
        assertThat(status.getDescription()).startsWith("grpc: error unmarshalling request: ");
      } else {
        assertThat(status.getCode()).isEqualTo(Status.Code.NOT_FOUND);
        assertThat(method).isEqualTo("Get");
      }
    }
    assertThat(calls.call("List", new byte[0])).isEqualTo(list);
  }
}
