package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.PolicyFixtures.POD_LEVEL_GATES;
import static io.podtopo.domain.cpumanager.PolicyFixtures.exclusive;
import static io.podtopo.domain.cpumanager.PolicyFixtures.podLevelPod;
import static io.podtopo.domain.cpumanager.PolicyFixtures.shared;
import static io.podtopo.domain.cpumanager.PolicyFixtures.sidecar;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.admission.EmptyPodSharedPoolError;
import io.podtopo.domain.admission.SmtAlignmentError;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import io.podtopo.domain.topologymanager.ResourceHints;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The seven reference partitions of PLRM spec 6.2 (upstream {@code TestStaticPolicyAllocatePod}
 * outputs) on topoDualSocketHT with reserved CPU 0 and hint NUMA 0, plus restore and removal of a
 * pod bubble (PLRM spec 6.5). The restore is the corrected behaviour of quirk
 * {@code Q-cpu-restart-reallocates} (decision D-8); kubelet v1.37's is pinned beside it.
 */
class StaticPolicyPodPartitionTest {

  private static final TopologyHint NUMA_0 = TopologyHint.of(NumaMask.of(0), true);

  private final StaticPolicy policy = StaticPolicy.create(UpstreamTopologies.dualSocketHt(), 1, CpuSet.of(0),
      StaticPolicyOptions.defaults(), POD_LEVEL_GATES, "none", QuirkLog.of(Behaviour.KUBELET));
  private final CpuManagerState initial = policy.start(CpuManagerState.empty());

  private CpuManagerState allocated(Pod pod) {
    CpuAllocationResult result = policy.allocatePod(initial, pod, NUMA_0, QuirkLog.of(Behaviour.KUBELET));
    assertThat(result.error()).isEmpty();
    return result.state();
  }

  @Test
  void rule62_budgetTwoOneExclusiveContainerKeepsTheUnusedBudgetOutOfTheDefaultSet() {
    Pod pod = podLevelPod("p", 2).addContainer(exclusive("c1", 1)).build();
    CpuManagerState state = allocated(pod);
    assertThat(state.containerEntries("p")).isEqualTo(Map.of("c1", CpuSet.of(2)));
    assertThat(state.podCpus("p")).contains(CpuSet.of(2, 8));
    assertThat(state.defaultCpuSet()).isEqualTo(CpuSet.parse("0-1,3-7,9-11"));
  }

  @Test
  void rule62_budgetOneWithOnlyASharedContainerGivesItTheWholeBubble() {
    CpuManagerState state = allocated(podLevelPod("p", 1).addContainer(shared("ngu")).build());
    assertThat(state.containerEntries("p")).isEqualTo(Map.of("ngu", CpuSet.of(6)));
  }

  @Test
  void rule62_exclusiveSlicesComeOutOfThePoolAndTheRestIsShared() {
    Pod pod = podLevelPod("p", 3)
        .addContainers(exclusive("gu1", 1), exclusive("gu2", 1), shared("ngu")).build();
    assertThat(allocated(pod).containerEntries("p"))
        .isEqualTo(Map.of("gu1", CpuSet.of(6), "gu2", CpuSet.of(2), "ngu", CpuSet.of(8)));
  }

  @Test
  void rule62_standardInitSlicesAreReusedByAppContainers() {
    Pod pod = podLevelPod("p", 2)
        .addInitContainers(exclusive("init1", 1), exclusive("init2", 1))
        .addContainers(exclusive("app1", 1), exclusive("app2", 1)).build();
    assertThat(allocated(pod).containerEntries("p")).isEqualTo(Map.of(
        "init1", CpuSet.of(2), "init2", CpuSet.of(2), "app1", CpuSet.of(2), "app2", CpuSet.of(8)));
  }

  @Test
  void rule62_sharedStandardInitsRunOnTheBubbleMinusTheSidecarsSoFar() {
    Pod pod = podLevelPod("p", 3)
        .addInitContainers(shared("init1"), sidecar(exclusive("sidecar", 1)), shared("init2"))
        .addContainers(exclusive("app", 1), shared("ngu")).build();
    assertThat(allocated(pod).containerEntries("p")).isEqualTo(Map.of(
        "init1", CpuSet.of(2, 6, 8), "sidecar", CpuSet.of(6), "init2", CpuSet.of(2, 8),
        "app", CpuSet.of(2), "ngu", CpuSet.of(8)));
  }

  @Test
  void rule62_sharedSidecarsGetTheFinalPodSharedPool() {
    Pod pod = podLevelPod("p", 3)
        .addInitContainers(shared("init1"), sidecar(shared("sidecar")), shared("init2"))
        .addContainers(exclusive("app", 1), shared("ngu")).build();
    assertThat(allocated(pod).containerEntries("p")).isEqualTo(Map.of(
        "init1", CpuSet.of(2, 6, 8), "sidecar", CpuSet.of(2, 8), "init2", CpuSet.of(2, 6, 8),
        "app", CpuSet.of(6), "ngu", CpuSet.of(2, 8)));
  }

