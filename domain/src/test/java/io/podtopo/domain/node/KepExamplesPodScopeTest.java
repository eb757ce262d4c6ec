package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.cpus;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static io.podtopo.domain.node.NodeFixtures.managers;
import static io.podtopo.domain.node.NodeFixtures.podLevel;
import static io.podtopo.domain.node.NodeFixtures.shared;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import org.junit.jupiter.api.Test;

/** The KEP's worked rows for pod scope (PLRM spec §5.2): a 5-CPU pod aligned to NUMA node 0. */
class KepExamplesPodScopeTest {

  private final NodeResourceManagers node = managers(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD);

  private Admission admit(Pod pod) {
    return node.admit(node.initialState(), pod);
  }

  @Test
  void spec5_2_allExclusiveContainersGetDisjointSlicesOfTheBubble() {
    Admission admission = admit(podLevel("p", "5", "5Gi")
        .addContainers(gu("c1", "3", "1Gi"), gu("c2", "1", "1Gi"), gu("c3", "1", "1Gi")).build());

    assertThat(admission.admitted()).isTrue();
    PodAssignment pod = admission.assignment().orElseThrow();
    assertThat(pod.podCpus()).contains(CpuSet.range(1, 5));
    assertThat(pod.numaAffinity()).contains(NumaMask.of(0));
    assertThat(cpus(admission, "c1")).isEqualTo(CpuSet.of(1, 2, 3));
    assertThat(cpus(admission, "c2")).isEqualTo(CpuSet.of(4));
    assertThat(cpus(admission, "c3")).isEqualTo(CpuSet.of(5));
    assertThat(pod.containers()).allSatisfy(c -> {
      assertThat(c.exclusive()).isTrue();
      assertThat(c.isolation()).isEqualTo(ResourceIsolationLevel.CONTAINER);
    });
    assertThat(admission.state().cpu().defaultCpuSet()).isEqualTo(CpuSet.of(0).union(CpuSet.range(6, 15)));
  }

  @Test
  void spec5_2_sharedContainersShareTheRemainderOfTheBubble() {
    Admission admission = admit(podLevel("p", "5", "5Gi")
        .addContainers(gu("c1", "3", "1Gi"), shared("c2"), shared("c3")).build());

    assertThat(admission.admitted()).isTrue();
    assertThat(cpus(admission, "c1")).isEqualTo(CpuSet.of(1, 2, 3));
    assertThat(cpus(admission, "c2")).isEqualTo(CpuSet.of(4, 5));
    assertThat(cpus(admission, "c3")).isEqualTo(CpuSet.of(4, 5));
    assertThat(NodeFixtures.container(admission, "c2").isolation()).isEqualTo(ResourceIsolationLevel.POD);
    assertThat(NodeFixtures.container(admission, "c2").exclusive()).isFalse();
  }

  @Test
  void spec5_2_allSharedContainersRunOnTheWholeBubble() {
    Admission admission = admit(podLevel("p", "5", "5Gi")
        .addContainers(shared("c1"), shared("c2"), shared("c3")).build());

    assertThat(admission.admitted()).isTrue();
    for (String name : new String[] {"c1", "c2", "c3"}) {
      assertThat(cpus(admission, name)).isEqualTo(CpuSet.range(1, 5));
    }
  }

  @Test
  void spec5_4_emptyPodSharedPoolUnderBestEffortIsEmptyPodSharedPoolError() {
    NodeResourceManagers bestEffort = managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.POD);
    NodeState state = bestEffort.initialState();

    Admission admission = bestEffort.admit(state, podLevel("p", "5", "5Gi")
        .addContainers(gu("c1", "3", "1Gi"), gu("c2", "2", "1Gi"), shared("c3")).build());

    assertThat(admission.admitted()).isFalse();
    assertThat(admission.reason()).contains("EmptyPodSharedPoolError");
    assertThat(admission.message().orElseThrow()).contains("pod rejected, sum of exclusive container cpu requests equals pod "
        + "budget, leaving no cpus for shared containers");
    NodeFixtures.assertRefusedKeepingOnlyItsStoredHints(admission, state, "p", "c1", "c2", "c3");
  }

  @Test
  void spec5_4_emptyPodSharedPoolUnderRestrictedIsPodLevelTopologyAffinityError() {
    NodeState state = node.initialState();

    Admission admission = node.admit(state, podLevel("p", "5", "5Gi")
        .addContainers(gu("c1", "3", "1Gi"), gu("c2", "2", "1Gi"), shared("c3")).build());

    assertThat(admission.admitted()).isFalse();
    assertThat(admission.reason()).contains("TopologyAffinityError");
    assertThat(admission.message().orElseThrow())
        .contains("Pod Scope pod with pod-level resources failed admission under pod-scope topology manager");
    assertThat(admission.state()).isEqualTo(state);
  }

  @Test
  void spec5_2_traceRecordsTheMergeThenTheBubbleSlicesAndPool() {
    Admission admission = admit(podLevel("p", "5", "5Gi")
        .addContainers(gu("c1", "3", "1Gi"), shared("c2"), shared("c3")).build());

    assertThat(admission.trace().merges()).hasSize(1);
    assertThat(admission.trace().merges().get(0).admit()).isTrue();
    assertThat(admission.trace().steps()).extracting(AllocationStep::description).containsSubsequence(
        "bubble 1-5 from NUMA [0]",
        "slice c1 1-3",
        "pod shared pool c2,c3 4-5");
    assertThat(admission.trace().lines().get(0)).startsWith("merge cpu=");
  }

  @Test
  void invariant7_allExclusiveContainersFillingTheBudgetAreAdmitted() {
    Admission admission = admit(podLevel("p", "5", "5Gi")
        .addContainers(gu("c1", "3", "3Gi"), gu("c2", "2", "2Gi")).build());

    assertThat(admission.admitted()).isTrue();
    assertThat(cpus(admission, "c1").union(cpus(admission, "c2"))).isEqualTo(CpuSet.range(1, 5));
  }

  @Test
  void e10_invariant11_largePodsWithSharedContainersAreAdmittedSideBySideWithDisjointBubbles() {
    NodeState state = node.initialState();
    Admission first = node.admit(state, podLevel("a", "7", "8Gi")
        .addContainers(shared("x"), shared("y"), shared("z")).build());
    Admission second = node.admit(first.state(), podLevel("b", "7", "8Gi")
        .addContainers(shared("x"), shared("y"), shared("z")).build());

    assertThat(second.admitted()).isTrue();
    CpuSet a = first.assignment().orElseThrow().podCpus().orElseThrow();
    CpuSet b = second.assignment().orElseThrow().podCpus().orElseThrow();
    assertThat(a.intersects(b)).isFalse();
    assertThat(second.state().cpu().defaultCpuSet().intersects(a.union(b))).isFalse();
    assertThat(first.assignment().orElseThrow().numaAffinity()).isNotEqualTo(second.assignment().orElseThrow().numaAffinity());
  }
}
