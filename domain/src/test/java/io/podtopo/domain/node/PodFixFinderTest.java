package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.explainRejection;
import static io.podtopo.domain.node.NodeFixtures.admittedState;
import static io.podtopo.domain.node.NodeFixtures.GPU;
import static io.podtopo.domain.node.NodeFixtures.config;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static io.podtopo.domain.node.NodeFixtures.managers;
import static io.podtopo.domain.node.NodeFixtures.podLevel;
import static io.podtopo.domain.node.NodeFixtures.shared;
import static io.podtopo.domain.node.NodeFixtures.sidecar;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.admission.AdmissionCause;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.TopologyHint;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import org.junit.jupiter.api.Test;

/**
 * Issue 24 item 3, fixes that fix: which changes to a rejected pod {@link PodFixFinder} tries, in
 * which order it shows them, and where it stops, as the explanation's fixes say them.
 */
class PodFixFinderTest {

  private static Pod guaranteed(String uid, String cpu, String memory, String... extra) {
    return new Pod.Builder().uid(uid).name(uid).addContainer(gu("app", cpu, memory, extra)).build();
  }

  // --- the order of the fixes ------------------------------------------------------------------

  /** 8 CPUs fit on one NUMA node, 12Gi needs two: either resource can change so that both need the same. */
  @Test
  void issue24_item3_podFixesComeSmallestFirstByRelativeSizeWhicheverResourceTheyChange() {
    NodeResourceManagers restricted = managers(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD);

    RejectionCause cause = explainRejection(restricted, restricted.initialState(),
        podLevel("p", "8", "12Gi").addContainers(shared("c")).build());

    assertThat(cause.fixes()).as("a twelfth less memory before an eighth more CPUs").containsExactly(
        "ask for 11Gi of memory instead of 12Gi in spec.resources (requests and limits)",
        "ask for 9 CPUs instead of 8 in spec.resources (requests and limits)",
        "use the best-effort policy, which admits the wider placement");
  }

  // --- what can change -------------------------------------------------------------------------

  /**
   * Container scope: c1 takes 4 of node 0's 7 CPUs, and c2, whose GPU is on node 0 alone, finds 3 there.
   * A smaller c1 would leave room too, but the fixes change the container the Topology Manager refused.
   */
  @Test
  void issue24_item3_inContainerScopeTheFixesChangeOnlyTheContainerThatDidNotFit() {
    Machine oneGpu = new Machine.Builder().from(NodeFixtures.twoSocketsNoSmt())
        .addDevices(Device.of(GPU, "GPU-0", 0)).build();
    NodeResourceManagers containerScope = NodeResourceManagers.create(config(TopologyManagerPolicy.RESTRICTED,
        TopologyManagerScope.CONTAINER, NodeFixtures.PLRM_ON).build(), oneGpu);
    Pod pod = new Pod.Builder().uid("p").name("p")
        .addContainers(gu("c1", "4", "1Gi"), gu("c2", "4", "1Gi", GPU, "1")).build();

    RejectionCause cause = explainRejection(containerScope, containerScope.initialState(), pod);

    assertThat(cause.fixes()).containsExactly(
        "ask for 3 CPUs instead of 4 in container c2's resources (requests and limits)");
  }

  /**
   * A pod-level pod in pod scope is changed as a whole: its budget and every container, even where the
   * admission's trace names a container (here the shared init container the sidecar leaves no CPU).
   */
  @Test
  void issue24_item3_aPodLevelPodInPodScopeMayChangeEveryContainerWhicheverContainerTheTraceNames() {
    NodeResourceManagers restricted = managers(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD);
    Pod pod = podLevel("p", "4", "6Gi").addInitContainers(sidecar(gu("proxy", "4", "1Gi")), shared("setup"))
        .addContainers(shared("app")).build();
    AdmissionCause refused = restricted.admit(restricted.initialState(), pod).cause().orElseThrow();
    Admission namingSetup = Admission.rejected(restricted.initialState(), refused, new AdmissionTrace.Builder()
        .addMerges(new MergeTrace.Builder().container("setup").bestHint(TopologyHint.any(false)).admit(false).build())
        .build());

    RejectionCause cause = new RejectionExplainer(restricted).explain(pod, namingSetup).orElseThrow();

    assertThat(cause.fixes()).containsExactly("ask for 5 CPUs instead of 4 in spec.resources (requests and limits)",
        "ask for 3 CPUs instead of 4 in container proxy's resources (requests and limits)");
  }

  // --- which amounts are tried -----------------------------------------------------------------