  @Test
  void rule62_exclusiveSlicesFillingTheBudgetBesideASharedContainerAreRejectedWithStateUntouched() {
    Pod pod = podLevelPod("p", 2)
        .addContainers(exclusive("gu1", 1), exclusive("gu2", 1), shared("ngu")).build();
    CpuAllocationResult result = policy.allocatePod(initial, pod, NUMA_0, QuirkLog.of(Behaviour.KUBELET));
    assertThat(result.error()).containsInstanceOf(EmptyPodSharedPoolError.class);
    assertThat(result.error().get().message()).isEqualTo("pod rejected, sum of exclusive container cpu requests "
        + "equals pod budget, leaving no cpus for shared containers");
    assertThat(result.error().get().reason()).isEqualTo("EmptyPodSharedPoolError");
    assertThat(result.state()).isEqualTo(initial);
    assertThat(result.metrics().podAllocationErrors()).isEqualTo(1);
  }

  @Test
  void rule62_metricsCountEveryWrittenContainerByAssignmentType() {
    Pod pod = podLevelPod("p", 3)
        .addContainers(exclusive("gu1", 1), exclusive("gu2", 1), shared("ngu")).build();
    ResourceManagerMetrics metrics = policy.allocatePod(initial, pod, NUMA_0, QuirkLog.of(Behaviour.KUBELET)).metrics();
    assertThat(metrics.podAllocations()).isEqualTo(3);
    assertThat(metrics.podExclusiveAssignments()).isEqualTo(2);
    assertThat(metrics.podSharedAssignments()).isEqualTo(1);
  }

  @Test
  void rule43_d8_aPodAlreadyCompleteInTheStateIsRestoredUnchangedInSpecMode_qCpuRestartReallocates() {
    Pod pod = podLevelPod("p", 3)
        .addContainers(exclusive("gu1", 1), exclusive("gu2", 1), shared("ngu")).build();
    CpuManagerState once = allocated(pod);
    QuirkLog spec = QuirkLog.of(Behaviour.SPEC);
    CpuAllocationResult again = policy.allocatePod(once, pod, NUMA_0, spec);
    assertThat(again.error()).isEmpty();
    assertThat(again.state()).isEqualTo(once);
    assertThat(again.metrics()).isEqualTo(ResourceManagerMetrics.none());
    assertThat(spec.reachedQuirks()).containsExactly(KubeletQuirk.CPU_RESTART_REALLOCATES);
  }

  @Test
  void rule43_d8_kubeletV137TakesASecondBubbleForAPodAlreadyInTheStateAndLeaksTheFirst_qCpuRestartReallocates() {
    Pod pod = podLevelPod("p", 3)
        .addContainers(exclusive("gu1", 1), exclusive("gu2", 1), shared("ngu")).build();
    CpuManagerState once = allocated(pod);
    CpuSet first = once.podCpus("p").orElseThrow();
    CpuAllocationResult again = policy.allocatePod(once, pod, NUMA_0, QuirkLog.of(Behaviour.KUBELET));
    assertThat(again.error()).isEmpty();
    CpuSet second = again.state().podCpus("p").orElseThrow();
    assertThat(second).isEqualTo(CpuSet.of(1, 4, 10));
    assertThat(second.intersects(first)).isFalse();
    assertThat(again.state().defaultCpuSet()).isEqualTo(once.defaultCpuSet().difference(second));
    assertThat(again.state().defaultCpuSet().intersects(first)).isFalse();
    assertThat(again.state().containerEntries("p"))
        .isEqualTo(Map.of("gu1", CpuSet.of(1), "gu2", CpuSet.of(4), "ngu", CpuSet.of(10)));
    assertThat(again.metrics().podAllocations()).isEqualTo(3);
  }

  @Test
  void rule43_d8_aRestoredPodLevelPodGetsItsHintsFromTheBubbleInSpecMode_qCpuRestartReallocates_upstreamIssue140989() {
    Pod pod = podLevelPod("p", 3)
        .addContainers(exclusive("gu1", 1), exclusive("gu2", 1), shared("ngu")).build();
    CpuManagerState restored = allocated(pod);
    CpuSet bubble = restored.podCpus("p").orElseThrow();
    ResourceHints hints = policy.podHints(restored, pod, QuirkLog.of(Behaviour.SPEC)).orElseThrow();
    assertThat(hints.hints()).isEqualTo(policy.packedHints(bubble, CpuSet.empty(), 3).hints());
    assertThat(hints.hints()).anyMatch(TopologyHint::preferred);
  }

  @Test
  void rule43_d8_kubeletV137GivesARestoredPodWithASharedContainerNoCpuHint_qCpuRestartReallocates() {
    Pod pod = podLevelPod("p", 3)
        .addContainers(exclusive("gu1", 1), exclusive("gu2", 1), shared("ngu")).build();
    CpuManagerState restored = allocated(pod);
    assertThat(policy.podHintList(restored, pod, QuirkLog.of(Behaviour.KUBELET))).contains(List.of());
  }

