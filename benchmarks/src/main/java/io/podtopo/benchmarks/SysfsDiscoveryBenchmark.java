package io.podtopo.benchmarks;

import io.podtopo.adapters.linux.sysfs.SysfsTopology;
import io.podtopo.domain.topology.Machine;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
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
 * ia64 with 64 NUMA nodes), extracted to a folder first, and hwloc's
 * {@code lstopo --input <folder> --of xml} on the same folder (a process per run, as lstopo is used).
 *
 * <p>Run from the repository root; needs {@code tar} and, for {@code lstopo}, the Debian package
 * {@code hwloc}: {@code java -jar benchmarks/target/benchmarks.jar SysfsDiscovery -f 1 -wi 3 -i 5}.
 * {@link LstopoComparison} times the two alternately, which a busy machine disturbs less.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SysfsDiscoveryBenchmark {

  @Param({"256ppc-8n8s4t", "256ia64-64n2s2c"})
  public String fixture;

  private ExtractedFixture tree;

  @Setup
  public void extract() throws IOException, InterruptedException {
    tree = ExtractedFixture.extract(fixture);
  }

  @TearDown
  public void delete() throws IOException {
    tree.close();
  }

  /** podtopo: read the folder into the kubelet's machine. */
  @Benchmark
  public Machine discover() {
    return SysfsTopology.read(tree.root()).toMachine();
  }

  /** hwloc: {@code lstopo --input <folder> --of xml}, output discarded. */
  @Benchmark
  public void lstopo() throws IOException, InterruptedException {
    tree.lstopo();
  }
}
