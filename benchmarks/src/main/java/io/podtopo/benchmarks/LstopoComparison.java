package io.podtopo.benchmarks;

import io.podtopo.adapters.linux.sysfs.SysfsTopology;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Times sysfs discovery against {@code lstopo --input <folder> --of xml} on the same extracted
 * fixture, alternately, 50 runs each after 10 warm-up runs (so both meet the same load on a shared
 * machine), and prints the medians and their ratio.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar io.podtopo.benchmarks.LstopoComparison [fixture...]}
 * from the repository root; the default fixtures are the two largest (256 CPUs).
 */
public final class LstopoComparison {

  private static final int WARMUP = 10;
  private static final int RUNS = 50;

  private LstopoComparison() {}

  public static void main(String[] args) throws Exception {
    List<String> fixtures = args.length > 0 ? List.of(args) : List.of("256ppc-8n8s4t", "256ia64-64n2s2c");
    for (String fixture : fixtures) {
      try (ExtractedFixture tree = ExtractedFixture.extract(fixture)) {
        long[] discover = new long[RUNS];
        long[] lstopo = new long[RUNS];
        for (int run = -WARMUP; run < RUNS; run++) {
          long start = System.nanoTime();
          SysfsTopology.read(tree.root()).toMachine();
          long middle = System.nanoTime();
          tree.lstopo();
          long end = System.nanoTime();
          if (run >= 0) {
            discover[run] = middle - start;
            lstopo[run] = end - middle;
          }
        }
        double ours = median(discover);
        double theirs = median(lstopo);
        System.out.printf(Locale.ROOT, "%s: discovery %.1f ms, lstopo %.1f ms (medians of %d), lstopo/discovery %.2f%n",
            fixture, ours, theirs, RUNS, theirs / ours);
      }
    }
  }

  private static double median(long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2e6;
  }
}
