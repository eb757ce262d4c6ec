package io.podtopo.service;

import static io.podtopo.service.ServiceFixtures.MACHINE;
import static io.podtopo.service.ServiceFixtures.bestEffort;
import static io.podtopo.service.ServiceFixtures.guaranteed;
import static io.podtopo.service.ServiceFixtures.hybrid;
import static io.podtopo.service.ServiceFixtures.podScope;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.EventLog;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.node.InvalidNodeStateException;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.out.AdmissionResult;
import io.podtopo.ports.out.AllocationStoreException;
import io.podtopo.ports.out.CpusetWrite;
import io.podtopo.ports.out.CpusetWriteException;
import io.podtopo.ports.out.MetricsRecorder;
import io.podtopo.ports.out.ResourceName;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

/**
 * {@link NodeResourceManagerService} over the fake adapters (here, because the ports module cannot
 * depend on them): save before write, failed saves, the node shared pool's reconcile writes, metrics,
 * and restart idempotence (docs/design.md "The node service's guarantees", PLRM spec §8.3 and §10),
 * which holds in the corrected behaviour ({@code specService}; kubelet v1.37 breaks it, ADR 0008).
 */
class NodeResourceManagerServiceTest {

  private final EventLog events = new EventLog();
  private final InMemoryAllocationStore store = new InMemoryAllocationStore(events);
  private final RecordingCpusetWriter writer = new RecordingCpusetWriter(events);
  private final InMemoryMetricsRecorder metrics = new InMemoryMetricsRecorder();

  /** A recorder keeping each admission's result and duration, in order. */
  private static final class AdmissionTimes implements MetricsRecorder {
    final List<AdmissionResult> results = new ArrayList<>();
    final List<Duration> durations = new ArrayList<>();

    @Override
    public void recordAdmission(AdmissionResult result, Optional<String> reason, Duration duration) {
      results.add(result);
      durations.add(duration);
    }

    @Override
    public void recordAllocations(ResourceName resource, ResourceManagerMetrics increments) {}
  }

  private static long nanosOf(Runnable action) {
    long start = System.nanoTime();
    action.run();
    return System.nanoTime() - start;
  }

  private NodeResourceManagerService service(InMemoryAllocationStore from, RecordingCpusetWriter to) {
    return new NodeResourceManagerService(podScope(), CatalogMachineSource.of(MACHINE), from, to, metrics);
  }

  /** The same node with every kubelet quirk corrected (ADR 0008). */
  private NodeResourceManagerService specService(InMemoryAllocationStore from, RecordingCpusetWriter to) {
    NodeConfig spec = new NodeConfig.Builder().from(podScope()).behaviour(Behaviour.SPEC).build();
    return new NodeResourceManagerService(spec, CatalogMachineSource.of(MACHINE), from, to, metrics);
  }

  @Test
  void theNewStateIsSavedBeforeAnyCgroupIsWritten() {
    NodeResourceManagerService node = service(store, writer);

    Admission admission = node.admit(hybrid("p1", "2"));

    assertThat(admission.admitted()).isTrue();
    assertThat(events.events()).containsExactly("save",
        "write " + writer.current("p1", "app").orElseThrow(),
        "write " + writer.current("p1", "log").orElseThrow());
    assertThat(writer.currentCpus("p1", "app")).contains(cpus(admission, "app"));
    assertThat(writer.currentCpus("p1", "log")).contains(cpus(admission, "log"));
    assertThat(store.load()).contains(node.snapshot());
  }

  @Test
  void aContainerGetsTheNumaNodesOfItsMemoryAsMems() {
    NodeResourceManagerService node = service(store, writer);

    Admission admission = node.admit(hybrid("p1", "2"));

    CpusetWrite app = writer.current("p1", "app").orElseThrow();
    assertThat(app.mems()).isEqualTo(admission.assignment().orElseThrow().numaAffinity().orElseThrow());
    assertThat(app.mems().count()).isEqualTo(1);
  }

  @Test
  void aFailedSaveWritesNoCgroupAndLeavesTheSnapshotUnchanged() {
    NodeResourceManagerService node = service(store, writer);
    node.admit(hybrid("p1", "2"));
    NodeSnapshot before = node.snapshot();
    List<CpusetWrite> writesBefore = writer.writes();
    store.failNextSave();

    assertThatThrownBy(() -> node.admit(guaranteed("g1", "1"))).isInstanceOf(AllocationStoreException.class);

    assertThat(node.snapshot()).isSameAs(before);
    assertThat(writer.writes()).isEqualTo(writesBefore);
    assertThat(store.load()).contains(before);
    assertThat(metrics.counter("admissions{result=\"admitted\"}")).isEqualTo(1);
  }

