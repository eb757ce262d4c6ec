package io.podtopo.app.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.node.PodAssignment;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import io.podtopo.service.SimulatorService;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code podtopo simulate} without arguments shows the allocations KEP-5526 describes (spec §5.2,
 * §5.3, §6.2, §6.3): pod scope shared-only, mixed, the empty-shared-pool rejection, init containers
 * and a sidecar; container scope mixed and pod-level only.
 */
class KepExamplesTest {

  private static final List<SimulationRun> RUNS = KepExamples.runs(new Simulation(new SimulatorService()), MachineCatalog.bundled());
  private static final SimulationRun POD_SCOPE = RUNS.get(0);
  private static final SimulationRun CONTAINER_SCOPE = RUNS.get(1);

  @Test
  void theDefaultRunsArePodScopeThenContainerScopeOnDemo2s() {
    assertThat(RUNS).extracting(run -> run.managers().config().topologyManagerScope().kubeletName())
        .containsExactly("pod", "container");
    assertThat(RUNS).extracting(run -> run.machine().name()).containsOnly(MachineCatalog.DEFAULT_MACHINE);
    assertThat(POD_SCOPE.pods()).extracting(outcome -> outcome.pod().name())
        .containsExactly("shared-only", "pod-scope-mixed", "empty-shared-pool", "init-and-sidecars");
  }

  @Test
  void sharedOnlyPodRunsEveryContainerOnTheWholeNumaAlignedBubble() {
    PodAssignment pod = admitted(POD_SCOPE, "shared-only");
    CpuSet bubble = pod.podCpus().orElseThrow();

    assertThat(bubble.size()).isEqualTo(4);
    assertThat(bubble.isSubsetOf(numaNodeCpus(POD_SCOPE.machine(), pod))).isTrue();
    assertThat(pod.containers()).allSatisfy(container -> {
      assertThat(container.cpus()).contains(bubble);
      assertThat(container.exclusive()).isFalse();
      assertThat(container.isolation()).isEqualTo(ResourceIsolationLevel.POD);
    });
  }

  @Test
  void mixedPodCarvesDisjointExclusiveSlicesAndGivesTheRestOfTheBubbleToTheSharedContainer() {
    PodAssignment pod = admitted(POD_SCOPE, "pod-scope-mixed");
    CpuSet bubble = pod.podCpus().orElseThrow();
    ContainerAssignment metrics = container(pod, "metrics-sidecar");
    ContainerAssignment main = container(pod, "main-app");
    ContainerAssignment logging = container(pod, "logging-sidecar");
    CpuSet metricsCpus = metrics.cpus().orElseThrow();
    CpuSet mainCpus = main.cpus().orElseThrow();

    assertThat(bubble.size()).isEqualTo(5);
    assertThat(bubble.isSubsetOf(numaNodeCpus(POD_SCOPE.machine(), pod))).isTrue();
    assertThat(metricsCpus.size()).isEqualTo(1);
    assertThat(mainCpus.size()).isEqualTo(3);
    assertThat(metricsCpus.intersects(mainCpus)).isFalse();
    assertThat(metricsCpus.union(mainCpus).isSubsetOf(bubble)).isTrue();
    assertThat(List.of(metrics, main)).allSatisfy(exclusive -> {
      assertThat(exclusive.exclusive()).isTrue();
      assertThat(exclusive.isolation()).isEqualTo(ResourceIsolationLevel.CONTAINER);
    });
    assertThat(logging.cpus()).contains(bubble.difference(metricsCpus).difference(mainCpus));
    assertThat(logging.exclusive()).isFalse();
    assertThat(logging.isolation()).isEqualTo(ResourceIsolationLevel.POD);
  }

  @Test
  void mixedPodMemoryIsPartitionedByQuantityOnTheBubblesNumaNode() {
    PodAssignment pod = admitted(POD_SCOPE, "pod-scope-mixed");

    assertThat(pod.podMemory()).singleElement().satisfies(block -> assertThat(block.size()).isEqualTo(6L << 30));
    assertThat(container(pod, "metrics-sidecar").memory()).singleElement()
        .satisfies(block -> assertThat(block.size()).isEqualTo(512L << 20));
    assertThat(container(pod, "main-app").memory()).singleElement()
        .satisfies(block -> assertThat(block.size()).isEqualTo(4L << 30));
    assertThat(container(pod, "logging-sidecar").memory()).singleElement()
        .satisfies(block -> assertThat(block.size()).isEqualTo(1536L << 20));
  }

