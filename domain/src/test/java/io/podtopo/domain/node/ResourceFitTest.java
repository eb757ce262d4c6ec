package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.assertRefusedKeepingOnlyItsStoredHints;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static io.podtopo.domain.node.NodeFixtures.managers;
import static io.podtopo.domain.node.NodeFixtures.podLevel;
import static io.podtopo.domain.node.NodeFixtures.twoSocketsNoSmt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * NA-22: the kubelet's resource-fit predicate after the resource managers' admit handler, as kubelet
 * v1.37.2 runs it (found by {@code podtopo conformance differential}: the kubelet refused pods podtopo
 * admitted once the node's CPUs were all requested).
 */
class ResourceFitTest {

  private static final long GI = 1L << 30;

  private final NodeResourceManagers node = managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.CONTAINER);

  private static Pod pod(String uid, String cpu, String memory, String... extra) {
    return new Pod.Builder().uid(uid).addContainers(gu("app", cpu, memory, extra)).build();
  }

  @Test
  void na22_theNodesAllocatableIsWhatItsNodeStatusReports() {
    // 16 CPUs, CPU 0 reserved; 2 x 16Gi, 1Gi reserved per node; 4 x 1Gi hugepages per node.
    NodeAllocatable allocatable = NodeAllocatable.of(twoSocketsNoSmt(), node.config());

    assertThat(allocatable.cpuMillis()).isEqualTo(15_000);
    assertThat(allocatable.memoryBytes()).as("32Gi less 2Gi reserved, less the 8Gi of hugepages").isEqualTo(22 * GI);
    assertThat(allocatable.hugepageBytes()).containsExactly(Map.entry("hugepages-1Gi", 8 * GI));
    assertThat(allocatable.pods()).isEqualTo(110);
  }

  @Test
  void na22_aPodTheOtherPodsLeaveTooFewCpusForIsRefusedOutOfcpuAndKeepsOnlyItsStoredHint() {
    NodeState before = node.initialState();
    Admission admission = node.admit(before, pod("late", "2", "1Gi"), List.of(pod("big", "14", "1Gi")));

    assertThat(admission.reason()).contains("OutOfcpu");
    assertThat(admission.message())
        .contains("Node didn't have enough resource: cpu, requested: 2000, used: 14000, capacity: 15000");
    assertRefusedKeepingOnlyItsStoredHints(admission, before, "late", "app");
  }

  @Test
  void na22_theSameRequestsFitWhenTheOtherPodsLeaveRoom() {
    Admission admission = node.admit(node.initialState(), pod("late", "1", "1Gi"), List.of(pod("big", "14", "1Gi")));

    assertThat(admission.admitted()).isTrue();
  }

  @Test
  void na22_cpuIsWeighedBeforeMemoryAndMemoryBeforeHugepages() {
    List<Pod> others = List.of(pod("big", "14", "21Gi", "hugepages-1Gi", "8Gi"));

    assertThat(node.admit(node.initialState(), pod("late", "2", "2Gi", "hugepages-1Gi", "1Gi"), others).reason())
        .contains("OutOfcpu");
    assertThat(node.admit(node.initialState(), pod("late", "1", "2Gi", "hugepages-1Gi", "1Gi"), others).reason())
        .contains("OutOfmemory");
    assertThat(node.admit(node.initialState(), pod("late", "1", "1Gi", "hugepages-1Gi", "1Gi"), others).message())
        .contains("Node didn't have enough resource: hugepages-1Gi, requested: 1073741824, used: 8589934592, "
            + "capacity: 8589934592");
  }

  @Test
  void na22_aPodLevelPodIsWeighedByItsPodLevelRequests() {
    Pod budget = podLevel("late", "4", "2Gi").addContainers(gu("app", "1", "1Gi")).build();

    Admission admission = node.admit(node.initialState(), budget, List.of(pod("big", "12", "1Gi")));

    assertThat(admission.message())
        .contains("Node didn't have enough resource: cpu, requested: 4000, used: 12000, capacity: 15000");
  }

  @Test
  void na22_aMachineDescribedWithoutMemoryHasNoMemoryWeighed() {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < 4; id++) {
      cpus.add(Cpu.of(id, id, 0, 0, 0));
    }
    Machine topologyOnly = Machine.ofCpus("topology-only", cpus);
    NodeResourceManagers bare = NodeResourceManagers.create(
        NodeFixtures.config(TopologyManagerPolicy.NONE, TopologyManagerScope.CONTAINER, NodeFixtures.PLRM_ON)
            .memoryManagerPolicy(MemoryManagerPolicy.NONE).reservedMemory(Map.of()).build(), topologyOnly);

    assertThat(NodeAllocatable.of(topologyOnly, bare.config()).memoryKnown()).isFalse();
    assertThat(bare.admit(bare.initialState(), pod("p", "1", "64Gi"), List.of()).admitted()).isTrue();
    assertThat(bare.admit(bare.initialState(), pod("p", "3", "1Gi"), List.of(pod("o", "1", "1Gi"))).reason())
        .contains("OutOfcpu");
  }
}
