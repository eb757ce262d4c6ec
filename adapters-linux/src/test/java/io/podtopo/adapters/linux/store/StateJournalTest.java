package io.podtopo.adapters.linux.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.NodeSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The state journal (ADR 0010, rule STORE-9, with STORE-1 and STORE-7): a save appends the parts its snapshot
 * changed, and the state file plus the journal load back as the last snapshot saved; a record a crash
 * cut short is not applied, a bad record before a good one refuses the state, a journal left from an
 * older state file is ignored, and a journal that outgrew the state file makes the next save write the
 * whole state again.
 */
class StateJournalTest {

  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T18:13:24Z"), ZoneOffset.UTC);
  private static final Path FILE = Path.of("state", StateDirectory.FILE_NAME);

  @TempDir
  Path dir;

  @Test
  void theChangesOfASnapshotAppliedToThePartsOfTheOneBeforeGiveItsParts_store9() {
    for (long seed = 1; seed <= 40; seed++) {
      List<NodeSnapshot> snapshots = DomainSnapshots.sequence(seed, 40);
      for (int i = 1; i < snapshots.size(); i++) {
        NodeSnapshot before = snapshots.get(i - 1);
        NodeSnapshot after = snapshots.get(i);
        SortedMap<String, JsonNode> parts = StateParts.flatten(SnapshotJson.encode(before));
        StateParts.Changes changes = StateParts.changes(before, after, PodOrder.of(before.activePods())).orElseThrow();
        changes.remove.forEach(parts::remove);
        parts.putAll(changes.set);

        assertThat(SnapshotJson.encode(after)).as("seed %d, step %d", seed, i)
            .isEqualTo(StateParts.unflatten(parts));
        assertThat(StateParts.unflatten(StateParts.flatten(SnapshotJson.encode(after))))
            .isEqualTo(SnapshotJson.encode(after));
      }
    }
  }

  /**
   * The parts a change is found to set and remove from how the domain derived each per-pod map (and
   * from the active pods kept in place) are those found by comparing every pod: from the snapshot
   * before read back from its state file, which shares no map, pod or value with the one after. Over
   * one change and several, either way (a change taken back: a pod added again in the middle is not
   * told in parts either way).
   */
  @Test
  void theChangesFoundFromHowTheMapsWereDerivedAreThoseOfComparingEveryPod_store9() throws Exception {
    int told = 0;
    for (long seed = 1; seed <= 40; seed++) {
      List<NodeSnapshot> snapshots = DomainSnapshots.sequence(seed, 40);
      List<NodeSnapshot> reread = new ArrayList<>();
      for (NodeSnapshot snapshot : snapshots) {
        reread.add(StateFileFormat.read(FILE, StateFileFormat.write(snapshot).bytes()).snapshot());
        assertThat(reread.get(reread.size() - 1)).isEqualTo(snapshot);
      }
      for (int i = 1; i < snapshots.size(); i++) {
        assertThat(derived(snapshots.get(i - 1), snapshots.get(i))).as("seed %d, step %d: every per-pod map derived",
            seed, i).isTrue();
        for (int back : new int[] {1, 2, 5}) {
          if (back <= i) {
            String as = "seed " + seed + ", step " + (i - back) + " to " + i;
            told += sameChanges(snapshots.get(i - back), reread.get(i - back), snapshots.get(i), as);
            told += sameChanges(snapshots.get(i), reread.get(i), snapshots.get(i - back), as + ", taken back");
          }
        }
      }
    }
    assertThat(told).as("changes told in parts").isGreaterThan(8000);
  }

  /** Whether each per-pod map of the state {@code after} holds was derived from the one {@code before} holds. */
  private static boolean derived(NodeSnapshot before, NodeSnapshot after) {
    NodeState was = before.state();
    NodeState is = after.state();
    return Stream.of(TrackedSortedMap.changedKeys(was.cpu().entries(), is.cpu().entries()),
        TrackedSortedMap.changedKeys(was.cpu().podEntries(), is.cpu().podEntries()),
        TrackedSortedMap.changedKeys(was.memory().containerEntries(), is.memory().containerEntries()),
        TrackedSortedMap.changedKeys(was.memory().podEntries(), is.memory().podEntries()),
        TrackedSortedMap.changedKeys(was.topologyHints(), is.topologyHints()),
        TrackedSortedMap.changedKeys(was.devices().allocations(), is.devices().allocations()),
        TrackedSortedMap.changedKeys(was.startedContainers(), is.startedContainers())).allMatch(Optional::isPresent);
  }

