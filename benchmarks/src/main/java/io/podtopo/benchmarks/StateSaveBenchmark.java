package io.podtopo.benchmarks;

import io.podtopo.adapters.linux.store.FileAllocationStore;
import io.podtopo.ports.in.NodeSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One save of the durable state as the agent makes it after every admission and removal: the
 * snapshot of {@link BenchmarkNodes#epycWith250Pods} (250 pods) encoded, checksummed, written to a
 * temporary file, forced to disk and renamed over the state file ({@link FileAllocationStore#save}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StateSaveBenchmark {

  private Path dir;
  private FileAllocationStore store;
  private NodeSnapshot snapshot;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    snapshot = BenchmarkNodes.epycWith250Pods().snapshot();
    dir = Files.createTempDirectory("podtopo-bench-state");
    store = FileAllocationStore.open(dir);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }

  @Benchmark
  public void save() {
    store.save(snapshot);
  }
}