  @Test
  void emptySharedPoolPodIsRejectedUnderRestrictedWithThePodScopeTopologyAffinityError() {
    PodOutcome outcome = outcome(POD_SCOPE, "empty-shared-pool");

    assertThat(outcome.admission().admitted()).isFalse();
    assertThat(outcome.admission().reason()).contains(AdmissionFailure.TOPOLOGY_AFFINITY_ERROR);
    assertThat(outcome.admission().message())
        .contains("Pod Scope pod with pod-level resources failed admission under pod-scope topology manager");
  }

  @Test
  void standardInitSliceIsReusedAndTheSidecarSliceIsNot() {
    PodAssignment pod = admitted(POD_SCOPE, "init-and-sidecars");
    CpuSet bubble = pod.podCpus().orElseThrow();
    CpuSet setup = container(pod, "setup").cpus().orElseThrow();
    CpuSet proxy = container(pod, "proxy").cpus().orElseThrow();
    CpuSet app = container(pod, "app").cpus().orElseThrow();
    CpuSet logShipper = container(pod, "log-shipper").cpus().orElseThrow();

    assertThat(setup.size() + proxy.size() + app.size()).isGreaterThan(bubble.size());
    assertThat(proxy.intersects(app)).isFalse();
    assertThat(proxy.intersects(logShipper)).isFalse();
    assertThat(logShipper).isEqualTo(bubble.difference(proxy).difference(app));
  }

  @Test
  void podsOfARunNeverShareCpusAndTheNodeSharedPoolHoldsNoBubble() {
    List<CpuSet> bubbles = POD_SCOPE.pods().stream()
        .flatMap(outcome -> outcome.admission().assignment().flatMap(PodAssignment::podCpus).stream())
        .toList();

    for (int i = 0; i < bubbles.size(); i++) {
      assertThat(bubbles.get(i).intersects(POD_SCOPE.nodeSharedPool())).isFalse();
      for (int j = i + 1; j < bubbles.size(); j++) {
        assertThat(bubbles.get(i).intersects(bubbles.get(j))).isFalse();
      }
    }
  }

  @Test
  void containerScopeAlignsTheEligibleContainerAndLeavesTheOthersOnTheNodeSharedPoolWithoutPodCpus() {
    PodAssignment mixed = admitted(CONTAINER_SCOPE, "container-scope-mixed");
    ContainerAssignment database = container(mixed, "database");
    ContainerAssignment backup = container(mixed, "backup-agent");

    assertThat(mixed.podCpus()).isEmpty();
    assertThat(database.exclusive()).isTrue();
    assertThat(database.cpus().orElseThrow().size()).isEqualTo(2);
    assertThat(onOneNumaNode(CONTAINER_SCOPE.machine(), database.cpus().orElseThrow())).isTrue();
    assertThat(database.memory()).singleElement().satisfies(block -> assertThat(block.numaAffinity()).hasSize(1));
    assertThat(backup.cpus()).isEmpty();
    assertThat(backup.isolation()).isEqualTo(ResourceIsolationLevel.HOST);
    assertThat(CONTAINER_SCOPE.nodeSharedPool().intersects(database.cpus().orElseThrow())).isFalse();
  }

  @Test
  void containerScopePodLevelOnlyPodGetsNothingExclusive() {
    PodAssignment podOnly = admitted(CONTAINER_SCOPE, "pod-only");

    assertThat(podOnly.podCpus()).isEmpty();
    assertThat(podOnly.podMemory()).isEmpty();
    assertThat(podOnly.containers()).allSatisfy(container -> {
      assertThat(container.cpus()).isEmpty();
      assertThat(container.exclusive()).isFalse();
      assertThat(container.isolation()).isEqualTo(ResourceIsolationLevel.HOST);
    });
  }

  private static PodOutcome outcome(SimulationRun run, String name) {
    return run.pods().stream().filter(outcome -> outcome.pod().name().equals(name)).findFirst().orElseThrow();
  }

  private static PodAssignment admitted(SimulationRun run, String name) {
    return outcome(run, name).admission().assignment().orElseThrow();
  }

  private static ContainerAssignment container(PodAssignment pod, String name) {
    return pod.containers().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
  }

  private static CpuSet numaNodeCpus(Machine machine, PodAssignment pod) {
    assertThat(pod.numaAffinity()).isPresent();
    assertThat(pod.numaAffinity().get().count()).isEqualTo(1);
    return machine.cpusOfNode(pod.numaAffinity().get().nodes().get(0));
  }

  private static boolean onOneNumaNode(Machine machine, CpuSet cpus) {
    return machine.numaNodeIds().stream().anyMatch(node -> cpus.isSubsetOf(machine.cpusOfNode(node)));
  }
}
