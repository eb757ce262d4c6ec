package io.podtopo.service;

import static io.podtopo.service.ServiceFixtures.MACHINE;
import static io.podtopo.service.ServiceFixtures.guaranteed;
import static io.podtopo.service.ServiceFixtures.podScope;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.NodeSnapshot;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentLinkedQueue;
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
 * Readers of {@link NodeResourceManagerService} see whole snapshots while a writer admits and removes
 * pods: the active pods are exactly the pods with CPU entries in the same snapshot's state, and the
 * default set and the entries partition the machine's CPUs (DESIGN.md "lock-free immutable snapshots").
 */
class NodeResourceManagerServiceConcurrencyTest {

  private static final int ROUNDS = 40;
  private static final int READERS = 2;

  @Test
  void concurrentReadersOnlySeeConsistentSnapshotsWhileAWriterAdmitsAndRemoves() throws Exception {
    NodeResourceManagerService node = new NodeResourceManagerService(podScope(), CatalogMachineSource.of(MACHINE),
        new InMemoryAllocationStore(), new RecordingCpusetWriter(), new InMemoryMetricsRecorder());
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicLong reads = new AtomicLong();
    ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
    ExecutorService threads = Executors.newFixedThreadPool(READERS + 1);
    try {
      List<Future<?>> readers = IntStream.range(0, READERS)
          .<Future<?>>mapToObj(i -> threads.submit(() -> {
            do {
              inconsistency(node.snapshot()).ifPresent(violations::add);
              reads.incrementAndGet();
            } while (writing.get());
          }))
          .toList();
      Future<?> writer = threads.submit(() -> {
        try {
          for (int round = 0; round < ROUNDS; round++) {
            for (int i = 0; i < 3; i++) {
              node.admit(guaranteed("r" + round + "-" + i, "2"));
            }
            for (int i = 0; i < 3; i++) {
              node.removePod("r" + round + "-" + i);
            }
          }
        } finally {
          writing.set(false);
        }
      });
      writer.get(60, TimeUnit.SECONDS);
      for (Future<?> reader : readers) {
        reader.get(60, TimeUnit.SECONDS);
      }
    } finally {
      threads.shutdownNow();
    }

    assertThat(violations).isEmpty();
    assertThat(reads.get()).isGreaterThanOrEqualTo(READERS);
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
