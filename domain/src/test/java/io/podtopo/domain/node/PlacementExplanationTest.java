package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.explainRejection;
import static io.podtopo.domain.node.NodeFixtures.admittedState;
import static io.podtopo.domain.node.NodeFixtures.GI;
import static io.podtopo.domain.node.NodeFixtures.GPU;
import static io.podtopo.domain.node.NodeFixtures.config;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static io.podtopo.domain.node.NodeFixtures.managers;
import static io.podtopo.domain.node.NodeFixtures.podLevel;
import static io.podtopo.domain.node.NodeFixtures.shared;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spec §5.4 and issue 24 item 3: why a pod found no room on the NUMA nodes ({@link PlacementExplanation}
 * over {@link NumaDemand}s), as the explanation says it.
 */
class PlacementExplanationTest {

  private final NodeResourceManagers restrictedPodScope =
      managers(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD);

  private static Pod podLevelPod(String uid, String cpu, String memory) {
    return podLevel(uid, cpu, memory).addContainers(shared("c")).build();
  }

  /** Four NUMA nodes of 4 CPUs (node n has CPUs 4n to 4n+3) and 8Gi, one GPU each. */
  private static Machine fourNodesOneGpuEach() {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < 16; id++) {
      cpus.add(Cpu.of(id, id, id / 4, id / 4, id / 4));
    }
    Machine.Builder machine = new Machine.Builder().name("four-nodes-one-gpu-each").cpus(cpus);
    for (int node = 0; node < 4; node++) {
      machine.addNumaNode(NumaNode.of(node, 8 * GI)).addDevice(Device.of(GPU, "GPU-" + node, node));
    }
    return machine.build();
  }

  /** Static CPU Manager (CPU 0 reserved, or {@code reserved}), no Memory Manager, restricted policy. */
  private static NodeResourceManagers cpuAndDevicesOnly(TopologyManagerScope scope, Machine machine, CpuSet reserved) {
    return NodeResourceManagers.create(config(TopologyManagerPolicy.RESTRICTED, scope, NodeFixtures.PLRM_ON)
        .memoryManagerPolicy(MemoryManagerPolicy.NONE).reservedMemory(Map.of()).reservedSystemCpus(reserved)
        .build(), machine);
  }

  // --- what cannot fit at all ------------------------------------------------------------------

  /** CPU 0 is reserved: 15 CPUs are all that pods can get, and they can get them all. */
  @Test
  void spec5_4_aRequestOfExactlyAllTheCpusPodsCanGetIsNotMoreThanTheNodesCanGive() {
    RejectionCause cause = explainRejection(restrictedPodScope, restrictedPodScope.initialState(), podLevelPod("p", "15", "2Gi"));

    assertThat(cause.causes()).containsExactly("cpu needs 2 NUMA nodes, memory needs 1 NUMA node at the fewest: a "
        + "placement on 2 NUMA nodes is wider than the narrowest for memory, and the policy admits only a placement "
        + "that is the narrowest for every resource at once");
  }

  // --- the order of the causes -----------------------------------------------------------------

  /**
   * Single-numa-node, with 5Gi free on each NUMA node: 6Gi fits on no node as things are, while 10 CPUs
   * are free on the two nodes together but wider than the policy admits. What does not fit comes first.
   */
  @Test
  void spec5_4_aResourceThatDoesNotFitOnItsNarrowestNodesIsNamedBeforeOneThatOnlyWantsMoreNodes() {
    NodeResourceManagers singleNode = managers(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD);
    NodeState state = admittedState(singleNode, singleNode.initialState(), podLevelPod("m0", "1", "6Gi"));
    state = admittedState(singleNode, state, podLevelPod("m1", "1", "6Gi"));

    RejectionCause cause = explainRejection(singleNode, state, podLevelPod("p", "10", "6Gi"));

    assertThat(cause.causes()).containsExactly(
        "memory: the pod needs 6Gi on 1 NUMA node (the fewest that can hold it); free by NUMA node: 0-1: 5Gi each",
        "cpu: the pod needs 10 CPUs on 2 NUMA nodes (the fewest that can hold it); free by NUMA node: 0: 6 CPUs, 1: "
            + "7 CPUs",
        "single-numa-node admits only what fits on one NUMA node, and a NUMA node gives pods at most 8 CPUs");
  }

  /** 40Gi is more than both NUMA nodes can give; 10 CPUs only want more nodes than single-numa-node admits. */
  @Test
  void spec5_4_aResourceThatCannotFitAtAllIsNamedFirst() {
    NodeResourceManagers singleNode = managers(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD);

    RejectionCause cause = explainRejection(singleNode, singleNode.initialState(), podLevelPod("p", "10", "40Gi"));

    assertThat(cause.causes()).containsExactly(
        "memory: the pod needs 40Gi, more than all NUMA nodes together can give to pods (22Gi)",
        "cpu: the pod needs 10 CPUs on 2 NUMA nodes (the fewest that can hold it); free by NUMA node: 0: 7 CPUs, 1: "
            + "8 CPUs",
        "single-numa-node admits only what fits on one NUMA node, and a NUMA node gives pods at most 8 CPUs");
  }

  /** Single-numa-node: 10 CPUs and 12Gi each want two NUMA nodes; the policy that admits them is said once. */
  @Test
  void spec5_4_thePolicyAdviceIsSaidOnceHoweverManyResourcesWantSeveralNumaNodes() {
    NodeResourceManagers singleNode = managers(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD);

    RejectionCause cause = explainRejection(singleNode, singleNode.initialState(), podLevelPod("p", "10", "12Gi"));

    assertThat(cause.causes()).containsExactly(
        "cpu: the pod needs 10 CPUs on 2 NUMA nodes (the fewest that can hold it); free by NUMA node: 0: 7 CPUs, 1: "
            + "8 CPUs",
        "single-numa-node admits only what fits on one NUMA node, and a NUMA node gives pods at most 8 CPUs",
        "memory: the pod needs 12Gi on 2 NUMA nodes (the fewest that can hold it); free by NUMA node: 0-1: 11Gi each",
        "single-numa-node admits only what fits on one NUMA node, and a NUMA node gives pods at most 11Gi");
    assertThat(cause.fixes()).containsExactly(
        "ask for 8 CPUs instead of 10 and 11Gi of memory instead of 12Gi in spec.resources (requests and limits)",
        "use the restricted or best-effort policy, which admit a placement on several NUMA nodes");
  }

  // --- where to free ---------------------------------------------------------------------------

  /**
   * Node 1's 8 CPUs are taken; node 0 has 7 free, but CPU 0 is reserved, so node 0 can never give 8:
   * the CPUs to free are node 1's.
   */
  @Test
  void spec5_4_theCpusToFreeAreOnANodeThatCanHoldTheRequestNotOnTheRoomiest() {
    NodeState node1Full = admittedState(restrictedPodScope, restrictedPodScope.initialState(), podLevelPod("x", "8", "1Gi"));

    RejectionCause cause = explainRejection(restrictedPodScope, node1Full, podLevelPod("p", "8", "1Gi"));

    assertThat(cause.causes()).containsExactly("cpu: the pod needs 8 CPUs on 1 NUMA node (the fewest that can hold "
        + "it); free by NUMA node: 0: 7 CPUs, 1: 0 CPUs");
    assertThat(cause.fixes()).containsExactly("ask for 7 CPUs instead of 8 in spec.resources (requests and limits)",
        "free 8 CPUs on NUMA node 1 (0 CPUs of the 8 CPUs are free there)");
  }

  /** Node 0 gives pods at most 7 CPUs, exactly the request: freeing the one taken there is enough. */
  @Test
  void spec5_4_aNodeThatCanHoldExactlyTheRequestIsWhereToFree() {
    NodeState state = admittedState(restrictedPodScope, restrictedPodScope.initialState(), podLevelPod("x", "8", "1Gi"));
    state = admittedState(restrictedPodScope, state, podLevelPod("y", "1", "1Gi"));

    RejectionCause cause = explainRejection(restrictedPodScope, state, podLevelPod("p", "7", "1Gi"));

    assertThat(cause.fixes()).containsExactly("ask for 6 CPUs instead of 7 in spec.resources (requests and limits)",
        "free 1 CPU on NUMA node 0 (6 CPUs of the 7 CPUs are free there)");
  }

  // --- resources that fit on their own nodes ---------------------------------------------------

  /**
   * Container scope: app reuses init's CPU on node 0, so its 6 CPUs must be on nodes with node 0, where
   * 1 is free; nodes 1 and 2 have 8. One resource that fits on its narrowest nodes is no conflict.
   */
  @Test
  void spec5_4_oneResourceThatFitsOnTwoNodesOfItsOwnIsNotCalledAConflict() {
    NodeResourceManagers containerScope = cpuAndDevicesOnly(TopologyManagerScope.CONTAINER, fourNodesOneGpuEach(),
        CpuSet.of(0));
    NodeState state = admittedState(containerScope, containerScope.initialState(),
        new Pod.Builder().uid("l").name("l").addContainer(gu("app", "2", "1Gi")).build());
    Pod pod = new Pod.Builder().uid("p").name("p").addInitContainer(gu("init", "1", "1Gi"))
        .addContainer(gu("app", "6", "1Gi")).build();

    RejectionCause cause = explainRejection(containerScope, state, pod);

    assertThat(cause.causes()).containsExactly("cpu: container app needs 6 CPUs on 2 NUMA nodes (the fewest that can "
        + "hold it); free by NUMA node: 0: 1 CPU, 1-3: 4 CPUs each");
  }

  /**
   * Nodes 2 and 3 have all their CPUs reserved, and a pod holds the GPUs of nodes 0 and 1: 6 CPUs fit on
   * nodes 0 and 1 only, 2 GPUs on nodes 2 and 3 only.
   */
  @Test
  void spec5_4_resourcesThatEachFitOnTwoNodesButNotTheSameTwoAreNamedAsSuch() {
    NodeResourceManagers podScope = cpuAndDevicesOnly(TopologyManagerScope.POD, fourNodesOneGpuEach(),
        CpuSet.of(8, 9, 10, 11, 12, 13, 14, 15));
    NodeState gpus0And1Held = admittedState(podScope, podScope.initialState(),
        new Pod.Builder().uid("l").name("l").addContainer(gu("app", "500m", "1Gi", GPU, "2")).build());

    RejectionCause cause = explainRejection(podScope, gpus0And1Held,
        new Pod.Builder().uid("p").name("p").addContainer(gu("app", "6", "1Gi", GPU, "2")).build());

    assertThat(cause.causes()).containsExactly("each fits on NUMA nodes of its own, but not all on the same ones");
  }

  // --- resources asked none of -----------------------------------------------------------------

  /**
   * Container scope: app reuses both GPUs init held, one per NUMA node, so its one GPU must be on a mask
   * of both nodes. Its 500m of cpu gets no exclusive CPUs and its 0 hugepages are none: neither is named.
   */
  @Test
  void spec5_4_aCpuAmountThatIsNotWholeAndZeroHugepagesAreNotNamedBesideWhatFits() {
    NodeResourceManagers containerScope = NodeResourceManagers.create(config(TopologyManagerPolicy.RESTRICTED,
        TopologyManagerScope.CONTAINER, NodeFixtures.PLRM_ON).build(), NodeFixtures.twoSocketsOneGpuEach());
    Pod pod = new Pod.Builder().uid("p").name("p").addInitContainer(gu("init", "9", "12Gi", GPU, "2"))
        .addContainer(gu("app", "500m", "1Gi", GPU, "1", "hugepages-1Gi", "0")).build();

    RejectionCause cause = explainRejection(containerScope, containerScope.initialState(), pod);

    assertThat(cause.causes()).containsExactly(
        "memory: container app needs 1Gi on 1 NUMA node (the fewest that can hold it); free by NUMA node: 0-1: 11Gi "
            + "each",
        "nvidia.com/gpu: container app needs 1 device on 1 NUMA node (the fewest that can hold it); free by NUMA "
            + "node: 0-1: 1 device each");
  }

  /** As {@link RejectionExplainerTest}'s single resource that fits, with 0 GPUs asked: the GPUs are not named. */
  @Test
  void spec5_4_zeroDevicesAreNotNamedBesideTheOneResourceThatFits() {
    NodeResourceManagers containerScope = cpuAndDevicesOnly(TopologyManagerScope.CONTAINER,
        NodeFixtures.twoSocketsOneGpuEach(), CpuSet.of(0));
    Pod pod = new Pod.Builder().uid("p").name("p").addInitContainer(gu("init", "3", "1Gi"))
        .addContainer(gu("app", "8", "1Gi", GPU, "0")).build();

    RejectionCause cause = explainRejection(containerScope, containerScope.initialState(), pod);

    assertThat(cause.causes()).containsExactly("cpu: container app needs 8 CPUs on 1 NUMA node (the fewest that can "
        + "hold it); free by NUMA node: 0: 7 CPUs, 1: 8 CPUs");
  }
}
