package io.podtopo.adapters.linux.kubelet;

/**
 * What the checksum of a checkpoint file says: {@link Verified} (recomputed as the kubelet does
 * and equal), {@link Mismatch} (recomputed and different: the kubelet refuses the file with
 * {@code checkpoint is corrupted}) or {@link Unproven} (accepted without a checksum to check, as
 * the kubelet accepts it).
 */
public sealed interface Verification {

  /** One word and a detail, e.g. {@code VERIFIED (dataChecksum 657950972 over data)}. */
  String describe();

  /**
   * The stored checksum equals the recomputed one.
   *
   * @param how which checksum, over what
   */
  record Verified(String how) implements Verification {
    @Override
    public String describe() {
      return "VERIFIED (" + how + ")";
    }
  }

  /**
   * The stored checksum differs from the recomputed one.
   *
   * @param field the JSON field holding it ({@code checksum}, {@code dataChecksum})
   * @param stored the value in the file
   * @param computed what the kubelet computes
   */
  record Mismatch(String field, long stored, long computed) implements Verification {
    @Override
    public String describe() {
      return "MISMATCH (" + field + " " + Long.toUnsignedString(stored) + " in the file, "
          + Long.toUnsignedString(computed) + " computed)";
    }
  }

  /**
   * The file was accepted without its content being checked.
   *
   * @param reason why, e.g. a zero checksum the kubelet accepts for its old file backend
   */
  record Unproven(String reason) implements Verification {
    @Override
    public String describe() {
      return "UNPROVEN (" + reason + ")";
    }
  }
}
