package io.podtopo.adapters.linux.store;

import io.podtopo.ports.out.AllocationStoreException;
import java.nio.file.Path;

/**
 * A state file exists but cannot be trusted (truncated, not JSON, another format or version, a
 * checksum mismatch, data that is no snapshot, or unreadable). The file is left in place; the message
 * is one line naming the file, what is wrong and how to recover (move it aside with a reset).
 */
public final class RefusedStateFileException extends AllocationStoreException {

  private static final long serialVersionUID = 1L;

  private final transient Path file;
  private final String reason;

  RefusedStateFileException(Path file, String reason, Throwable cause) {
    super(file + ": refused: " + reason + "; the file is left as it is; to start this node empty, move it aside"
        + " with 'podtopo state reset --state-dir " + file.getParent() + "'", cause);
    this.file = file;
    this.reason = reason;
  }

  /** The refused file. */
  public Path file() {
    return file;
  }

  /** What is wrong with it, as a clause ({@code it is truncated: ...}). */
  public String reason() {
    return reason;
  }
}