  @Test
  void nodeSharedPoolContainersAreRewrittenWhenThePoolShrinksAndGrows() {
    NodeResourceManagerService node = service(store, writer);
    node.admit(bestEffort("be"));
    assertThat(writer.currentCpus("be", "main")).contains(MACHINE.cpuSet());

    Admission exclusive = node.admit(guaranteed("g1", "2"));
    CpuSet taken = cpus(exclusive, "app");

    assertThat(writer.currentCpus("be", "main")).contains(MACHINE.cpuSet().difference(taken));
    assertThat(writer.currentCpus("be", "main")).contains(node.snapshot().state().cpu().defaultCpuSet());

    node.removePod("g1");

    assertThat(writer.currentCpus("be", "main")).contains(MACHINE.cpuSet());
    assertThat(writer.writes()).hasSize(4);
  }

  @Test
  void aRemovedContainerIsNeverWrittenAgain() {
    NodeResourceManagerService node = service(store, writer);
    node.admit(bestEffort("be"));
    node.removeContainer("be", "main");
    int writes = writer.writes().size();

    node.admit(guaranteed("g1", "2"));

    assertThat(writer.writes().subList(writes, writer.writes().size()))
        .extracting(CpusetWrite::podUid).containsOnly("g1");
  }

  /** Issue 24 item 12: a released pod's cgroups are removed, after its removal is saved and the writes it needs. */
  @Test
  void issue24_item12_aRemovedPodsCgroupsAreRemovedAfterTheSaveAndTheWrites() {
    NodeResourceManagerService node = service(store, writer);
    node.admit(bestEffort("be"));
    node.admit(guaranteed("g1", "2"));
    int mark = events.events().size();

    node.removePod("g1");

    assertThat(events.events().subList(mark, events.events().size())).containsExactly("save",
        "write " + writer.current("be", "main").orElseThrow(), "remove pod g1");
    assertThat(writer.removedPods()).containsExactly("g1");
    assertThat(writer.current("g1", "app")).isEmpty();
  }

  /** Issue 24 item 12: a pod is released with its last container, not before. */
  @Test
  void issue24_item12_aPodWhoseLastContainerIsRemovedIsReleasedWithItsCgroups() {
    NodeResourceManagerService node = service(store, writer);
    node.admit(hybrid("p1", "2"));

    node.removeContainer("p1", "app");
    assertThat(writer.removedPods()).isEmpty();
    node.removeContainer("p1", "log");

    assertThat(node.snapshot().activePods()).isEmpty();
    assertThat(writer.removedPods()).containsExactly("p1");
  }

  /**
   * Issue 24 item 12: a removal that failed (a cgroup still holding processes) leaves the pod removed
   * and saved, and is tried again with the next change or reconcile, as a failed batch is, until it
   * succeeds; one pod's failure does not keep the others' cgroups.
   */
  @Test
  void issue24_item12_aFailedRemovalIsTriedAgainWithTheNextChangeOrReconcileUntilItSucceeds() {
    NodeResourceManagerService node = service(store, writer);
    node.admit(guaranteed("g1", "1"));
    node.admit(guaranteed("g2", "1"));
    writer.failNextRemovePod("cgroup /kubepods/podg1/podtopo-app: cannot remove it: Device or resource busy");

    assertThatThrownBy(() -> node.removePod("g1")).isInstanceOf(CpusetWriteException.class)
        .hasMessage("cgroup /kubepods/podg1/podtopo-app: cannot remove it: Device or resource busy");
    assertThat(node.snapshot().activePod("g1")).isEmpty();
    assertThat(store.load()).contains(node.snapshot());
    assertThat(writer.removedPods()).isEmpty();

    writer.failNextRemovePod("still busy");
    assertThatThrownBy(() -> node.removePod("g2")).hasMessage("still busy");
    assertThat(writer.removedPods()).containsExactly("g2");

    node.reconcile();
    assertThat(writer.removedPods()).containsExactly("g2", "g1");
    node.reconcile();
    assertThat(writer.removedPods()).containsExactly("g2", "g1");
  }

