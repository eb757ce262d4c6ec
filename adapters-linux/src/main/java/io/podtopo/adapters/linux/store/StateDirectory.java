package io.podtopo.adapters.linux.store;

import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.out.AllocationStoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The folder holding a node's durable state. It holds:
 *
 * <ul>
 *   <li>{@value #FILE_NAME}: the state file ({@link StateFileFormat}), replaced atomically by
 *       every save ({@link AtomicFiles#replace});
 *   <li>{@code node-state.json.<random>.tmp}: a save in progress, or one a crash interrupted;
 *   <li>{@code node-state.json.<UTC time>.corrupt} or {@code .reset}: a state file moved aside by
 *       {@link #moveAside} ({@code corrupt} when it was refused, {@code reset} when it was valid).
 * </ul>
 *
 * <p>{@link #read} changes nothing on disk, so it is safe beside a running node. Nothing here ever
 * deletes or overwrites a state file other than by a save's rename.
 */
public final class StateDirectory {

  /** The name of the state file in the folder. */
  public static final String FILE_NAME = "node-state.json";

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

  private final Path dir;
  private final Path file;

  /** The state folder {@code dir}; nothing is read or created until asked. */
  public StateDirectory(Path dir) {
    this.dir = dir;
    this.file = dir.resolve(FILE_NAME);
  }

  public Path dir() {
    return dir;
  }

  /** The state file, {@code dir/node-state.json}. */
  public Path file() {
    return file;
  }

  /**
   * Reads the state file, changing nothing on disk.
   *
   * @return empty when there is no state file (nothing was ever saved, or it was reset)
   * @throws RefusedStateFileException when the file exists but cannot be read or trusted
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
      return Optional.of(StateFileFormat.read(file, bytes));
    } catch (StateFileFormat.Refusal e) {
      throw new RefusedStateFileException(file, e.getMessage(), e);
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
    try {
      return Optional.of(AtomicFiles.moveAside(file, STAMP.format(clock.instant()), kind));
    } catch (IOException e) {
      throw new AllocationStoreException(file + ": cannot move it aside (" + describe(e) + "); it is left as it is", e);
    }
  }

  /** Saves {@code snapshot} atomically ({@link AtomicFiles#replace}), creating the folder if needed. */
  void write(NodeSnapshot snapshot) {
    byte[] bytes = StateFileFormat.write(snapshot);
    try {
      AtomicFiles.replace(file, bytes);
    } catch (IOException e) {
      throw new AllocationStoreException(file + ": not saved (" + describe(e) + "); the previous state is kept", e);
    }
  }

  /** The temporary files of saves in progress or interrupted by a crash. */
  List<Path> tempFiles() {
    try {
      return AtomicFiles.tempFiles(file);
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