  /**
   * 25 CPUs on a machine of 24 with full-pcpus-only: the amounts just below the request, down from all
   * the machine's CPUs, are tried, so the nearest whole number of free cores is the one suggested.
   */
  @Test
  void issue24_item3_fewerCpusAreTriedDownFromAllTheMachinesCpusSoTheNearestWholeCoresAreSuggested() {
    NodeResourceManagers strict = NodeResourceManagers.create(config(TopologyManagerPolicy.BEST_EFFORT,
        TopologyManagerScope.POD, NodeFixtures.PLRM_ON).reservedSystemCpus(CpuSet.of(0))
        .putCpuManagerPolicyOption("full-pcpus-only", "true").build(), NodeFixtures.twoSocketsSmt());

    RejectionCause cause = explainRejection(strict, strict.initialState(),
        podLevel("p", "25", "2Gi").addContainers(shared("c")).build());

    assertThat(cause.fixes()).as("23 CPUs are free, 22 on whole cores; not the 12 of the roomiest node")
        .containsExactly("ask for 22 CPUs instead of 25 in spec.resources (requests and limits)");
  }

  /**
   * Node 1's CPUs are all taken, so the pod fits only on node 0, which has 2 of the machine's 5 GPUs;
   * node 1 has 3 free. The fix is the GPUs node 0 has, not the 3 the roomiest node has free.
   */
  @Test
  void issue24_item3_fewerDevicesAreTriedOneByOneNotOnlyWhatTheRoomiestNodesHaveFree() {
    Machine twoAndThree = new Machine.Builder().from(NodeFixtures.twoSocketsNoSmt()).addDevices(
        Device.of(GPU, "GPU-0", 0), Device.of(GPU, "GPU-1", 0), Device.of(GPU, "GPU-2", 1),
        Device.of(GPU, "GPU-3", 1), Device.of(GPU, "GPU-4", 1)).build();
    NodeResourceManagers restricted = NodeResourceManagers.create(config(TopologyManagerPolicy.RESTRICTED,
        TopologyManagerScope.CONTAINER, NodeFixtures.PLRM_ON).build(), twoAndThree);
    NodeState node1Full = admittedState(restricted, restricted.initialState(), guaranteed("eight", "8", "1Gi"));

    RejectionCause cause = explainRejection(restricted, node1Full, guaranteed("p", "2", "1Gi", GPU, "4"));

    assertThat(cause.fixes()).containsExactly(
        "ask for 2 nvidia.com/gpu devices instead of 4 in container app's resources (requests and limits)",
        "use the best-effort policy, which admits the wider placement");
  }

  /**
   * 20 GPUs asked of a machine of 4, one of them held: beyond the amounts near the request, what the
   * NUMA nodes have free together is tried, so the fix is the 3 GPUs free, not the 4 the machine has.
   */
  @Test
  void issue24_item3_aDeviceRequestFarBeyondTheMachineIsToldWhatTheNumaNodesHaveFree() {
    Machine fourGpus = new Machine.Builder().from(NodeFixtures.twoSocketsNoSmt()).addDevices(
        Device.of(GPU, "GPU-0", 0), Device.of(GPU, "GPU-1", 0), Device.of(GPU, "GPU-2", 1),
        Device.of(GPU, "GPU-3", 1)).build();
    NodeResourceManagers none = NodeResourceManagers.create(config(TopologyManagerPolicy.NONE,
        TopologyManagerScope.CONTAINER, NodeFixtures.PLRM_ON).build(), fourGpus);
    NodeState oneHeld = admittedState(none, none.initialState(), guaranteed("one", "1", "1Gi", GPU, "1"));

    RejectionCause cause = explainRejection(none, oneHeld, guaranteed("p", "2", "1Gi", GPU, "20"));

    assertThat(cause.fixes()).containsExactly(
        "ask for 3 nvidia.com/gpu devices instead of 20 in container app's resources (requests and limits)",
        "free 17 devices of nvidia.com/gpu on the node");
  }

  /**
   * A device without NUMA affinity is no resource the finder changes, and a CPU request of 100m has no
   * amount below it that is not whole: nothing in the pod is suggested.
   */
  @Test
  void issue24_item3_aCpuRequestOf100mHasNoSmallerAmountToOffer() {
    Machine nicWithoutNuma = new Machine.Builder().from(NodeFixtures.twoSocketsNoSmt())
        .addDevices(Device.of("example.com/nic", "NIC-0", null)).build();
    NodeResourceManagers bestEffort = NodeResourceManagers.create(config(TopologyManagerPolicy.BEST_EFFORT,
        TopologyManagerScope.CONTAINER, NodeFixtures.PLRM_ON).build(), nicWithoutNuma);
    Pod pod = new Pod.Builder().uid("p").name("p").addContainer(new Container.Builder().name("app")
        .putRequest("cpu", Quantity.parse("100m")).putRequest("example.com/nic", Quantity.parse("2"))
        .putLimit("example.com/nic", Quantity.parse("2")).build()).build();

    RejectionCause cause = explainRejection(bestEffort, bestEffort.initialState(), pod);

    assertThat(cause.podFixes()).isEmpty();
    assertThat(cause.fixes()).containsExactly("free 1 device of example.com/nic on the node");
  }

