package io.podtopo.adapters.linux.kubelet;

import java.util.Optional;

/**
 * A checkpoint the kubelet would not restore, with the kubelet's own reason (before its
 * {@code could not restore state from checkpoint: ...} wrapping), e.g. {@code checkpoint is
 * corrupted} or {@code configured policy "static" differs from state checkpoint policy "none"};
 * for a checksum failure also the {@link Verification.Mismatch}.
 */
final class CheckpointLoadException extends Exception {

  private static final long serialVersionUID = 1L;

  private final transient Optional<Verification> verification;

  CheckpointLoadException(String reason) {
    this(reason, Optional.empty());
  }

  CheckpointLoadException(String reason, Optional<Verification> verification) {
    super(reason);
    this.verification = verification;
  }

  /** The failed verification when the reason is a checksum mismatch. */
  Optional<Verification> verification() {
    return verification;
  }
}
