package io.podtopo.adapters.linux.store;

import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.out.AllocationStore;
import io.podtopo.ports.out.AllocationStoreException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * The durable {@link AllocationStore} of a Linux node: the {@link NodeSnapshot} in one state file,
 * {@code <state dir>/node-state.json} ({@link StateDirectory}), as versioned JSON with a checksum
 * ({@link StateFileFormat}), replaced atomically ({@link AtomicFiles}), and the changes saved since
 * in a journal beside it ({@link StateJournal}): a save appends the parts its snapshot changed
 * ({@link StateParts}) and forces them to the device; the first save of a store, a save after the
 * journal outgrew the state file, and a change not told in parts write the whole state file again and
 * start a new journal (ADR 0010).
 *
 * <p><b>Opening.</b> {@link #open} deletes the temporary files of saves a crash interrupted. One
 * store, in one process, writes a folder at a time: a second writer's save in progress would be
 * taken for such a leftover.
 *
 * <p><b>Refusal is sticky.</b> A state file that cannot be trusted is never replaced by a save: a
 * {@link #load} that refuses the file (with {@link RefusedStateFileException}) leaves it in place and
 * makes every later {@link #save} fail too, until a {@link #load} accepts the file again or
 * {@link #reset} moves it aside. A save before any load first reads the file the same way, so a
 * store that was never loaded cannot overwrite a bad file either.
 *
 * <p><b>Threading.</b> Every method is synchronized.
 */
public final class FileAllocationStore implements AllocationStore {

  private final StateDirectory directory;
  private final Clock clock;
  private boolean verified;
  private RefusedStateFileException refusal;
  /** The journal this store appends to; null until its first save writes the state file. */
  private StateJournal.Writer journal;

  private FileAllocationStore(StateDirectory directory, Clock clock) {
    this.directory = directory;
    this.clock = clock;
  }

  /** Opens the store of {@code stateDir} (created by the first save if missing); resets are stamped in UTC. */
  public static FileAllocationStore open(Path stateDir) {
    return open(stateDir, Clock.systemUTC());
  }

  /**
   * Opens the store of {@code stateDir}, deleting the temporary files of interrupted saves.
   *
   * @param clock stamps the names of the files {@link #reset} moves aside
   * @throws AllocationStoreException when a leftover temporary file cannot be deleted
   */
  public static FileAllocationStore open(Path stateDir, Clock clock) {
    StateDirectory directory = new StateDirectory(stateDir);
    directory.removeTempFiles();
    return new FileAllocationStore(directory, clock);
  }

  /** The folder and its files. */
  public StateDirectory directory() {
    return directory;
  }

  /**
   * @throws RefusedStateFileException when the state file exists but is truncated, not JSON, of
   *     another format or version, fails its checksum, or holds no valid snapshot
   */
  @Override
  public synchronized Optional<NodeSnapshot> load() {
    try {
      Optional<SavedState> saved = directory.read();
      verified = true;
      refusal = null;
      return saved.map(SavedState::snapshot);
    } catch (RefusedStateFileException e) {
      refusal = e;
      throw e;
    }
  }

  /**
   * @throws AllocationStoreException when the state file was refused (it is kept until
   *     {@link #reset}), or the new file cannot be written (the previous one is kept)
   */
  @Override
  public synchronized void save(NodeSnapshot snapshot) {
    if (!trusted()) {
      throw new AllocationStoreException(refusal.file() + ": not saved, to keep the state file that was refused ("
          + refusal.reason() + "); move it aside with 'podtopo state reset --state-dir " + directory.dir()
          + "' to save again");
    }
    if (journal != null) {
      try {
        if (journal.append(snapshot)) {
          return;
        }
      } catch (IOException e) {
        closeJournal();
        throw new AllocationStoreException(directory.journal() + ": not saved (" + e.getClass().getSimpleName()
            + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); the previous state is kept", e);
      }
      closeJournal();
    }
    journal = directory.write(snapshot).orElse(null);
  }

  private void closeJournal() {
    try {
      journal.close();
    } catch (IOException e) {
      // The journal is done with either way: the next save writes the state file and a new journal.
    } finally {
      journal = null;
    }
  }

  /** Whether the state file may be replaced: it was accepted or absent at the last load (loading it now if never). */
  private boolean trusted() {
    if (!verified && refusal == null) {
      try {
        load();
      } catch (RefusedStateFileException e) {
        return false;
      }
    }
    return refusal == null;
  }

  /**
   * Moves the state file aside ({@link StateDirectory#moveAside}) and lifts a refusal: the next load
   * finds nothing, the next save writes a new file.
   *
   * @return where the file went; empty when there was none
   */
  public synchronized Optional<Path> reset() {
    if (journal != null) {
      closeJournal();
    }
    Optional<Path> moved = directory.moveAside(clock);
    verified = true;
    refusal = null;
    return moved;
  }
}
