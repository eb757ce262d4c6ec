package io.podtopo.benchmarks;

import io.podtopo.adapters.linux.sysfs.SysfsTopology;
import io.podtopo.domain.topology.Machine;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Sysfs discovery of the largest fixtures (256 CPUs each: POWER with 8 NUMA nodes and SMT4, and
 * ia64 with 64 NUMA nodes), extracted to a folder first, against hwloc's
 * {@code lstopo --input <folder> --of xml} on the same folder (a process per run, as lstopo is used).
 *
 * <p>Run from the repository root (the fixtures are read from {@code fixtures/sysfs}, or the folder
 * in {@code -Dpodtopo.fixtures=...}); the {@code lstopo} benchmark needs the Debian package
 * {@code hwloc} and {@code tar}: {@code java -jar benchmarks/target/benchmarks.jar SysfsDiscovery -f 1 -wi 3 -i 5}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SysfsDiscoveryBenchmark {

  @Param({"256ppc-8n8s4t", "256ia64-64n2s2c"})
  public String fixture;

  private Path folder;
  private Path root;

  @Setup
  public void extract() throws IOException, InterruptedException {
    Path archive = Path.of(System.getProperty("podtopo.fixtures", "fixtures/sysfs"), fixture + ".tar.bz2");
    folder = Files.createTempDirectory("podtopo-sysfs-");
    run(List.of("tar", "-xjf", archive.toAbsolutePath().toString(), "-C", folder.toString()));
    try (Stream<Path> top = Files.list(folder)) {
      root = top.findFirst().orElseThrow(() -> new IOException(archive + " is empty"));
    }
  }

  @TearDown
  public void delete() throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }

  /** podtopo: read the folder into the kubelet's machine. */
  @Benchmark
  public Machine discover() {
    return SysfsTopology.read(root).toMachine();
  }

  /** hwloc: {@code lstopo --input <folder> --of xml}, output discarded. */
  @Benchmark
  public int lstopo() throws IOException, InterruptedException {
    return run(List.of("lstopo", "--input", root.toString(), "--of", "xml", "-"));
  }

  private static int run(List<String> command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectOutput(Redirect.DISCARD).redirectError(Redirect.INHERIT).start();
    int exit = process.waitFor();
    if (exit != 0) {
      throw new IOException(String.join(" ", command) + " exited with " + exit);
    }
    return exit;
  }
}
