package io.podtopo.adapters.linux.kubelet;

import java.util.List;
import java.util.Optional;

/**
 * {@code VerifyChecksum} of the formats with one checksum over the whole struct: the struct is
 * printed with its {@code Checksum} zeroed, under each type name the kubelet accepts for it, and
 * hashed; a stored zero is accepted unchecked where upstream accepts it ("compatibility with old
 * file backend").
 */
final class LegacyChecksum {

  /** The name the hashed text carries: the struct's own, or the legacy one it is renamed to. */
  record Naming(String from, String to) {
    /** The struct hashed under its own type name. */
    static Naming own() {
      return new Naming("", "");
    }

    /** The struct hashed after renaming {@code from} (once) to {@code to}. */
    static Naming renamed(String from, String to) {
      return new Naming(from, to);
    }
  }

  private LegacyChecksum() {}

  /**
   * Verifies {@code checkpoint}'s {@code Checksum} field under {@code namings}, in order.
   *
   * @return how it verified
   * @throws CheckpointLoadException {@code checkpoint is corrupted}, with the mismatch of the last naming
   */
  static Verification verify(GoValue.GoStruct checkpoint, boolean zeroAccepted, List<Naming> namings)
      throws CheckpointLoadException {
    long stored = Long.parseUnsignedLong(((GoValue.Scalar) checkpoint.field("Checksum")).text());
    if (zeroAccepted && stored == 0) {
      return new Verification.Unproven("checksum 0, which the kubelet accepts unchecked from its old file backend");
    }
    GoValue zeroed = new GoValue.GoPointer(checkpoint.type(),
        Optional.of(checkpoint.with("Checksum", CpuCheckpointTypes.CHECKSUM.zero())));
    long computed = 0;
    for (Naming naming : namings) {
      computed = naming.from().isEmpty() ? KubeletChecksum.of(zeroed)
          : KubeletChecksum.renamed(zeroed, naming.from(), naming.to());
      if (computed == stored) {
        String name = naming.from().isEmpty() ? checkpoint.type() : checkpoint.type().replace(naming.from(), naming.to());
        return new Verification.Verified("checksum " + Long.toUnsignedString(stored) + " of " + name);
      }
    }
    throw corrupted("checksum", stored, computed);
  }

  /** {@code DataChecksum.Verify(Data)} of the newest formats: the checksum of the {@code data} string. */
  static Verification verifyData(String data, long stored) throws CheckpointLoadException {
    long computed = KubeletChecksum.ofString(data);
    if (computed != stored) {
      throw corrupted("dataChecksum", stored, computed);
    }
    return new Verification.Verified("dataChecksum " + Long.toUnsignedString(stored) + " of data");
  }

  private static CheckpointLoadException corrupted(String field, long stored, long computed) {
    return new CheckpointLoadException("checkpoint is corrupted",
        Optional.of(new Verification.Mismatch(field, stored, computed)));
  }
}
