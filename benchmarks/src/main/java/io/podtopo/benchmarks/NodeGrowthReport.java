package io.podtopo.benchmarks;

import io.podtopo.adapters.linux.store.FileAllocationStore;
import io.podtopo.adapters.linux.store.StateDirectory;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.NodeSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The sizes beside {@link NodeGrowthBenchmark}'s times, per node size: the state file, its bytes per
 * pod, the journal record of one pod admitted and of one removed, and the heap the node's snapshot
 * holds (measured after a full collection, the snapshot alone kept reachable).
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar io.podtopo.benchmarks.NodeGrowthReport 10 100 250 500 1000 2000
 * }</pre>
 */
public final class NodeGrowthReport {

  private NodeGrowthReport() {}

  public static void main(String[] args) throws IOException {
    System.out.println("| pods | state file | per pod | record: admit | record: remove | heap of the snapshot |");
    System.out.println("| ---: | ---: | ---: | ---: | ---: | ---: |");
    for (String arg : args.length == 0 ? new String[] {"10", "100", "250", "500", "1000", "2000"} : args) {
      int pods = Integer.parseInt(arg);
      long heapBefore = usedHeap();
      NodeGrowthBenchmark.Grown node = NodeGrowthBenchmark.grow(pods);
      NodeSnapshot without = node.snapshot();
      long heap = usedHeap() - heapBefore;
      Pod extra = NodeGrowthBenchmark.pod(pods);
      NodeSnapshot with = NodeGrowthBenchmark.admitted(node.managers(), without, extra);
      Path dir = Files.createTempDirectory("podtopo-growth");
      try {
        FileAllocationStore store = FileAllocationStore.open(dir);
        store.save(without);
        long stateFile = Files.size(dir.resolve(StateDirectory.FILE_NAME));
        long journal = Files.size(new StateDirectory(dir).journal());
        store.save(with);
        long admit = Files.size(new StateDirectory(dir).journal()) - journal;
        store.save(without);
        long remove = Files.size(new StateDirectory(dir).journal()) - journal - admit;
        System.out.printf(Locale.ROOT, "| %d | %,d B | %,d B | %,d B | %,d B | %,.1f MiB |%n", pods, stateFile,
            stateFile / pods, admit, remove, heap / 1048576.0);
      } finally {
        delete(dir);
      }
      if (node.snapshot().activePods().size() != pods) {
        throw new IllegalStateException("the node must hold " + pods + " pods");
      }
    }
  }

  private static long usedHeap() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    Runtime runtime = Runtime.getRuntime();
    return runtime.totalMemory() - runtime.freeMemory();
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }
}