  /** Issue 24 item 12: a pod admitted again before its cgroups could be removed keeps them. */
  @Test
  void issue24_item12_aPodAdmittedAgainBeforeItsCgroupsWereRemovedKeepsThem() {
    NodeResourceManagerService node = service(store, writer);
    node.admit(guaranteed("g1", "2"));
    writer.failNextRemovePod("busy");
    assertThatThrownBy(() -> node.removePod("g1")).isInstanceOf(CpusetWriteException.class);

    node.admit(guaranteed("g1", "2"));
    node.reconcile();

    assertThat(writer.removedPods()).isEmpty();
    assertThat(writer.current("g1", "app")).isPresent();
  }

  @Test
  void aRejectedPodChangesNothingAndIsCountedWithItsReason() {
    NodeResourceManagerService node = service(store, writer);
    NodeSnapshot before = node.snapshot();

    Admission admission = node.admit(guaranteed("huge", "6"));

    assertThat(admission.admitted()).isFalse();
    assertThat(node.snapshot()).isSameAs(before);
    assertThat(store.saves()).isZero();
    assertThat(writer.writes()).isEmpty();
    assertThat(metrics.counter("admissions{result=\"rejected\",reason=\"" + admission.reason().orElseThrow() + "\"}"))
        .isEqualTo(1);
  }

  @Test
  void aHybridPodCountsOnePodExclusiveAndOnePodSharedAssignmentPerResource() {
    NodeResourceManagerService node = service(store, writer);

    node.admit(hybrid("p1", "2"));
    node.admit(guaranteed("g1", "1"));

    for (String resource : List.of("cpu", "memory")) {
      String name = "resource_name=\"" + resource + "\"";
      assertThat(metrics.counters()).containsAllEntriesOf(Map.of(
          "resource_manager_allocations_total{" + name + ",source=\"pod\"}", 2L,
          "resource_manager_container_assignments{" + name + ",assignment_type=\"pod_exclusive\"}", 1L,
          "resource_manager_container_assignments{" + name + ",assignment_type=\"pod_shared\"}", 1L,
          "resource_manager_allocations_total{" + name + ",source=\"node\"}", 1L,
          "resource_manager_container_assignments{" + name + ",assignment_type=\"node_exclusive\"}", 1L));
    }
  }

  @Test
  void everyAdmissionIsRecordedWithTheTimeItsDecisionTook() {
    AdmissionTimes times = new AdmissionTimes();
    NodeResourceManagerService node =
        new NodeResourceManagerService(podScope(), CatalogMachineSource.of(MACHINE), store, writer, times);

    long admittedWithin = nanosOf(() -> node.admit(hybrid("p1", "2")));
    long rejectedWithin = nanosOf(() -> node.admit(guaranteed("huge", "6")));

    assertThat(times.results).containsExactly(AdmissionResult.ADMITTED, AdmissionResult.REJECTED);
    assertThat(times.durations.get(0)).isPositive().isLessThanOrEqualTo(Duration.ofNanos(admittedWithin));
    assertThat(times.durations.get(1)).isPositive().isLessThanOrEqualTo(Duration.ofNanos(rejectedWithin));
  }

  @Test
  void invariant24_d8_reAdmittingAnAllocatedPodCountsNoAllocationInSpecMode() {
    NodeResourceManagerService node = specService(store, writer);
    Pod pod = hybrid("p1", "2");
    node.admit(pod);
    SortedMap<String, Long> counters = metrics.counters();

    node.admit(pod);

    counters.put("admissions{result=\"admitted\"}", 2L);
    assertThat(metrics.counters()).isEqualTo(counters);
  }

  @Test
  void invariant24_d8_na21_kubeletV137RefusesAnAllocatedPodLevelPodAdmittedAgainWhichThenFailsAndIsDropped() {
    NodeResourceManagerService node = service(store, writer);
    NodeSnapshot empty = node.snapshot();
    Pod pod = hybrid("p1", "2");
    node.admit(pod);
    int saves = store.saves();

    Admission again = node.admit(pod);

    assertThat(again.reason()).contains("TopologyAffinityError");
    assertThat(again.quirks()).contains(KubeletQuirk.CPU_RESTART_REALLOCATES);
    // A pod refused on re-admission is failed: no longer active, the stale-state cleanup drops it.
    assertThat(node.snapshot()).isEqualTo(empty);
    assertThat(store.saves()).isEqualTo(saves + 1);
  }

