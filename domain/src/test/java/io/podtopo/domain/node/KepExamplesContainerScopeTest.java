package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.cpus;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static io.podtopo.domain.node.NodeFixtures.managers;
import static io.podtopo.domain.node.NodeFixtures.podLevel;
import static io.podtopo.domain.node.NodeFixtures.shared;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The KEP's rows for container scope with pod-level resources (PLRM spec §5.3, invariant 32). */
class KepExamplesContainerScopeTest {

  private final NodeResourceManagers node =
      managers(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.CONTAINER);

  @Test
  void spec5_3_eligibleContainerAlignedAloneAndTheOthersOnTheNodeSharedPool() {
    NodeState initial = node.initialState();
    Admission admission = node.admit(initial, podLevel("p", "5", "5Gi")
        .addContainers(gu("c1", "3", "1Gi"), shared("c2"), shared("c3")).build());

    assertThat(admission.admitted()).isTrue();
    assertThat(admission.trace().merges()).hasSize(3);
    assertThat(admission.trace().merges().get(0).bestHint().affinity()).contains(NumaMask.of(0));
    assertThat(admission.trace().merges().get(1).answers())
        .allSatisfy(answer -> assertThat(answer.hints().isNoPreference()).isTrue());
    assertThat(admission.trace().merges().get(2).answers())
        .allSatisfy(answer -> assertThat(answer.hints().isNoPreference()).isTrue());
    assertThat(cpus(admission, "c1")).isEqualTo(CpuSet.of(1, 2, 3));
    assertThat(NodeFixtures.container(admission, "c1").memory()).hasSize(1);
    for (String name : new String[] {"c2", "c3"}) {
      ContainerAssignment container = NodeFixtures.container(admission, name);
      assertThat(container.cpus()).isEmpty();
      assertThat(container.memory()).isEmpty();
      assertThat(container.isolation()).isEqualTo(ResourceIsolationLevel.HOST);
    }
    PodAssignment pod = admission.assignment().orElseThrow();
    assertThat(pod.podCpus()).isEmpty();
    assertThat(pod.podMemory()).isEmpty();
    assertThat(admission.state().cpu().podEntries()).isEmpty();
    assertThat(admission.state().memory().podEntries()).isEmpty();
    assertThat(admission.state().cpu().defaultCpuSet()).isEqualTo(initial.cpu().defaultCpuSet().difference(CpuSet.of(1, 2, 3)));
  }

  @Test
  void na17_theTraceReadsAsOneLinePerContainersMergeThenTheSteps() {
    Admission admission = node.admit(node.initialState(), podLevel("p", "5", "5Gi")
        .addContainers(gu("c1", "3", "1Gi"), shared("c2"), shared("c3")).build());

    List<String> lines = admission.trace().lines();
    assertThat(lines).hasSize(6);
    assertThat(lines.get(0)).startsWith("merge c1 cpu=").endsWith(" -> {0 preferred} admit");
    assertThat(lines.get(1)).startsWith("merge c2 cpu=").endsWith(" admit");
    assertThat(lines.get(2)).startsWith("merge c3 cpu=").endsWith(" admit");
    assertThat(lines.subList(3, 6)).containsExactly(
        "exclusive cpus c1 1-3 from NUMA [0]",
        "node shared pool c2,c3",
        "memory c1 1073741824 memory @ [0]");
    assertThat(admission.trace().steps().get(2)).hasToString("memory c1 1073741824 memory @ [0]");
  }

  @Test
  void na17_aRejectedMergeReadsAsRejected() {
    NodeResourceManagers singleNuma = managers(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.CONTAINER);

    Admission admission = singleNuma.admit(singleNuma.initialState(), podLevel("p", "12", "5Gi")
        .addContainers(gu("c1", "2", "1Gi"), gu("c2", "10", "1Gi")).build());

    assertThat(admission.trace().lines()).hasSize(2);
    assertThat(admission.trace().lines().get(1)).startsWith("merge c2 ").endsWith(" -> {any not preferred} reject");
  }

  @Test
  void spec5_3_noEligibleContainerMeansNoAlignmentAtAll() {
    NodeState initial = node.initialState();
    Admission admission = node.admit(initial, podLevel("p", "5", "5Gi")
        .addContainers(shared("c1"), shared("c2")).build());

    assertThat(admission.admitted()).isTrue();
    assertThat(admission.state().cpu()).isEqualTo(initial.cpu());
    assertThat(admission.state().memory()).isEqualTo(initial.memory());
    assertThat(admission.assignment().orElseThrow().numaAffinity()).contains(NumaMask.of(0, 1));
  }

  @Test
  void d44_rejectionInContainerScopeUsesTheKubeletsPodLevelMessageAndRollsBackEarlierContainers() {
    NodeResourceManagers singleNuma = managers(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.CONTAINER);
    NodeState initial = singleNuma.initialState();

    Admission admission = singleNuma.admit(initial, podLevel("p", "12", "5Gi")
        .addContainers(gu("c1", "2", "1Gi"), gu("c2", "10", "1Gi")).build());

    assertThat(admission.admitted()).isFalse();
    assertThat(admission.reason()).contains("TopologyAffinityError");
    // Spec §5.3 says the legacy message; kubelet v1.37.2 gives the pod-level one (D-44).
    assertThat(admission.message()).contains(
        "Pod Scope pod with pod-level resources failed admission with a container-level topology manager");
    assertThat(admission.trace().merges()).hasSize(2);
    // c1's allocation is rolled back; its stored hint stays in kubelet v1.37 (c2 was refused before any was stored).
    NodeFixtures.assertRefusedKeepingOnlyItsStoredHints(admission, initial, "p", "c1");
  }
}