  /** A hugepage size that is no quantity: the node has none of it, and no size of page to step by. */
  @Test
  void issue24_item3_aHugepageSizeThatIsNoQuantityIsRestatedWithoutAPodFix() {
    NodeResourceManagers bestEffort = managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.CONTAINER);
    Pod pod = new Pod.Builder().uid("p").name("p").addContainer(new Container.Builder().name("app")
        .putRequest("hugepages-foo", Quantity.parse("1")).build()).build();

    RejectionCause cause = explainRejection(bestEffort, bestEffort.initialState(), pod);

    assertThat(cause.causes()).containsExactly(
        "Node didn't have enough resource: hugepages-foo, requested: 1, used: 0, capacity: 0");
    assertThat(cause.fixes()).isEmpty();
  }

  // --- combined changes, and the budget of admissions ------------------------------------------

  /**
   * Single-numa-node: 10 CPUs, 12Gi and 2 hugepages of 1Gi each want more than one NUMA node has free
   * (8 CPUs, 10Gi, 1 page): no change of one or two resources fits, three together do.
   */
  @Test
  void issue24_item3_whereNoSingleChangeOrPairFitsThreeChangesTogetherAreSuggested() {
    NodeResourceManagers singleNode = managers(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD);
    NodeState state = singleNode.initialState();
    for (String uid : new String[] {"pages-0", "pages-1"}) {
      state = admittedState(singleNode, state,
          podLevel(uid, "500m", "1Gi", "hugepages-1Gi", "3Gi").addContainers(shared("c")).build());
    }
    Pod pod = podLevel("p", "10", "12Gi", "hugepages-1Gi", "2Gi").addContainers(shared("c")).build();

    RejectionCause cause = explainRejection(singleNode, state, pod);

    assertThat(cause.fixes()).first().isEqualTo("ask for 8 CPUs instead of 10 and 1Gi of hugepages-1Gi instead of 2Gi "
        + "and 10Gi of memory instead of 12Gi in spec.resources (requests and limits)");
    assertThat(singleNode.admit(state, cause.podFixes().get(0).applyTo(pod)).admitted()).isTrue();
  }

  /**
   * Seven containers of 1 CPU ask for ~11.8Gi together on single-numa-node, where a NUMA node has 11Gi:
   * only less memory for the last container fits, and the finder reaches it after every amount of the
   * containers before it has failed. With c4 asking 128Mi that is the 150th admission tried, and it is
   * suggested; with c4 asking 192Mi (one amount more to try below it) it would be the 151st, beyond the
   * finder's budget of 150, and no change to the pod is suggested.
   */
  @Test
  void issue24_item3_aFixNotFoundWithin150AdmissionsIsNotSuggested() {
    NodeResourceManagers singleNode = managers(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD);

    RejectionCause at150 = explainRejection(singleNode, singleNode.initialState(), sevenContainers("128Mi", "8704Mi"));
    RejectionCause at151 = explainRejection(singleNode, singleNode.initialState(), sevenContainers("192Mi", "8640Mi"));

    assertThat(at150.fixes()).containsExactly(
        "ask for 7Gi of memory instead of 8704Mi in container c7's resources (requests and limits)",
        "use the restricted or best-effort policy, which admit a placement on several NUMA nodes");
    assertThat(at151.podFixes()).isEmpty();
    assertThat(at151.fixes()).containsExactly(
        "use the restricted or best-effort policy, which admit a placement on several NUMA nodes");
  }

  /** c1 to c7 of 1 CPU each; together 11Gi and 768Mi of memory. */
  private static Pod sevenContainers(String c4Memory, String c7Memory) {
    return new Pod.Builder().uid("p").name("p").addContainers(gu("c1", "1", "1Gi"), gu("c2", "1", "1Gi"),
        gu("c3", "1", "1Gi"), gu("c4", "1", c4Memory), gu("c5", "1", "64Mi"), gu("c6", "1", "64Mi"),
        gu("c7", "1", c7Memory)).build();
  }
}
