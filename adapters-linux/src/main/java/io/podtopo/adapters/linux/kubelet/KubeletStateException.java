package io.podtopo.adapters.linux.kubelet;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * A kubelet state folder or checkpoint file the kubelet would not start from, or that cannot be
 * read. The message is one line: for a checkpoint the kubelet refuses, its own start-up text
 * ({@code could not restore state from checkpoint: checkpoint is corrupted, please drain this node
 * and delete the CPU manager checkpoint file "..." before restarting Kubelet}).
 */
public final class KubeletStateException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient Path path;
  private final transient Optional<Verification> verification;

  KubeletStateException(Path path, String message, Optional<Verification> verification) {
    super(message);
    this.path = Objects.requireNonNull(path, "path");
    this.verification = Objects.requireNonNull(verification, "verification");
  }

  /** The folder or file at fault. */
  public Path path() {
    return path;
  }

  /** The failed checksum verification, when that is why the file is refused. */
  public Optional<Verification> verification() {
    return verification;
  }
}
