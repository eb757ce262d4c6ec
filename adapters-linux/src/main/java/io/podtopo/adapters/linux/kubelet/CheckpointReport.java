package io.podtopo.adapters.linux.kubelet;

import java.util.Objects;
import java.util.Optional;

/**
 * What was read from one checkpoint file of a kubelet state folder.
 *
 * @param file the file name ({@code cpu_manager_state}, {@code memory_manager_state})
 * @param version the format it was read as ({@code V1} to {@code V4}); empty when the file is absent
 * @param policyName the policy it records; empty when absent
 * @param verification how its checksum verified; empty when absent
 */
public record CheckpointReport(String file, Optional<String> version, Optional<String> policyName,
    Optional<Verification> verification) {

  public CheckpointReport {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(policyName, "policyName");
    Objects.requireNonNull(verification, "verification");
  }

  static CheckpointReport absent(String file) {
    return new CheckpointReport(file, Optional.empty(), Optional.empty(), Optional.empty());
  }

  static CheckpointReport of(String file, RestoredCheckpoint<?> restored) {
    return new CheckpointReport(file, Optional.of(restored.version()), Optional.of(restored.policyName()),
        Optional.of(restored.verification()));
  }

  /** Whether the file was there. */
  public boolean present() {
    return version.isPresent();
  }

  /** One line: {@code cpu_manager_state: V4, policy static, VERIFIED (...)} or {@code ...: absent}. */
  public String describe() {
    if (!present()) {
      return file + ": absent (the manager starts empty)";
    }
    return file + ": " + version.get() + ", policy " + policyName.get() + ", " + verification.get().describe();
  }
}