  /**
   * Asserts the changes from {@code before} to {@code after} are those from {@code reread}, its copy;
   * 1 when they are told in parts.
   */
  private static int sameChanges(NodeSnapshot before, NodeSnapshot reread, NodeSnapshot after, String as) {
    PodOrder order = PodOrder.of(before.activePods());
    PodOrder walked = PodOrder.of(before.activePods());

    Optional<StateParts.Changes> changes = StateParts.changes(before, after, order);

    Optional<StateParts.Changes> expected = StateParts.changes(reread, after, walked);
    assertThat(changes.map(c -> c.set)).as(as).isEqualTo(expected.map(c -> c.set));
    assertThat(changes.map(c -> c.remove)).as(as).isEqualTo(expected.map(c -> c.remove));
    if (changes.isEmpty()) {
      return 0;
    }
    assertThat(order.next()).as(as).isEqualTo(walked.next());
    for (int i = 0; i < after.activePods().size(); i++) {
      assertThat(order.at(i)).as("%s: the order number of active pod %d", as, i).isEqualTo(walked.at(i));
    }
    return 1;
  }

  @Test
  void everySaveAfterTheFirstIsARecordAndLoadsBackInAFreshStore_store1_store9() {
    FileAllocationStore store = FileAllocationStore.open(dir, CLOCK);
    List<NodeSnapshot> snapshots = DomainSnapshots.sequence(7, 30);
    store.save(snapshots.get(0));
    byte[] stateFile = bytes(dir.resolve(StateDirectory.FILE_NAME));

    for (int i = 1; i < snapshots.size(); i++) {
      store.save(snapshots.get(i));

      SavedState saved = new StateDirectory(dir).read().orElseThrow();
      assertThat(saved.snapshot()).isEqualTo(snapshots.get(i));
      assertThat(FileAllocationStore.open(dir, CLOCK).load()).contains(snapshots.get(i));
      assertThat(saved.journalRecords()).as("save %d", i).isEqualTo(distinct(snapshots.subList(0, i + 1)) - 1);
    }
    assertThat(dir.resolve(StateDirectory.FILE_NAME)).as("the state file is not written again").hasBinaryContent(
        stateFile);
  }

  @Test
  void aRecordCutShortByACrashIsNotApplied_store7_store9() throws IOException {
    List<NodeSnapshot> snapshots = DomainSnapshots.sequence(3, 12);
    save(snapshots);
    Path journal = dir.resolve(StateJournal.FILE_NAME);
    byte[] whole = bytes(journal);
    int lastLine = lastLineStart(whole);
    assertThat(new StateDirectory(dir).read().orElseThrow().journalRecords()).isGreaterThan(1);
    NodeSnapshot beforeLast = snapshotWithout(whole, lastLine);

    for (int cut = lastLine + 1; cut < whole.length; cut += Math.max(1, (whole.length - lastLine) / 17)) {
      Files.write(journal, Arrays.copyOf(whole, cut));

      assertThat(FileAllocationStore.open(dir, CLOCK).load()).as("cut at byte %d", cut).contains(beforeLast);
    }
  }

  @Test
  void aBadRecordBeforeAGoodOneRefusesTheState_store9() throws IOException {
    save(DomainSnapshots.sequence(3, 12));
    Path journal = dir.resolve(StateJournal.FILE_NAME);
    String text = Files.readString(journal);
    int second = text.indexOf('\n') + 1;
    int at = text.indexOf("\"seq\":1", second);
    Files.writeString(journal, text.substring(0, at) + "\"seq\":9" + text.substring(at + 7));

    assertThatThrownBy(() -> FileAllocationStore.open(dir, CLOCK).load())
        .isInstanceOf(RefusedStateFileException.class)
        .hasMessageContaining("its journal node-state.journal has a bad record on line 2 (it is numbered 9, expected 1)"
            + " before later ones");
  }

  @Test
  void aJournalLeftFromAnotherStateFileIsIgnored_store9() throws IOException {
    List<NodeSnapshot> snapshots = DomainSnapshots.sequence(5, 12);
    save(snapshots);
    // As a crash leaves it between writing the whole state file and starting its journal.
    Files.write(dir.resolve(StateDirectory.FILE_NAME), StateFileFormat.write(snapshots.get(2)).bytes());

    assertThat(FileAllocationStore.open(dir, CLOCK).load()).contains(snapshots.get(2));
  }

