package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.assertRefusedKeepingOnlyItsStoredHints;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static io.podtopo.domain.node.NodeFixtures.managers;
import static io.podtopo.domain.node.NodeFixtures.podLevel;
import static io.podtopo.domain.node.NodeFixtures.twoSocketsNoSmt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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

  /**
   * Upstream {@code Fits} skips a resource the pod asks none of ({@code podRequest.MilliCPU > 0}, a zero
   * scalar request is skipped): other pods that requested more than the node's allocatable (restored after
   * the reserved CPUs or hugepages grew) refuse only the pods that ask for that resource.
   */
  @Test
  void na22_aResourceThePodAsksNoneOfIsNotWeighedWhereTheOtherPodsOvercommitIt() {
    Pod memoryOnly = new Pod.Builder().uid("late").addContainers(new Container.Builder().name("app")
        .putRequest("memory", Quantity.parse("1Gi")).build()).build();
    List<Pod> cpuOvercommitted = List.of(pod("big", "16", "1Gi"));

    assertThat(node.admit(node.initialState(), memoryOnly, cpuOvercommitted).admitted()).isTrue();
    assertThat(node.admit(node.initialState(), pod("late", "1", "1Gi"), cpuOvercommitted).message())
        .contains("Node didn't have enough resource: cpu, requested: 1000, used: 16000, capacity: 15000");

    List<Pod> hugepagesOvercommitted = List.of(pod("big", "1", "1Gi", "hugepages-1Gi", "9Gi"));
    assertThat(node.admit(node.initialState(), pod("late", "1", "1Gi", "hugepages-1Gi", "0"), hugepagesOvercommitted)
        .admitted()).isTrue();
    assertThat(node.admit(node.initialState(), pod("late", "1", "1Gi", "hugepages-1Gi", "1Gi"), hugepagesOvercommitted)
        .reason()).contains("OutOfhugepages-1Gi");
  }

  /**
   * Upstream {@code resource.PodRequests} takes from {@code spec.resources} only the resources supported at
   * pod level (cpu, memory, hugepages), each in the place of the containers' aggregate; anything else keeps
   * the containers' aggregate.
   */
  @Test
  void na22_onlyCpuMemoryAndHugepagesAreTakenFromThePodLevelRequests() {
    Pod memoryBudget = podLevel("late", "1", "20Gi").addContainers(gu("app", "1", "1Gi")).build();
    Pod hugepagesBudget = podLevel("late", "1", "2Gi", "hugepages-1Gi", "8Gi")
        .addContainers(gu("app", "1", "1Gi", "hugepages-1Gi", "1Gi")).build();
    Pod storageBudget = podLevel("late", "1", "2Gi", "ephemeral-storage", "1Gi")
        .addContainers(gu("app", "1", "1Gi")).build();
    List<Pod> others = List.of(pod("big", "1", "4Gi", "hugepages-1Gi", "1Gi"));

    assertThat(node.admit(node.initialState(), memoryBudget, others).message())
        .contains("Node didn't have enough resource: memory, requested: 21474836480, used: 4294967296, "
            + "capacity: 23622320128");
    assertThat(node.admit(node.initialState(), hugepagesBudget, others).message())
        .contains("Node didn't have enough resource: hugepages-1Gi, requested: 8589934592, used: 1073741824, "
            + "capacity: 8589934592");
    assertThat(node.admit(node.initialState(), storageBudget, others).admitted())
        .as("the node has no ephemeral storage allocatable; the containers ask for none").isTrue();
  }

  /**
   * Upstream {@code IsScalarResourceName}: prefixed native ({@code kubernetes.io/...}) and attachable-volume
   * resources are weighed like extended ones, and a node without them refuses the pod; an unprefixed resource
   * that is none of these is not weighed, and an extended resource no plugin registered is dropped
   * ({@code removeMissingExtendedResources}). Checked against kubelet v1.37.2: the vectors
   * {@code node-scenario/differential/resource-fit-*}.
   */
  @Test
  void na22_prefixedNativeAndAttachableVolumeResourcesAreWeighedAndOthersNot() {
    assertThat(node.admit(node.initialState(), pod("late", "1", "1Gi", "kubernetes.io/foo", "1"), List.of()).message())
        .contains("Node didn't have enough resource: kubernetes.io/foo, requested: 1, used: 0, capacity: 0");
    assertThat(node.admit(node.initialState(), pod("late", "1", "1Gi", "attachable-volumes-aws-ebs", "1"), List.of())
        .reason()).contains("OutOfattachable-volumes-aws-ebs");
    assertThat(node.admit(node.initialState(), pod("late", "1", "1Gi", "foo", "1"), List.of()).admitted()).isTrue();
    assertThat(node.admit(node.initialState(), pod("late", "1", "1Gi", "example.com/foo", "1"), List.of()).admitted())
        .isTrue();
  }

  /** NA-22: each hugepage size is allocatable less what {@code reservedMemory} reserves of it, over every NUMA node. */
  @Test
  void na22_eachHugepageSizeIsAllocatableLessItsReservedMemory() {
    NodeConfig reserving = NodeFixtures.config(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.CONTAINER,
        NodeFixtures.PLRM_ON).putReservedMemory(1, new TreeMap<>(Map.of("memory", GI, "hugepages-1Gi", 3 * GI))).build();

    NodeAllocatable allocatable = NodeAllocatable.of(twoSocketsNoSmt(), reserving);

    assertThat(allocatable.hugepageBytes()).containsExactly(Map.entry("hugepages-1Gi", 5 * GI));
    assertThat(allocatable.memoryBytes()).as("hugepages reserved or not, all their memory is out of memory's").isEqualTo(22 * GI);
  }
}