  @Test
  void invariant24_d8_aServiceRebuiltFromTheStoreReadmitsAnAllocatedPodWithoutChangeAndAllocatesAroundItInSpecMode() {
    Pod p1 = hybrid("p1", "2");
    Pod g1 = guaranteed("g1", "1");
    NodeResourceManagerService first = specService(store, writer);
    Admission original = first.admit(p1);
    first.admit(g1);
    NodeSnapshot saved = store.load().orElseThrow();
    int saves = store.saves();
    RecordingCpusetWriter afterRestart = new RecordingCpusetWriter();

    NodeResourceManagerService restarted = specService(store, afterRestart);
    Admission again = restarted.admit(p1);
    Admission gAgain = restarted.admit(g1);

    assertThat(again.failure()).isEmpty();
    assertThat(gAgain.failure()).isEmpty();
    assertThat(again.assignment()).isEqualTo(original.assignment());
    // Their containers run on: the restarted Topology Manager saw none of them start (D-43).
    assertThat(restarted.snapshot()).isEqualTo(new NodeSnapshot.Builder().from(saved)
        .state(new io.podtopo.domain.node.NodeState.Builder().from(saved.state()).startedContainers(TrackedSortedMap.empty()).build())
        .build());
    assertThat(saved.state().startedContainers()).containsOnlyKeys("p1", "g1");
    // The restart forgot the stored hints (D-43); each re-admission stores its pod's again, nothing else: a
    // change, so the first one writes every running container once, as reconcile() would, and none again.
    assertThat(store.saves()).isEqualTo(saves + 2);
    assertThat(afterRestart.batches()).hasSize(1);
    assertThat(afterRestart.writes()).extracting(write -> write.podUid() + "/" + write.containerName())
        .containsExactly("p1/app", "p1/log", "g1/app");
    assertThat(restarted.reconcile()).isEmpty();

    Admission next = restarted.admit(guaranteed("g2", "2"));

    assertThat(next.admitted()).isTrue();
    CpuSet taken = saved.state().cpu().podCpus("p1").orElseThrow()
        .union(saved.state().cpu().containerCpus("g1", "app").orElseThrow());
    assertThat(cpus(next, "app").intersection(taken)).isEqualTo(CpuSet.empty());
    assertThat(restarted.snapshot().activePods()).extracting(Pod::uid).containsExactly("p1", "g1", "g2");
  }

  @Test
  void aRestartedServiceReconcilesEveryRunningContainerOnceWithItsRestoredCpuset() {
    NodeResourceManagerService first = service(store, writer);
    first.admit(hybrid("p1", "2"));
    first.admit(bestEffort("be"));
    RecordingCpusetWriter afterRestart = new RecordingCpusetWriter();
    NodeResourceManagerService restarted = service(store, afterRestart);

    List<CpusetWrite> reconciled = restarted.reconcile();

    assertThat(reconciled).containsExactly(writer.current("p1", "app").orElseThrow(),
        writer.current("p1", "log").orElseThrow(), writer.current("be", "main").orElseThrow());
    assertThat(afterRestart.writes()).isEqualTo(reconciled);
    assertThat(restarted.reconcile()).isEmpty();
  }

  @Test
  void aFailedCgroupBatchKeepsTheSavedAdmissionAndIsRetriedWholeWithTheNextChange() {
    NodeResourceManagerService node = service(store, writer);
    writer.failNextApply("cgroup of p1/log is busy");

    assertThatThrownBy(() -> node.admit(hybrid("p1", "2"))).isInstanceOf(CpusetWriteException.class);
    assertThat(node.snapshot().activePod("p1")).isPresent();
    assertThat(store.load()).contains(node.snapshot());
    assertThat(writer.current("p1", "app")).isEmpty();

    node.admit(guaranteed("g1", "1"));

    NodeState state = node.snapshot().state();
    assertThat(writer.batches()).hasSize(1);
    assertThat(writer.batches().get(0)).extracting(write -> write.podUid() + "/" + write.containerName())
        .containsExactly("p1/app", "p1/log", "g1/app");
    assertThat(writer.currentCpus("p1", "app")).contains(state.cpu().containerCpus("p1", "app").orElseThrow());
    assertThat(writer.currentCpus("p1", "log")).contains(state.cpu().containerCpus("p1", "log").orElseThrow());
  }

