package io.podtopo.service;

import static io.podtopo.service.ServiceFixtures.MACHINE;
import static io.podtopo.service.ServiceFixtures.guaranteed;
import static io.podtopo.service.ServiceFixtures.podScope;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.NodeSnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * One writer, lock-free readers ({@link NodeResourceManagerService}, docs/design.md "The node
 * service's guarantees"): readers complete reads while the writer is midway through a change,
 * holding the write lock, and every read sees a whole snapshot the service published: the active
 * pods are exactly the pods with CPU entries in the same snapshot's state, and the default set and
 * the entries partition the machine's CPUs.
 *
 * <p>The writer is held in the middle of each change ({@link MidChangeWindows}, called back by the
 * cgroup writer after the change was published) until every reader has completed a read there: a
 * service whose readers take the write lock fails by a window that no reader reached, one that
 * publishes a half-built snapshot by a read that saw it.
 */
class NodeResourceManagerServiceConcurrencyTest {

  private static final int ROUNDS = 40;
  private static final int PODS_PER_ROUND = 3;
  private static final int CHANGES = ROUNDS * PODS_PER_ROUND * 2;
  private static final int READERS = 2;
  /** How long the writer waits in a change for every reader to read; a lock-free read takes microseconds. */
  private static final Duration PATIENCE = Duration.ofSeconds(10);

  @Test
  void readersCompleteReadsWhileTheWriterIsMidwayAndEachSeesAWholePublishedSnapshot() throws Exception {
    MidChangeWindows windows = new MidChangeWindows(READERS, PATIENCE);
    NodeResourceManagerService node = new NodeResourceManagerService(podScope(), CatalogMachineSource.of(MACHINE),
        new InMemoryAllocationStore(), new HoldingCpusetWriter(windows), new InMemoryMetricsRecorder());
    windows.watch(node::snapshot);
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicLong reads = new AtomicLong();
    ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
    List<List<NodeSnapshot>> observed = IntStream.range(0, READERS).<List<NodeSnapshot>>mapToObj(i -> new ArrayList<>())
        .toList();
    ExecutorService threads = Executors.newFixedThreadPool(READERS + 1);
    try {
      List<Future<?>> readers = IntStream.range(0, READERS)
          .<Future<?>>mapToObj(reader -> threads.submit(() -> {
            List<NodeSnapshot> seen = observed.get(reader);
            while (writing.get()) {
              MidChangeWindows.Window window = windows.beforeRead();
              NodeSnapshot snapshot = node.snapshot();
              inconsistency(snapshot).ifPresent(violations::add);
              if (seen.isEmpty() || seen.get(seen.size() - 1) != snapshot) {
                seen.add(snapshot);
              }
              windows.afterRead(reader, window, snapshot);
              reads.incrementAndGet();
            }
          }))
          .toList();
      Future<?> writer = threads.submit(() -> {
        try {
          for (int round = 0; round < ROUNDS; round++) {
            for (int i = 0; i < PODS_PER_ROUND; i++) {
              assertThat(node.admit(guaranteed("r" + round + "-" + i, "2")).admitted()).isTrue();
            }
            for (int i = 0; i < PODS_PER_ROUND; i++) {
              node.removePod("r" + round + "-" + i);
            }
          }
        } finally {
          writing.set(false);
        }
      });
      try {
        writer.get(5, TimeUnit.MINUTES);
      } catch (ExecutionException e) {
        if (e.getCause() instanceof AssertionError failure) {
          throw failure;
        }
        throw e;
      }
      for (Future<?> reader : readers) {
        reader.get(60, TimeUnit.SECONDS);
      }
    } finally {
      threads.shutdownNow();
    }

    List<MidChangeWindows.Window> held = windows.held();
    System.out.printf("%d reads, %d of them inside the %d changes the writer was held midway in%n", reads.get(),
        held.stream().mapToInt(window -> window.seen.size()).sum(), held.size());
    assertThat(violations).as("inconsistent snapshots seen by readers").isEmpty();
    assertThat(held).as("changes held midway").hasSize(CHANGES);
    for (MidChangeWindows.Window window : held) {
      assertThat(window.seen).as("readers that read midway through change %d", window.change).hasSize(READERS);
      assertThat(window.seen.values()).as("what reads midway through change %d saw", window.change)
          .allSatisfy(seen -> assertThat(seen).isSameAs(window.published));
    }
    for (int reader = 0; reader < READERS; reader++) {
      assertThat(observed.get(reader)).as("snapshots reader %d saw that the service never published", reader)
          .allSatisfy(seen -> assertThat(windows.wasPublished(seen)).as("published: %s", seen).isTrue());
    }
    assertThat(node.snapshot().activePods()).isEmpty();
    assertThat(node.snapshot().state().cpu().defaultCpuSet()).isEqualTo(MACHINE.cpuSet());
  }

  private static Optional<String> inconsistency(NodeSnapshot snapshot) {
    CpuManagerState cpu = snapshot.state().cpu();
    Set<String> active = snapshot.activePods().stream().map(Pod::uid).collect(Collectors.toSet());
    Set<String> allocated = cpu.entries().entrySet().stream().filter(e -> !e.getValue().isEmpty())
        .map(Map.Entry::getKey).collect(Collectors.toSet());
    if (!active.equals(allocated)) {
      return Optional.of("active " + active + " but allocated " + allocated);
    }
    CpuSet union = cpu.defaultCpuSet();
    int size = union.size();
    for (SortedMap<String, CpuSet> containers : cpu.entries().values()) {
      for (CpuSet cpus : containers.values()) {
        union = union.union(cpus);
        size += cpus.size();
      }
    }
    if (!union.equals(MACHINE.cpuSet()) || size != MACHINE.cpuSet().size()) {
      return Optional.of("default " + cpu.defaultCpuSet() + " and entries " + cpu.entries()
          + " do not partition " + MACHINE.cpuSet());
    }
    return Optional.empty();
  }
}