  @Test
  void aJournalThatOutgrewTheStateFileMakesTheNextSaveWriteTheWholeState_store9() throws IOException {
    FileAllocationStore store = FileAllocationStore.open(dir, CLOCK);
    int records = 0;
    int rewrites = 0;
    for (int n = 0; n < 24; n++) {
      Path journal = dir.resolve(StateJournal.FILE_NAME);
      boolean outgrown = n == 0 || Files.size(journal) >= StateDirectory.journalLimit(
          Files.size(dir.resolve(StateDirectory.FILE_NAME)));

      store.save(BigSnapshots.snapshot(n));

      SavedState saved = new StateDirectory(dir).read().orElseThrow();
      assertThat(saved.snapshot()).isEqualTo(BigSnapshots.snapshot(n));
      records = outgrown ? 0 : records + 1;
      rewrites += outgrown ? 1 : 0;
      assertThat(saved.journalRecords()).as("snapshot %d", n).isEqualTo(records);
    }
    assertThat(rewrites).as("the whole state written again").isBetween(3, 12);
  }

  @Test
  void aSaveThatBringsTheStateBackToTheStateFilesLeavesNoRecordOfTheJournalBefore_store9() throws IOException {
    NodeSnapshot first = BigSnapshots.snapshot(0);
    StateDirectory directory = new StateDirectory(dir);
    try (StateJournal.Writer journal = directory.write(first).orElseThrow()) {
      assertThat(journal.append(BigSnapshots.snapshot(1))).isTrue();
    }
    assertThat(directory.read().map(SavedState::snapshot)).contains(BigSnapshots.snapshot(1));

    // The store writes the whole state when its journal is full: here the state is back to the state
    // file's, so a crash between writing it and starting the journal must not leave the record applied.
    directory.write(first).orElseThrow().close();

    assertThat(Files.readString(dir.resolve(StateJournal.FILE_NAME)).lines()).hasSize(1);
    assertThat(directory.read().map(SavedState::snapshot)).contains(first);
  }

  @Test
  void aChangeThatMovesAnActivePodIsSavedAsTheWholeState_store9() {
    NodeSnapshot node = DomainSnapshots.sequence(7, 30).stream().filter(s -> s.activePods().size() >= 2).findFirst()
        .orElseThrow();
    List<Pod> reversed = new ArrayList<>(node.activePods());
    Collections.reverse(reversed);
    NodeSnapshot moved = new NodeSnapshot.Builder().from(node).activePods(reversed).build();
    FileAllocationStore store = FileAllocationStore.open(dir, CLOCK);
    store.save(node);

    store.save(moved);

    SavedState saved = new StateDirectory(dir).read().orElseThrow();
    assertThat(saved.snapshot().activePods()).isEqualTo(reversed);
    assertThat(saved.journalRecords()).isZero();
  }

  @Test
  void aResetMovesTheJournalAsideWithTheStateFile_store9() {
    save(DomainSnapshots.sequence(3, 6));
    FileAllocationStore store = FileAllocationStore.open(dir, CLOCK);

    assertThat(store.reset()).contains(dir.resolve("node-state.json.20261202T181324Z.reset"));
    assertThat(dir.toFile().list()).containsExactlyInAnyOrder("node-state.json.20261202T181324Z.reset",
        "node-state.journal.20261202T181324Z.reset");
    assertThat(store.load()).isEmpty();
  }

  private void save(List<NodeSnapshot> snapshots) {
    FileAllocationStore store = FileAllocationStore.open(dir, CLOCK);
    snapshots.forEach(store::save);
  }

  /** The snapshot the state file and the journal give without its last line. */
  private NodeSnapshot snapshotWithout(byte[] journal, int lastLine) throws IOException {
    Path copy = Files.createDirectories(dir.resolve("copy"));
    Files.copy(dir.resolve(StateDirectory.FILE_NAME), copy.resolve(StateDirectory.FILE_NAME));
    Files.write(copy.resolve(StateJournal.FILE_NAME), Arrays.copyOf(journal, lastLine));
    Optional<SavedState> saved = new StateDirectory(copy).read();
    return saved.orElseThrow().snapshot();
  }

  private static int lastLineStart(byte[] bytes) {
    int end = bytes.length - 1;
    int start = end;
    while (start > 0 && bytes[start - 1] != '\n') {
      start--;
    }
    return start;
  }

  private static int distinct(List<NodeSnapshot> snapshots) {
    int count = 1;
    for (int i = 1; i < snapshots.size(); i++) {
      if (!snapshots.get(i).equals(snapshots.get(i - 1))) {
        count++;
      }
    }
    return count;
  }

  private static byte[] bytes(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
