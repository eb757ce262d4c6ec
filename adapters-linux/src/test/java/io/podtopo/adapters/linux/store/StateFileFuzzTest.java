package io.podtopo.adapters.linux.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.ports.in.NodeSnapshot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Rules IN-1 and STORE-4 for the state file: any {@code node-state.json} loads into a snapshot, or
 * is refused with a {@link RefusedStateFileException} in one line and left byte for byte. Fuzzed
 * twice: as whole files (which the checksum mostly stops), and as the {@code data} member inside an
 * envelope with its right checksum, so that the fuzzer reaches the snapshot's decoding. A loaded
 * snapshot is saved and loaded again to the same snapshot. Replays {@code StateFileFuzzTestInputs/}
 * in every build; {@code -Pfuzz} fuzzes it (docs/guide/fuzzing.md).
 */
class StateFileFuzzTest {

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aStateFileIsASnapshotOrRefused_in1_store4(byte[] content) throws IOException {
    loadOrRefuse(content);
  }

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void theDataOfAStateFileWithItsChecksumIsASnapshotOrRefused_in1_store4(byte[] data) throws IOException {
    JsonNode tree;
    try {
      tree = CanonicalJson.parse(data);
    } catch (IOException e) {
      return;
    }
    if (tree == null) {
      return;
    }
    ObjectNode envelope = JsonNodeFactory.instance.objectNode();
    envelope.put("format", StateFileFormat.FORMAT);
    envelope.put("version", StateFileFormat.VERSION);
    envelope.put("checksum", CanonicalJson.checksum(tree));
    envelope.set("data", tree);
    loadOrRefuse(envelope.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static void loadOrRefuse(byte[] content) throws IOException {
    Path dir = Files.createTempDirectory("podtopo-state-fuzz");
    FileAllocationStore store = FileAllocationStore.open(dir);
    Path file = store.directory().file();
    Files.write(file, content);
    try {
      Optional<NodeSnapshot> snapshot = store.load();
      assertThat(snapshot).isPresent();
      store.save(snapshot.get());
      assertThat(FileAllocationStore.open(dir).load()).isEqualTo(snapshot);
    } catch (RefusedStateFileException e) {
      assertThat(e.getMessage()).startsWith(file + ": refused: ").doesNotContain("\n", "\r");
      assertThat(Files.readAllBytes(file)).isEqualTo(content);
    } finally {
      try (var files = Files.list(dir)) {
        for (Path left : files.toList()) {
          Files.delete(left);
        }
      }
      Files.delete(dir);
    }
  }
}
