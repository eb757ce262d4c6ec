package io.podtopo.adapters.linux.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.out.AllocationStoreException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The file store beyond {@link io.podtopo.ports.out.AllocationStore}'s promises (which
 * {@link FileAllocationStoreContractTest} runs): its folder and files, the one-line refusals that
 * keep the file, resets, leftovers of crashed writers.
 */
class FileAllocationStoreTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T18:13:24Z"), ZoneOffset.UTC);
  private static final List<NodeSnapshot> SNAPSHOTS = DomainSnapshots.sequence(11, 30);

  @TempDir
  Path dir;

  private Path file() {
    return dir.resolve(StateDirectory.FILE_NAME);
  }

  @Test
  void savesLeaveTheStateFileAndItsJournalInTheFolderAndNothingElse() {
    FileAllocationStore store = FileAllocationStore.open(dir, CLOCK);

    SNAPSHOTS.forEach(store::save);

    assertThat(dir.toFile().list()).containsExactlyInAnyOrder(StateDirectory.FILE_NAME, StateJournal.FILE_NAME);
  }

  @Test
  void theFirstSaveCreatesTheStateFolder() {
    Path nested = dir.resolve("var/lib/podtopo");

    FileAllocationStore.open(nested, CLOCK).save(SNAPSHOTS.get(3));

    assertThat(FileAllocationStore.open(nested, CLOCK).load()).contains(SNAPSHOTS.get(3));
  }

  @Test
  void aFailedSaveKeepsThePreviousFileAndSaysWhy() throws IOException {
    FileAllocationStore store = FileAllocationStore.open(dir, CLOCK);
    store.save(SNAPSHOTS.get(0));
    byte[] before = Files.readAllBytes(file());
    Path blocked = dir.resolve("blocked");
    Files.writeString(blocked, "a file where the state folder should be");

    assertThatThrownBy(() -> FileAllocationStore.open(blocked, CLOCK).save(SNAPSHOTS.get(1)))
        .isInstanceOf(AllocationStoreException.class)
        .hasMessageStartingWith(blocked.resolve(StateDirectory.FILE_NAME) + ": not saved (")
        .hasMessageEndingWith("); the previous state is kept");
    assertThat(Files.readAllBytes(file())).isEqualTo(before);
  }

  /** How a file can be damaged, and the clause the refusal must contain. */
  static Stream<Arguments> damagedFiles() {
    return Stream.of(
        Arguments.of("empty", (UnaryOperator<byte[]>) bytes -> new byte[0], "it is empty (0 bytes"),
        Arguments.of("blank", (UnaryOperator<byte[]>) bytes -> "\n  \n".getBytes(StandardCharsets.UTF_8),
            "it is empty (4 bytes"),
        Arguments.of("cut in half", (UnaryOperator<byte[]>) bytes -> Arrays.copyOf(bytes, bytes.length / 2),
            "it is truncated: the JSON ends early at line "),
        Arguments.of("cut before the last brace",
            (UnaryOperator<byte[]>) bytes -> Arrays.copyOf(bytes, bytes.length - 2),
            "it is truncated: the JSON ends early at line "),
        Arguments.of("zeros", (UnaryOperator<byte[]>) bytes -> new byte[bytes.length], "it is not JSON: "),
        Arguments.of("not JSON", (UnaryOperator<byte[]>) bytes -> "kubelet".getBytes(StandardCharsets.UTF_8),
            "it is not JSON: Unrecognized token 'kubelet'"),
        Arguments.of("garbage after the object", (UnaryOperator<byte[]>) bytes -> concat(bytes, "{}"),
            "it is not JSON: "),
        Arguments.of("an array", (UnaryOperator<byte[]>) bytes -> "[]".getBytes(StandardCharsets.UTF_8),
            "it is not a podtopo node state file: the JSON is not an object"),
        Arguments.of("another format", edit(file -> file.put("format", "kubelet-checkpoint")),
            "it is not a podtopo node state file: \"format\" is string \"kubelet-checkpoint\", expected "
                + "\"podtopo-node-state\""),
        Arguments.of("a newer version", edit(file -> file.put("version", 2)),
            "its version 2 is not supported: this podtopo reads version 1"),
        Arguments.of("no version", edit(file -> file.remove("version")),
            "its \"version\" is missing, expected a number"),
        Arguments.of("an extra member", edit(file -> file.put("comment", "hi")),
            "its members are [checksum, comment, data, format, version], expected exactly "
                + "[checksum, data, format, version]"),
        Arguments.of("a malformed checksum", edit(file -> file.put("checksum", "md5:abc")),
            "its \"checksum\" is string \"md5:abc\", expected sha256: and 64 lowercase hex digits"),
        Arguments.of("data edited", edit(file -> ((ObjectNode) file.get("data").get("state").get("cpu"))
            .put("defaultCpuSet", "0-63")), "checksum mismatch: the file says sha256:"),
        Arguments.of("invalid data under a valid checksum", resealed(file -> ((ObjectNode) file.get("data")
            .get("state").get("cpu")).put("defaultCpuSet", "3-1")), "invalid data at /data/state/cpu/defaultCpuSet: "),
        Arguments.of("a member this version does not know", resealed(file -> ((ObjectNode) file.get("data"))
            .put("resizes", 1)), "invalid data at /data: unexpected [resizes]; expected exactly"),
        Arguments.of("a number where a name belongs", resealed(file -> ((ObjectNode) file.get("data")
            .get("activePods").get(0)).put("uid", 7)), "invalid data at /data/activePods/0/uid: expected a string,"
            + " found number 7"));
  }

  private static byte[] concat(byte[] bytes, String tail) {
    byte[] more = tail.getBytes(StandardCharsets.UTF_8);
    byte[] all = Arrays.copyOf(bytes, bytes.length + more.length);
    System.arraycopy(more, 0, all, bytes.length, more.length);
    return all;
  }

  private static UnaryOperator<byte[]> edit(java.util.function.Consumer<ObjectNode> change) {
    return bytes -> {
      try {
        ObjectNode file = (ObjectNode) JSON.readTree(bytes);
        change.accept(file);
        return JSON.writeValueAsBytes(file);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    };
  }

  /** An edit of the data with the checksum recomputed, as a buggy writer would produce. */
  private static UnaryOperator<byte[]> resealed(java.util.function.Consumer<ObjectNode> change) {
    return edit(file -> {
      change.accept(file);
      file.put("checksum", CanonicalJson.checksum(file.get("data")));
    });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("damagedFiles")
  void aDamagedFileIsRefusedInOneLineNamingTheFileAndTheResetAndIsLeftAsItIs_store4(String name,
      UnaryOperator<byte[]> damage, String reason) throws IOException {
    FileAllocationStore.open(dir, CLOCK).save(DomainSnapshots.sequence(5, 8).get(7));
    byte[] damaged = damage.apply(Files.readAllBytes(file()));
    Files.write(file(), damaged);

    assertThatThrownBy(() -> FileAllocationStore.open(dir, CLOCK).load())
        .isInstanceOf(RefusedStateFileException.class)
        .hasMessageStartingWith(file() + ": refused: " + reason)
        .hasMessageEndingWith("; the file is left as it is; to start this node empty, move it aside with "
            + "'podtopo state reset --state-dir " + dir + "'")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n", "\r"));
    assertThat(Files.readAllBytes(file())).isEqualTo(damaged);
  }

  @Test
  void afterARefusedLoadNoSaveReplacesTheFileUntilAReset_store5() throws IOException {
    FileAllocationStore store = FileAllocationStore.open(dir, CLOCK);
    store.save(SNAPSHOTS.get(4));
    byte[] truncated = Arrays.copyOf(Files.readAllBytes(file()), 100);
    Files.write(file(), truncated);
    assertThatThrownBy(store::load).isInstanceOf(RefusedStateFileException.class);

    assertThatThrownBy(() -> store.save(SNAPSHOTS.get(5)))
        .isInstanceOf(AllocationStoreException.class)
        .hasMessage(file() + ": not saved, to keep the state file that was refused (it is truncated: the JSON ends "
            + "early at line 4, column 49 (a torn write?)); move it aside with 'podtopo state reset --state-dir "
            + dir + "' to save again");
    assertThat(Files.readAllBytes(file())).isEqualTo(truncated);

    assertThat(store.reset()).contains(dir.resolve("node-state.json.20261202T181324Z.corrupt"));
    assertThat(store.load()).isEmpty();
    store.save(SNAPSHOTS.get(5));
    assertThat(FileAllocationStore.open(dir, CLOCK).load()).contains(SNAPSHOTS.get(5));
    assertThat(dir.resolve("node-state.json.20261202T181324Z.corrupt")).hasBinaryContent(truncated);
  }

  @Test
  void aStoreThatNeverLoadedDoesNotSaveOverABadFileEither_store5() throws IOException {
    Files.writeString(file(), "{\"format\": \"podtopo-node-state\", \"version\": 1");

    FileAllocationStore store = FileAllocationStore.open(dir, CLOCK);

    assertThatThrownBy(() -> store.save(SNAPSHOTS.get(0)))
        .hasMessageStartingWith(file() + ": not saved, to keep the state file that was refused (it is truncated");
    assertThat(file()).hasContent("{\"format\": \"podtopo-node-state\", \"version\": 1");
  }

  @Test
  void aLoadThatAcceptsTheFileAgainLiftsTheRefusal_store5() throws IOException {
    FileAllocationStore store = FileAllocationStore.open(dir, CLOCK);
    store.save(SNAPSHOTS.get(1));
    byte[] good = Files.readAllBytes(file());
    Files.writeString(file(), "{");
    assertThatThrownBy(store::load).isInstanceOf(RefusedStateFileException.class);
    Files.write(file(), good);

    assertThat(store.load()).contains(SNAPSHOTS.get(1));
    store.save(SNAPSHOTS.get(2));
    assertThat(store.load()).contains(SNAPSHOTS.get(2));
  }

  @Test
  void aResetMovesAValidFileAsideAsResetAndNeverOverwritesAnEarlierOne_store6() throws IOException {
    FileAllocationStore store = FileAllocationStore.open(dir, CLOCK);
    store.save(SNAPSHOTS.get(0));
    byte[] first = Files.readAllBytes(file());
    assertThat(store.reset()).contains(dir.resolve("node-state.json.20261202T181324Z.reset"));
    store.save(SNAPSHOTS.get(1));
    byte[] second = Files.readAllBytes(file());

    assertThat(store.reset()).contains(dir.resolve("node-state.json.20261202T181324Z-2.reset"));
    assertThat(store.reset()).isEmpty();

    assertThat(dir.resolve("node-state.json.20261202T181324Z.reset")).hasBinaryContent(first);
    assertThat(dir.resolve("node-state.json.20261202T181324Z-2.reset")).hasBinaryContent(second);
    assertThat(store.load()).isEmpty();
  }

  @Test
  void openingDeletesTheTemporaryFilesOfInterruptedSavesButReadingDoesNot_store8() throws IOException {
    FileAllocationStore.open(dir, CLOCK).save(SNAPSHOTS.get(2));
    Path crashed = Files.writeString(dir.resolve("node-state.json.123456789.tmp"), "{\"format\": \"podtopo-node");
    Path asideEarlier = Files.writeString(dir.resolve("node-state.json.20261202T181324Z.corrupt"), "x");
    Path unrelated = Files.writeString(dir.resolve("notes.tmp"), "mine");

    assertThat(new StateDirectory(dir).read()).map(SavedState::snapshot).contains(SNAPSHOTS.get(2));
    assertThat(crashed).exists();

    FileAllocationStore store = FileAllocationStore.open(dir, CLOCK);

    assertThat(crashed).doesNotExist();
    assertThat(asideEarlier).exists();
    assertThat(unrelated).exists();
    assertThat(store.load()).contains(SNAPSHOTS.get(2));
  }

  @Test
  void theSavedStateTellsItsVersionAndChecksum() {
    FileAllocationStore.open(dir, CLOCK).save(SNAPSHOTS.get(9));

    SavedState saved = new StateDirectory(dir).read().orElseThrow();

    assertThat(saved.file()).isEqualTo(file());
    assertThat(saved.version()).isEqualTo(1);
    assertThat(saved.checksum()).matches("sha256:[0-9a-f]{64}");
    assertThat(saved.snapshot()).isEqualTo(SNAPSHOTS.get(9));
  }
}