  @Test
  void oneChangeIsAppliedAsOneBatchInPodAndContainerOrder() {
    NodeResourceManagerService node = service(store, writer);
    node.admit(bestEffort("be"));

    node.admit(hybrid("p1", "2"));

    assertThat(writer.batches()).hasSize(2);
    assertThat(writer.batches().get(1)).extracting(write -> write.podUid() + "/" + write.containerName())
        .containsExactly("be/main", "p1/app", "p1/log");
  }

  @Test
  void aSavedStateTheManagersRefuseStopsTheServiceFromStarting() {
    CpuManagerState lostCpus = CpuManagerState.of(CpuSet.of(0, 1), Map.of(), Map.of());
    InMemoryAllocationStore corrupt = InMemoryAllocationStore.holding(
        NodeSnapshot.of(new NodeState.Builder().cpu(lostCpus).build()));

    assertThatThrownBy(() -> service(corrupt, writer)).isInstanceOf(InvalidNodeStateException.class)
        .hasMessageStartingWith("start cpu manager error: ");
  }

  @Test
  void removingAnUnknownPodOrContainerChangesNothing() {
    NodeResourceManagerService node = service(store, writer);
    node.admit(hybrid("p1", "2"));
    NodeSnapshot before = node.snapshot();
    int saves = store.saves();

    assertThat(node.removePod("nobody")).isSameAs(before);
    assertThat(node.removeContainer("nobody", "app")).isSameAs(before);
    assertThat(store.saves()).isEqualTo(saves);
  }

  @Test
  void theViewsReadTheCurrentSnapshot() {
    NodeResourceManagerService node = service(store, writer);
    node.admit(hybrid("p1", "2"));

    assertThat(node.podResources().pods()).extracting(p -> p.name()).containsExactly("p1");
    assertThat(node.podResources().pod("p1", "default").orElseThrow().cpuIds())
        .isEqualTo(node.snapshot().state().cpu().podCpus("p1").orElseThrow());
    assertThat(node.allocatable().cpuIds()).isEqualTo(MACHINE.cpuSet().difference(CpuSet.of(0)));
    assertThat(Set.copyOf(node.snapshot().activePods())).containsExactly(hybrid("p1", "2"));
  }

  private static CpuSet cpus(Admission admission, String container) {
    return admission.assignment().orElseThrow().containers().stream()
        .filter(c -> c.name().equals(container)).findFirst().flatMap(ContainerAssignment::cpus).orElseThrow();
  }

  @Test
  void na20_na21_theAgentsServiceStartsAnAdmittedPodsContainersAndKeepsARemovedContainersEntriesWhileItsPodIsActive() {
    NodeResourceManagerService node = service(store, writer);
    NodeSnapshot empty = node.snapshot();
    Pod pod = new Pod.Builder().uid("w").name("w")
        .addInitContainer(ServiceFixtures.guaranteed("init", "1", "1Gi"))
        .addContainer(ServiceFixtures.guaranteed("app", "1", "1Gi"))
        .addContainer(ServiceFixtures.guaranteed("log", "1", "1Gi"))
        .build();

    Admission admission = node.admit(pod);

    assertThat(admission.admitted()).isTrue();
    NodeState started = node.snapshot().state();
    // NA-20: its containers started, the Memory Manager dropped the standard init container's memory.
    assertThat(started.startedContainers()).containsOnlyKeys("w");
    assertThat(started.memory().containerBlocks("w", "init")).isEmpty();
    assertThat(started.memory().containerBlocks("w", "app")).isPresent();

    NodeSnapshot appGone = node.removeContainer("w", "app");

    // NA-21: app keeps its CPUs and memory while its pod is active; only its stored hint goes.
    assertThat(appGone.state().cpu()).isEqualTo(started.cpu());
    assertThat(appGone.state().memory()).isEqualTo(started.memory());
    assertThat(appGone.state().topologyHint("w", "app")).isEmpty();
    assertThat(appGone.state().topologyHint("w", "log")).isPresent();
    assertThat(appGone.activePods()).extracting(Pod::uid).containsExactly("w");
    assertThat(appGone.runningContainers()).extracting(ref -> ref.containerName()).containsExactly("init", "log");

    NodeSnapshot initGone = node.removeContainer("w", "init");
    assertThat(initGone.activePods()).as("log still runs").hasSize(1);
    NodeSnapshot allGone = node.removeContainer("w", "log");

    // Every init and app container gone: the pod has terminated and the stale-state cleanup drops it.
    assertThat(allGone.activePods()).isEmpty();
    assertThat(allGone).isEqualTo(empty);
  }
}
