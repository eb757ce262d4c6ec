package io.podtopo.adapters.linux.store;

import io.podtopo.ports.out.AllocationStore;
import io.podtopo.ports.out.AllocationStoreContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FileAllocationStore} keeps {@link AllocationStore}'s promises: a restarted node opens a new
 * store over the same folder; a save fails as the file system fails it; a damaged state file is
 * refused.
 */
class FileAllocationStoreContractTest
    implements AllocationStoreContract.SaveFailures, AllocationStoreContract.UnreadableContent {

  /** Linux refuses a path of PATH_MAX (4096) bytes or more, the terminating zero included. */
  private static final int LONGEST_PATH = 4095;
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T18:13:24Z"), ZoneOffset.UTC);

  @TempDir
  Path dir;

  @Override
  public AllocationStore newStore() {
    return FileAllocationStore.open(dir.resolve("state"), CLOCK);
  }

  @Override
  public AllocationStore reopen(AllocationStore store) {
    return FileAllocationStore.open(folder(store), CLOCK);
  }

  /**
   * Moves the folder where the paths of its state file and journal are just short enough to read,
   * and the path of the temporary file a save writes first ({@code node-state.json.<random>.tmp}) is
   * too long to create: the save fails in the file system, as on a full or failing disk, for any user.
   */
  @Override
  public AllocationStore failingNextSave(AllocationStore store) {
    Path moved = folderOfLength(LONGEST_PATH - 1 - StateJournal.FILE_NAME.length());
    try {
      Files.createDirectories(moved.getParent());
      Files.move(folder(store), moved);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return FileAllocationStore.open(moved, CLOCK);
  }

  @Override
  public void damage(AllocationStore store) {
    try {
      Files.writeString(((FileAllocationStore) store).directory().file(), "{\"format\": \"podtopo-node-state\"");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path folder(AllocationStore store) {
    return ((FileAllocationStore) store).directory().dir();
  }

  /** A folder below {@link #dir} (not created) whose absolute path is {@code length} characters long. */
  private Path folderOfLength(int length) {
    Path folder = dir.toAbsolutePath();
    while (folder.toString().length() < length) {
      int left = length - folder.toString().length() - 1;
      folder = folder.resolve("d".repeat(left <= 255 ? left : 200));
    }
    return folder;
  }
}
