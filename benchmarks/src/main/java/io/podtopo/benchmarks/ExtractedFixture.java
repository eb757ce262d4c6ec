package io.podtopo.benchmarks;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A sysfs fixture archive extracted (with {@code tar}) to a temporary folder, for the measurements
 * that read a folder. The archives are found in {@code fixtures/sysfs} under the working folder, or
 * in the folder of {@code -Dpodtopo.fixtures=...}.
 */
final class ExtractedFixture implements AutoCloseable {

  private final Path folder;
  private final Path root;

  private ExtractedFixture(Path folder, Path root) {
    this.folder = folder;
    this.root = root;
  }

  static ExtractedFixture extract(String name) throws IOException, InterruptedException {
    Path archive = Path.of(System.getProperty("podtopo.fixtures", "fixtures/sysfs"), name + ".tar.bz2");
    Path folder = Files.createTempDirectory("podtopo-sysfs-");
    run(List.of("tar", "-xjf", archive.toAbsolutePath().toString(), "-C", folder.toString()));
    try (Stream<Path> top = Files.list(folder)) {
      return new ExtractedFixture(folder, top.findFirst().orElseThrow(() -> new IOException(archive + " is empty")));
    }
  }

  /** The sysfs root: the archive's top-level folder. */
  Path root() {
    return root;
  }

  /** {@code lstopo --input <root> --of xml}, output discarded. */
  void lstopo() throws IOException, InterruptedException {
    run(List.of("lstopo", "--input", root.toString(), "--of", "xml", "-"));
  }

  @Override
  public void close() throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }

  private static void run(List<String> command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectOutput(Redirect.DISCARD).redirectError(Redirect.INHERIT).start();
    int exit = process.waitFor();
    if (exit != 0) {
      throw new IOException(String.join(" ", command) + " exited with " + exit);
    }
  }
}
