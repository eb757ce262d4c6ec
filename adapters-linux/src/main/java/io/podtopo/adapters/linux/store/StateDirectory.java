package io.podtopo.adapters.linux.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.out.AllocationStoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.Locale;
import java.util.Optional;

/**
 * The folder holding a node's durable state. It holds:
 *
 * <ul>
 *   <li>{@value #FILE_NAME}: the state file ({@link StateFileFormat}), replaced atomically
 *       ({@link AtomicFiles#replace}) when the whole state is saved;
 *   <li>{@value StateJournal#FILE_NAME}: the changes saved since ({@link StateJournal}), one record
 *       each, started anew (replaced atomically) each time the state file is written;
 *   <li>{@code node-state.json.<random>.tmp}, {@code node-state.journal.<random>.tmp}: a replace in
 *       progress, or one a crash interrupted;
 *   <li>{@code node-state.json.<UTC time>.corrupt} or {@code .reset}: a state file moved aside by
 *       {@link #moveAside} ({@code corrupt} when it was refused, {@code reset} when it was valid),
 *       its journal beside it as {@code node-state.journal.<UTC time>.corrupt} or {@code .reset}.
 * </ul>
 *
 * <p>{@link #read} changes nothing on disk, so it is safe beside a running node. Nothing here ever
 * deletes or overwrites a state file other than by a save's rename.
 */
public final class StateDirectory {

  /** The name of the state file in the folder. */
  public static final String FILE_NAME = "node-state.json";

  /**
   * How large a journal grows before the whole state file is written again: four times the state
   * file, 256 KiB at least. The state is then written whole once for four times its size in changes,
   * so that writing it costs a change about a quarter of its share of the file, and a load applies at
   * most that many bytes of records.
   */
  static long journalLimit(long stateFileBytes) {
    return Math.max(256 * 1024, 4 * stateFileBytes);
  }

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

  private final Path dir;
  private final Path file;
  private final Path journal;

  /** The state folder {@code dir}; nothing is read or created until asked. */
  public StateDirectory(Path dir) {
    this.dir = dir;
    this.file = dir.resolve(FILE_NAME);
    this.journal = dir.resolve(StateJournal.FILE_NAME);
  }

  public Path dir() {
    return dir;
  }

  /** The state file, {@code dir/node-state.json}. */
  public Path file() {
    return file;
  }

  /** The state journal, {@code dir/node-state.journal}. */
  public Path journal() {
    return journal;
  }

  /**
   * Reads the state file and the journal records that continue it, changing nothing on disk.
   *
   * @return empty when there is no state file (nothing was ever saved, or it was reset)
   * @throws RefusedStateFileException when the file or its journal exists but cannot be read or trusted
   */
  public Optional<SavedState> read() {
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new RefusedStateFileException(file, "it cannot be read (" + describe(e) + ")", e);
    }
    try {
      StateFileFormat.Verified base = StateFileFormat.verify(bytes);
      NodeSnapshot snapshot = StateFileFormat.decode(base.data());
      StateJournal.Records records = StateJournal.read(journal, base.checksum());
      if (records.records().isEmpty()) {
        return Optional.of(new SavedState(file, StateFileFormat.VERSION, base.checksum(), snapshot, 0));
      }
      SortedMap<String, JsonNode> parts = StateParts.flatten(base.data());
      StateJournal.apply(records.records(), parts);
      NodeSnapshot continued;
      try {
        continued = StateFileFormat.decode(StateParts.unflatten(parts));
      } catch (StateFileFormat.Refusal | InvalidStateDataException e) {
        throw new StateFileFormat.Refusal("its journal's " + records.records().size() + " records make no valid state: "
            + e.getMessage());
      }
      return Optional.of(new SavedState(file, StateFileFormat.VERSION, records.last(), continued,
          records.records().size()));
    } catch (StateFileFormat.Refusal e) {
      throw new RefusedStateFileException(file, e.getMessage(), e);
    } catch (IOException e) {
      throw new RefusedStateFileException(file, "its journal cannot be read (" + describe(e) + ")", e);
    }
  }

  /**
   * Moves the state file aside as {@code node-state.json.<UTC time>.corrupt} (when {@link #read}
   * refuses it) or {@code .reset} (when it is valid), never overwriting anything; a node started on
   * the folder afterwards starts empty.
   *
   * @param clock gives the time in the new name ({@code 20261202T181324Z})
   * @return where the file went; empty when there was no state file
   * @throws AllocationStoreException when the file cannot be moved
   */
  public Optional<Path> moveAside(Clock clock) {
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    String kind = isValid() ? "reset" : "corrupt";
    String stamp = STAMP.format(clock.instant());
    try {
      if (Files.exists(journal, LinkOption.NOFOLLOW_LINKS)) {
        AtomicFiles.moveAside(journal, stamp, kind);
      }
      return Optional.of(AtomicFiles.moveAside(file, stamp, kind));
    } catch (IOException e) {
      throw new AllocationStoreException(file + ": cannot move it aside (" + describe(e) + "); it is left as it is", e);
    }
  }

  /**
   * Saves {@code snapshot} as the whole state file, atomically ({@link AtomicFiles#replace}),
   * creating the folder if needed, and starts a new journal continuing it ({@link StateJournal}):
   * when a journal on disk already continues a state file of the same checksum (the state came back
   * to what that file holds), the journal is started anew first, so that no record of it is ever
   * applied to the new file.
   *
   * @return the new journal; empty when it could not be started (the snapshot is saved: the next
   *     save writes the whole state file again)
   * @throws AllocationStoreException when the state file could not be written (the previous state is kept)
   */
  Optional<StateJournal.Writer> write(NodeSnapshot snapshot) {
    StateFileFormat.Encoded encoded = StateFileFormat.write(snapshot);
    long limit = journalLimit(encoded.bytes().length);
    try {
      if (StateJournal.base(journal).filter(encoded.checksum()::equals).isPresent()) {
        StateJournal.Writer writer = StateJournal.Writer.start(journal, encoded.checksum(), snapshot, limit);
        try {
          AtomicFiles.replace(file, encoded.bytes());
        } catch (IOException e) {
          writer.close();
          throw e;
        }
        return Optional.of(writer);
      }
      AtomicFiles.replace(file, encoded.bytes());
    } catch (IOException e) {
      throw new AllocationStoreException(file + ": not saved (" + describe(e) + "); the previous state is kept", e);
    }
    try {
      return Optional.of(StateJournal.Writer.start(journal, encoded.checksum(), snapshot, limit));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The temporary files of saves in progress or interrupted by a crash. */
  List<Path> tempFiles() {
    try {
      List<Path> temps = new ArrayList<>(AtomicFiles.tempFiles(file));
      temps.addAll(AtomicFiles.tempFiles(journal));
      return temps;
    } catch (IOException e) {
      throw new AllocationStoreException(dir + ": cannot list temporary files (" + describe(e) + ")", e);
    }
  }

  /** Deletes the temporary files left by writers that crashed; only safe while no other writer runs. */
  void removeTempFiles() {
    for (Path temp : tempFiles()) {
      try {
        Files.deleteIfExists(temp);
      } catch (IOException e) {
        throw new AllocationStoreException(temp + ": cannot delete this temporary file of an interrupted save ("
            + describe(e) + ")", e);
      }
    }
  }

  private boolean isValid() {
    try {
      read();
      return true;
    } catch (RefusedStateFileException e) {
      return false;
    }
  }

  private static String describe(IOException e) {
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }
}
