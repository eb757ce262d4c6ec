package io.podtopo.app.agent;

import io.podtopo.domain.pod.Pod;
import java.util.List;
import java.util.Optional;

/**
 * One file of a pods folder as read in one scan: its name, a digest of its bytes (a changed digest
 * is a changed manifest), and either the pods it holds or why it holds none.
 *
 * @param name the file name inside the folder
 * @param digest the hex SHA-256 of the file's bytes
 * @param pods the pods, in document order (empty when {@code error} is present)
 * @param error why the file could not be used: unreadable, not YAML or JSON, not a Pod, ...
 * @param warnings the fields of its Pods that the Pod API does not have, one line per Pod
 *     ({@link io.podtopo.app.input.FieldValidation}); empty when {@code error} is present
 */
public record ManifestFile(String name, String digest, List<Pod> pods, Optional<String> error, List<String> warnings) {

  public ManifestFile {
    pods = List.copyOf(pods);
    warnings = List.copyOf(warnings);
    if (error.isPresent() && !pods.isEmpty()) {
      throw new IllegalArgumentException("a manifest file with an error holds no pods: " + name);
    }
  }

  /** A file that holds {@code pods}, and the warnings its reading gave. */
  static ManifestFile of(String name, String digest, List<Pod> pods, List<String> warnings) {
    return new ManifestFile(name, digest, pods, Optional.empty(), warnings);
  }

  /** A file that cannot be used, and why. */
  static ManifestFile invalid(String name, String digest, String error) {
    return new ManifestFile(name, digest, List.of(), Optional.of(error), List.of());
  }
}
