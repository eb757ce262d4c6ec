package io.podtopo.adapters.linux.kubelet;

import java.nio.charset.StandardCharsets;

/**
 * The kubelet's checkpoint checksum, upstream {@code checksum.New}: FNV-32a over the
 * {@link Spew} text of the checkpoint struct (its checksum field zeroed), widened to the
 * {@code uint64} that is stored. The older formats hash the text after renaming the struct's type
 * once, the way a kubelet that still called it by its old name would see it
 * ({@code CPUManagerCheckpointV2} → {@code CPUManagerCheckpoint}).
 */
final class KubeletChecksum {

  private static final int FNV_OFFSET_BASIS = 0x811c9dc5;
  private static final int FNV_PRIME = 0x01000193;

  private KubeletChecksum() {}

  /** {@code checksum.New(value)}. */
  static long of(GoValue value) {
    return fnv32a(Spew.render(value));
  }

  /** The checksum of {@code value} with the first {@code from} of its text replaced by {@code to}. */
  static long renamed(GoValue value, String from, String to) {
    return fnv32a(Spew.render(value).replaceFirst(java.util.regex.Pattern.quote(from),
        java.util.regex.Matcher.quoteReplacement(to)));
  }

  /** {@code checksum.New(text)} of a Go string, as the newest formats take it over their {@code data}. */
  static long ofString(String text) {
    return of(new GoValue.Scalar("string", GoValue.Kind.STRING, text));
  }

  /** FNV-32a of the UTF-8 bytes of {@code text}, as an unsigned value. */
  static long fnv32a(String text) {
    int hash = FNV_OFFSET_BASIS;
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      hash ^= b & 0xff;
      hash *= FNV_PRIME;
    }
    return Integer.toUnsignedLong(hash);
  }
}
