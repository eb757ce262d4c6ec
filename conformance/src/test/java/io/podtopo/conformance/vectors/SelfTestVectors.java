package io.podtopo.conformance.vectors;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/** The test-only vector folder of the self-tests, read through {@link VectorFile#inDirectory}. */
final class SelfTestVectors {

  private SelfTestVectors() {}

  static Path directory() {
    try {
      return Path.of(SelfTestVectors.class.getResource("selftest/selftest.json").toURI()).getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static List<VectorFile> files() {
    return VectorFile.inDirectory(directory());
  }

  static List<VectorCase> cases() {
    return files().stream().flatMap(f -> f.cases().stream()).toList();
  }
}