  @Test
  void rule43_d8_aRestoredBubbleIsRePartitionedForMissingContainersInSpecMode_qCpuRestartReallocates() {
    Pod pod = podLevelPod("p", 3)
        .addContainers(exclusive("gu1", 1), exclusive("gu2", 1), shared("ngu")).build();
    CpuManagerState complete = allocated(pod);
    CpuManagerState partial = complete.withoutContainer("p", "ngu");
    CpuAllocationResult restored = policy.allocatePod(partial, pod, TopologyHint.any(false), QuirkLog.of(Behaviour.SPEC));
    assertThat(restored.state()).isEqualTo(complete);
  }

  @Test
  void d8_aFailedPartitionKeepsTheNewBubbleInKubeletModeAndNothingInSpecMode_qCpuPartialBubble() {
    // No shared container, so validatePodScopeResources lets exclusive slices of 3 CPUs through for
    // a budget of 2 (API validation refuses such a pod; AllocatePod alone does not).
    Pod pod = podLevelPod("p", 2).addContainers(exclusive("gu1", 2), exclusive("gu2", 1)).build();
    QuirkLog kubelet = QuirkLog.of(Behaviour.KUBELET);
    CpuAllocationResult leaked = policy.allocatePod(initial, pod, NUMA_0, kubelet);
    assertThat(leaked.error()).isPresent();
    CpuSet bubble = leaked.state().podCpus("p").orElseThrow();
    assertThat(bubble.size()).isEqualTo(2);
    assertThat(leaked.state().defaultCpuSet()).isEqualTo(initial.defaultCpuSet().difference(bubble));
    assertThat(leaked.state().entries()).isEmpty();
    assertThat(kubelet.reachedQuirks()).containsExactly(KubeletQuirk.CPU_PARTIAL_BUBBLE);

    CpuAllocationResult clean = policy.allocatePod(initial, pod, NUMA_0, QuirkLog.of(Behaviour.SPEC));
    assertThat(clean.error()).isEqualTo(leaked.error());
    assertThat(clean.state()).isEqualTo(initial);
  }

  @Test
  void rule65_theBubbleIsReleasedOnlyWithTheLastContainer() {
    Pod pod = podLevelPod("p", 3)
        .addContainers(exclusive("gu1", 1), exclusive("gu2", 1), shared("ngu")).build();
    CpuManagerState state = allocated(pod);
    CpuManagerState afterOne = policy.removeContainer(state, "p", "gu1");
    assertThat(afterOne.defaultCpuSet()).isEqualTo(state.defaultCpuSet());
    CpuManagerState afterAll = policy.removeContainer(policy.removeContainer(afterOne, "p", "gu2"), "p", "ngu");
    assertThat(afterAll.defaultCpuSet()).isEqualTo(UpstreamTopologies.dualSocketHt().cpus());
    assertThat(afterAll.podCpus("p")).isEmpty();
    assertThat(afterAll.entries()).isEmpty();
  }

  @Test
  void rule61_aFractionalPodBudgetMakesAllocatePodANoOp() {
    Pod pod = new Pod.Builder().from(podLevelPod("p", 1).addContainer(shared("ngu")).build())
        .putPodRequest("cpu", io.podtopo.domain.pod.Quantity.parse("2500m"))
        .putPodLimit("cpu", io.podtopo.domain.pod.Quantity.parse("2500m")).build();
    CpuAllocationResult result = policy.allocatePod(initial, pod, NUMA_0, QuirkLog.of(Behaviour.KUBELET));
    assertThat(result.state()).isEqualTo(initial);
    assertThat(policy.podHintList(initial, pod, QuirkLog.of(Behaviour.KUBELET))).isEmpty();
  }

  @Test
  void rule67_fullPcpusOnlyChecksThePodBudgetOnly() {
    StaticPolicy strict = StaticPolicy.create(UpstreamTopologies.dualSocketHt(), 1, CpuSet.of(0),
        new StaticPolicyOptions.Builder().fullPhysicalCpusOnly(true).build(), POD_LEVEL_GATES, "none", QuirkLog.of(Behaviour.KUBELET));
    Pod odd = podLevelPod("p", 3).addContainer(shared("ngu")).build();
    assertThat(strict.allocatePod(initial, odd, NUMA_0, QuirkLog.of(Behaviour.KUBELET)).error())
        .contains(SmtAlignmentError.notMultipleOfCore(3, 2));
    Pod even = podLevelPod("p", 2).addContainers(exclusive("one", 1), shared("ngu")).build();
    CpuAllocationResult result = strict.allocatePod(initial, even, NUMA_0, QuirkLog.of(Behaviour.KUBELET));
    assertThat(result.error()).isEmpty();
    assertThat(result.state().containerCpus("p", "one").orElseThrow().size()).isEqualTo(1);
  }
}
