package io.podtopo.adapters.linux.sysfs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/** The real machines' sysfs trees in {@code fixtures/sysfs}, read once per test run. */
final class Fixtures {

  /** The fixture folder, seen from the module folder where surefire runs. */
  static final Path FOLDER = Path.of("../fixtures/sysfs");
  static final int ARCHIVES = 42;
  static final int EXPECTED = 15;

  private static final String ARCHIVE = ".tar.bz2";
  private static final String EXPECTATION = ".expected.json";
  private static final Map<String, SysfsTopology> READ = new ConcurrentHashMap<>();

  private Fixtures() {}

  /** The names of all archives (without {@code .tar.bz2}), sorted. */
  static List<String> archives() {
    return names(ARCHIVE);
  }

  /** The names of the archives with an {@code .expected.json}, sorted. */
  static List<String> withExpected() {
    return names(EXPECTATION);
  }

  static Path archive(String name) {
    return FOLDER.resolve(name + ARCHIVE);
  }

  /** hwloc's answer for the archive. */
  static JsonNode expected(String name) {
    try {
      return new ObjectMapper().readTree(FOLDER.resolve(name + EXPECTATION).toFile());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The archive's topology, read on first use. */
  static SysfsTopology topology(String name) {
    return READ.computeIfAbsent(name, archive -> SysfsTopology.read(archive(archive)));
  }

  private static List<String> names(String suffix) {
    try (Stream<Path> files = Files.list(FOLDER)) {
      return files.map(file -> file.getFileName().toString())
          .filter(file -> file.endsWith(suffix))
          .map(file -> file.substring(0, file.length() - suffix.length()))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
