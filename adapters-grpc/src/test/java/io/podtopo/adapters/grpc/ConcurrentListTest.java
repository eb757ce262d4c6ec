package io.podtopo.adapters.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.service.NodeResourceManagerService;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients calling {@code List} while pods are admitted and removed: every answer is one whole
 * snapshot, never a change seen half-done (PLRM spec §15, invariants 1, 3, 11 and 29 on each
 * answer), and the last answer is the node's final view.
 */
class ConcurrentListTest {

  private static final int ROUNDS = 120;
  private static final int CLIENTS = 3;
  private static final int LISTS_PER_CLIENT = 300;

  @TempDir
  Path dir;

  @Test
  void everyAnswerIsInternallyConsistentWhileTheNodeChanges() throws Exception {
    NodeResourceManagerService node = KepNodes.node(TopologyManagerScope.POD);
    AllocatableResources allocatable = node.allocatable();
    Set<List<String>> podSetsSeen = ConcurrentHashMap.newKeySet();
    ExecutorService threads = Executors.newFixedThreadPool(CLIENTS + 1);
    try (PodResourcesServer server = PodResourcesServer.builder(node, dir.resolve("kubelet.sock"))
        .rateLimit(new RateLimit(1e9, 1_000_000)).start()) {
      List<Future<?>> work = new ArrayList<>();
      work.add(threads.submit(() -> churn(node)));
      for (int c = 0; c < CLIENTS; c++) {
        work.add(threads.submit(() -> {
          try (PodResourcesClient client = PodResourcesClient.connect(server.socket())) {
            for (int i = 0; i < LISTS_PER_CLIENT; i++) {
              PodResourcesView view = client.list();
              inconsistency(view, allocatable).ifPresent(problem -> {
                throw new AssertionError(problem + " in " + view);
              });
              podSetsSeen.add(view.pods().stream().map(PodResources::name).toList());
            }
          }
        }));
      }
      for (Future<?> done : work) {
        done.get(2, TimeUnit.MINUTES);
      }
      try (PodResourcesClient client = PodResourcesClient.connect(server.socket())) {
        assertThat(client.list()).isEqualTo(node.podResources());
      }
    } finally {
      threads.shutdownNow();
    }
    assertThat(podSetsSeen).as("the clients saw the node change").hasSizeGreaterThan(1);
  }

  /** Admits pod i and removes pod i-4, so up to four 2-CPU pods are active at a time. */
  private static void churn(NodeResourceManagerService node) {
    for (int i = 0; i < ROUNDS; i++) {
      assertThat(node.admit(hybrid("p-" + i)).admitted()).isTrue();
      if (i >= 4) {
        node.removePod("p-" + (i - 4));
      }
    }
  }

  /** A pod of 2 CPUs and 2Gi: an exclusive 1-CPU {@code app} and a shared {@code log}. */
  private static Pod hybrid(String name) {
    return KepNodes.budget(name, "2", "2Gi")
        .addContainer(KepNodes.exclusive("app", "1", "1Gi").build())
        .addContainer(Container.named("log"))
        .build();
  }

  private static Optional<String> inconsistency(PodResourcesView view, AllocatableResources allocatable) {
    CpuSet taken = CpuSet.empty();
    for (PodResources pod : view.pods()) {
      ContainerResources app = pod.containers().get(0);
      ContainerResources log = pod.containers().get(1);
      if (pod.cpuIds().size() != 2 || app.cpuIds().size() != 1 || !log.cpuIds().isEmpty()) {
        return Optional.of(pod.name() + " is reported half-allocated");
      }
      if (!app.cpuIds().isSubsetOf(pod.cpuIds())) {
        return Optional.of(pod.name() + "'s app CPUs are outside its pod CPUs");
      }
      if (pod.cpuIds().intersects(taken)) {
        return Optional.of(pod.name() + "'s CPUs overlap another pod's");
      }
      if (!pod.cpuIds().isSubsetOf(allocatable.cpuIds())) {
        return Optional.of(pod.name() + "'s CPUs are not allocatable");
      }
      if (pod.memory().stream().mapToLong(b -> b.size()).sum() != 2L << 30) {
        return Optional.of(pod.name() + "'s pod memory is not its 2Gi budget");
      }
      taken = taken.union(pod.cpuIds());
    }
    return Optional.empty();
  }
}
