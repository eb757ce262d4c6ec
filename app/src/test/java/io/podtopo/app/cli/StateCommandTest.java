package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.linux.store.FileAllocationStore;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.ports.in.NodeSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code podtopo state check} and {@code podtopo state reset} (rules STORE-4 and STORE-6). */
class StateCommandTest {

  private static final NodeSnapshot SNAPSHOT = NodeSnapshot.of(NodeState.empty())
      .withAdmitted(NodeState.empty(), new Pod.Builder().uid("web")
          .addInitContainer(Container.named("setup"))
          .addContainer(new Container.Builder().name("app").putRequest("cpu", Quantity.parse("500m")).build())
          .build())
      .withAdmitted(NodeState.empty(), new Pod.Builder().uid("db").addContainer(Container.named("main")).build())
      .withContainerRemoved(NodeState.empty(), "web", "setup");

  @TempDir
  Path dir;

  private Path file() {
    return dir.resolve("node-state.json");
  }

  @Test
  void checkSummarisesAnAcceptedFile() {
    FileAllocationStore.open(dir).save(SNAPSHOT);

    CliRun run = CliRun.reference("state", "check", "--state-dir", dir.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.err()).isEmpty();
    assertThat(run.outLines()).singleElement().asString().matches(
        "\\Q" + file() + ": version 1, 2 pods, 3 containers (1 removed), checksum sha256:\\E[0-9a-f]{64}");
  }

  @Test
  void checkCountsTheJournalRecordsSavedSinceTheStateFile() {
    FileAllocationStore store = FileAllocationStore.open(dir);
    store.save(NodeSnapshot.of(SNAPSHOT.state()));
    store.save(SNAPSHOT);

    CliRun run = CliRun.reference("state", "check", "--state-dir", dir.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.outLines()).singleElement().asString().matches("\\Q" + file() + ": version 1, 2 pods, 3 containers"
        + " (1 removed), checksum sha256:\\E[0-9a-f]{64} \\(after 1 journal record\\)");
  }

  @Test
  void checkOfAFolderWithNothingSavedSaysTheNodeStartsEmpty() {
    CliRun run = CliRun.reference("state", "check", "--state-dir", dir.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.out()).isEqualTo(file() + ": nothing saved; a node started on " + dir + " starts empty"
        + System.lineSeparator());
  }

  @Test
  void checkRefusesADamagedFileInOneLineAndChangesNothing_store4() throws IOException {
    FileAllocationStore.open(dir).save(SNAPSHOT);
    byte[] torn = Arrays.copyOf(Files.readAllBytes(file()), 120);
    Files.write(file(), torn);
    Files.writeString(dir.resolve("node-state.json.42.tmp"), "{");
    List<Path> before = listing();

    CliRun run = CliRun.reference("state", "check", "--state-dir", dir.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).isEqualTo("podtopo state check: error: " + file() + ": refused: it is truncated: the JSON "
        + "ends early at line 4, column 69 (a torn write?); the file is left as it is; to start this node empty, "
        + "move it aside with 'podtopo state reset --state-dir " + dir + "'" + System.lineSeparator());
    assertThat(file()).hasBinaryContent(torn);
    assertThat(listing()).isEqualTo(before);
  }

  @Test
  void resetMovesARefusedFileAsideAsCorruptAndTheNodeThenStartsEmpty_store6() throws IOException {
    Files.writeString(file(), "not json");

    CliRun run = CliRun.reference("state", "reset", "--state-dir", dir.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.err()).isEmpty();
    assertThat(run.out()).matches("\\Qmoved " + file() + " to " + file() + ".\\E\\d{8}T\\d{6}Z\\.corrupt\\Q; a node "
        + "started on " + dir + " starts empty\\E\\R");
    assertThat(listing()).singleElement().satisfies(moved -> {
      assertThat(moved.getFileName().toString()).endsWith(".corrupt");
      assertThat(moved).hasContent("not json");
    });
    assertThat(CliRun.reference("state", "check", "--state-dir", dir.toString()).out()).contains("nothing saved");
  }

  @Test
  void resetMovesAValidFileAsideAsReset_store6() {
    FileAllocationStore.open(dir).save(SNAPSHOT);

    CliRun run = CliRun.reference("state", "reset", "--state-dir", dir.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    // The state file and its journal (STORE-9), with one stamp.
    assertThat(listing()).extracting(moved -> moved.getFileName().toString().replaceAll("\\d{8}T\\d{6}Z", "STAMP"))
        .containsExactlyInAnyOrder("node-state.json.STAMP.reset", "node-state.journal.STAMP.reset");
  }

  @Test
  void resetOfAFolderWithNothingSavedMovesNothing() {
    CliRun run = CliRun.reference("state", "reset", "--state-dir", dir.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.out()).isEqualTo(file() + ": nothing to reset" + System.lineSeparator());
    assertThat(listing()).isEmpty();
  }

  @Test
  void aMissingOrWrongStateFolderIsAUsageErrorThatCreatesNothing() throws IOException {
    Path missing = dir.resolve("missing");
    Path regular = Files.writeString(dir.resolve("regular"), "x");

    for (String command : List.of("check", "reset")) {
      CliRun absent = CliRun.reference("state", command, "--state-dir", missing.toString());
      CliRun notAFolder = CliRun.reference("state", command, "--state-dir", regular.toString());
      CliRun unnamed = CliRun.reference("state", command);

      assertThat(absent.exitCode()).isEqualTo(ExitCodes.USAGE);
      assertThat(absent.err()).isEqualTo("podtopo state " + command + ": error: --state-dir " + missing
          + ": no such directory" + System.lineSeparator());
      assertThat(notAFolder.err()).isEqualTo("podtopo state " + command + ": error: --state-dir " + regular
          + ": not a directory" + System.lineSeparator());
      assertThat(unnamed.exitCode()).isEqualTo(ExitCodes.USAGE);
      assertThat(unnamed.err()).startsWith("podtopo state " + command + ": Missing required option: '--state-dir=DIR'");
    }
    assertThat(listing()).containsExactly(regular);
  }

  @Test
  void stateAloneAsksForACommand() {
    CliRun run = CliRun.reference("state");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).startsWith("podtopo state: Missing command: choose one of check, reset");
  }

  private List<Path> listing() {
    try (Stream<Path> files = Files.list(dir)) {
      return files.sorted().toList();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
