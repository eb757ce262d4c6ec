package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.GI;
import static io.podtopo.domain.node.NodeFixtures.PLRM_OFF;
import static io.podtopo.domain.node.NodeFixtures.cpus;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The quirks of ADR 0008 through admission: the same pod on the same node under both behaviours,
 * what each decides, and the quirks each admission names (only those whose behaviour changes the
 * decision). The restart quirks are pinned in {@link AdmissionDecisionsTest} and {@link RemovalTest}.
 */
class KubeletQuirksTest {

  /**
   * Four NUMA nodes of four 2-way SMT cores (core c: CPUs c and c+16; node n: cores 4n..4n+3), one
   * thread of each node's first core reserved, so every node has 7 free CPUs, one of them the lone
   * sibling of a reserved CPU.
   */
  static NodeResourceManagers fourNodesWithLoneSiblings(Behaviour behaviour) {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < 32; id++) {
      int core = id % 16;
      int node = core / 4;
      cpus.add(Cpu.of(id, core, node, node, node));
    }
    Machine machine = new Machine.Builder().name("four-nodes-smt").cpus(cpus)
        .addNumaNode(NumaNode.of(0, 8 * GI)).addNumaNode(NumaNode.of(1, 8 * GI))
        .addNumaNode(NumaNode.of(2, 8 * GI)).addNumaNode(NumaNode.of(3, 8 * GI))
        .build();
    NodeConfig config = new NodeConfig.Builder()
        .cpuManagerPolicy(CpuManagerPolicy.STATIC)
        .reservedSystemCpus(CpuSet.of(0, 4, 8, 12))
        .putCpuManagerPolicyOption("full-pcpus-only", "true")
        .putCpuManagerPolicyOption("distribute-cpus-across-numa", "true")
        .behaviour(behaviour)
        .build();
    return NodeResourceManagers.create(config, machine);
  }

  static Pod pod(String uid, String cpu, String memory, String... extra) {
    return new Pod.Builder().uid(uid).name(uid).addContainer(gu("c", cpu, memory, extra)).build();
  }

  @Test
  void d16_d21_kubeletV137NeverFinishesSpreading22CpusOverNodesOf7FreeCpusInGroupsOfACore() {
    // Kubelet: 7 free CPUs per node (the lone siblings included); shares of 4 leave 3 per node and a
    // remainder of 6, which two nodes cover in CPUs (3 + 3) but not in whole cores: its loop spins.
    NodeResourceManagers kubelet = fourNodesWithLoneSiblings(Behaviour.KUBELET);

    Admission admission = kubelet.admit(kubelet.initialState(), pod("p", "22", "1Gi"));

    assertThat(admission.admitted()).isFalse();
    assertThat(admission.noAnswer()).contains(KubeletQuirk.NUMA_REMAINDER_LOOP);
    assertThat(admission.reason()).contains(AdmissionFailure.KUBELET_NO_ANSWER);
    assertThat(admission.message()).contains("kubelet v1.37.2 would never finish admitting this pod "
        + "(quirk Q-numa-remainder-loop, D-16)");
    assertThat(admission.state()).isEqualTo(kubelet.initialState());
    // Whole cores alone (6 free per node) or whole remainder groups alone would each give an answer.
    assertThat(admission.quirks()).containsExactly(KubeletQuirk.LONE_SIBLING, KubeletQuirk.NUMA_REMAINDER_LOOP);
  }

  @Test
  void d16_d21_theCorrectedBehaviourGives22CpusOfWholeCores() {
    NodeResourceManagers spec = fourNodesWithLoneSiblings(Behaviour.SPEC);

    Admission admission = spec.admit(spec.initialState(), pod("p", "22", "1Gi"));

    assertThat(admission.admitted()).isTrue();
    CpuSet given = cpus(admission, "c");
    assertThat(given.size()).isEqualTo(22);
    assertThat(spec.cpuPolicy().topology().siblingsOf(given)).isEqualTo(given);
    // Only the lone siblings were reached in this run: switching them alone changes the CPUs given.
    assertThat(admission.quirks()).containsExactly(KubeletQuirk.LONE_SIBLING);
  }

  @Test
  void d21_aQuirkReachedWithoutChangingTheDecisionIsNotNamed() {
    // Lone siblings are free, but 2 CPUs come out of a whole free core under both behaviours.
    NodeResourceManagers kubelet = fourNodesWithLoneSiblings(Behaviour.KUBELET);

    Admission admission = kubelet.admit(kubelet.initialState(), pod("p", "2", "1Gi"));

    assertThat(admission.admitted()).isTrue();
    assertThat(cpus(admission, "c")).isEqualTo(spec2Cpus());
    assertThat(admission.quirks()).isEmpty();
  }

  private static CpuSet spec2Cpus() {
    NodeResourceManagers spec = fourNodesWithLoneSiblings(Behaviour.SPEC);
    return cpus(spec.admit(spec.initialState(), pod("p", "2", "1Gi")), "c");
  }

  /** Two sockets of six 2-way SMT cores, core 0 (CPUs 0 and 12) reserved, full-pcpus-only, container scope. */
  private static NodeResourceManagers fullCoresOnly(Behaviour behaviour) {
    NodeConfig config = new NodeConfig.Builder()
        .cpuManagerPolicy(CpuManagerPolicy.STATIC)
        .reservedSystemCpus(CpuSet.of(0, 12))
        .putCpuManagerPolicyOption("full-pcpus-only", "true")
        .topologyManagerPolicy(TopologyManagerPolicy.BEST_EFFORT)
        .topologyManagerScope(TopologyManagerScope.CONTAINER)
        .behaviour(behaviour)
        .build();
    return NodeResourceManagers.create(config, NodeFixtures.twoSocketsSmt());
  }

  @Test
  void d20_invariant24_aRestoredContainerIsReadmittedUnchangedEvenWhenTooFewWholeCoresAreLeftForItAgain() {
    // kubelet v1.37.0+ allocateForAdd finds the container's entry before enforceSMTAlignment (v1.36 refused it
    // with SMTAlignmentError: kubernetes/kubernetes#129078, fixed by #129079); no quirk is left.
    for (Behaviour behaviour : Behaviour.values()) {
      NodeResourceManagers managers = fullCoresOnly(behaviour);
      NodeState two = managers.admit(managers.admit(managers.initialState(), pod("a", "10", "1Gi")).state(),
          pod("b", "10", "1Gi")).state();
      assertThat(managers.admit(two, pod("c", "4", "1Gi")).reason()).as("too few whole cores are left")
          .contains("SMTAlignmentError");

      Admission again = managers.admit(managers.start(two), pod("a", "10", "1Gi"));

      assertThat(again.admitted()).as(behaviour.name()).isTrue();
      assertThat(again.state().cpu()).isEqualTo(two.cpu());
      assertThat(again.state().topologyHints()).as("only a's, stored again").isEqualTo(Map.of("a",
          two.topologyHints().get("a")));
      assertThat(again.quirks()).isEmpty();
    }
  }

  /** NUMA node 0 without hugepages at all, node 1 with two 1 GiB pages (a machine cadvisor never reports). */
  private static NodeResourceManagers gigPagesOnNodeOneOnly(Behaviour behaviour) {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < 8; id++) {
      cpus.add(Cpu.of(id, id, id / 4, id / 4, id / 4));
    }
    Machine machine = new Machine.Builder().name("pages-on-one-node").cpus(cpus)
        .addNumaNode(NumaNode.of(0, 8 * GI))
        .addNumaNode(new NumaNode.Builder().id(1).memoryBytes(8 * GI).putHugepage(GI, 2L).build())
        .build();
    NodeConfig config = new NodeConfig.Builder()
        .cpuManagerPolicy(CpuManagerPolicy.STATIC)
        .reservedSystemCpus(CpuSet.of(0))
        .memoryManagerPolicy(MemoryManagerPolicy.STATIC)
        .putReservedMemory(0, new TreeMap<>(Map.of("memory", GI)))
        .topologyManagerPolicy(TopologyManagerPolicy.SINGLE_NUMA_NODE)
        .featureGates(PLRM_OFF)
        .behaviour(behaviour)
        .build();
    return NodeResourceManagers.create(config, machine);
  }

  @Test
  void d11_kubeletV137CrashesReadingTheHugepageTableOfANodeThatHasNone() {
    NodeResourceManagers kubelet = gigPagesOnNodeOneOnly(Behaviour.KUBELET);

    Admission admission = kubelet.admit(kubelet.initialState(), pod("p", "1", "1Gi", "hugepages-1Gi", "1Gi"));

    assertThat(admission.noAnswer()).contains(KubeletQuirk.MEMORY_MISSING_TABLE);
    assertThat(admission.message()).contains("kubelet v1.37.2 would crash admitting this pod "
        + "(quirk Q-memory-missing-table, D-11)");
    assertThat(admission.quirks()).containsExactly(KubeletQuirk.MEMORY_MISSING_TABLE);
  }

  @Test
  void d11_theCorrectedBehaviourPlacesThePodOnTheNodeWithThePages() {
    NodeResourceManagers spec = gigPagesOnNodeOneOnly(Behaviour.SPEC);

    Admission admission = spec.admit(spec.initialState(), pod("p", "1", "1Gi", "hugepages-1Gi", "1Gi"));

    assertThat(admission.admitted()).isTrue();
    assertThat(admission.assignment().orElseThrow().numaAffinity().orElseThrow().nodes()).containsExactly(1);
    assertThat(admission.quirks()).containsExactly(KubeletQuirk.MEMORY_MISSING_TABLE);
  }

  /**
   * Four NUMA nodes of 9 CPUs in cores of 3, 2, 2 and 2 threads (2 CPUs per core on average, so
   * groups of 2): choosing 30 reserved CPUs spreads shares of 6 and leaves 3 per node for a remainder
   * of 6, which two nodes cover in CPUs but not in whole groups.
   */
  private static NodeConfig.Builder thirtyReservedOnOddNodes() {
    return new NodeConfig.Builder()
        .cpuManagerPolicy(CpuManagerPolicy.STATIC)
        .reservedCpuCount(30)
        .putCpuManagerPolicyOption("full-pcpus-only", "true")
        .putCpuManagerPolicyOption("distribute-cpus-across-numa", "true");
  }

  private static Machine oddNodes() {
    List<Cpu> cpus = new ArrayList<>();
    int[] threads = {3, 2, 2, 2};
    int id = 0;
    for (int node = 0; node < 4; node++) {
      for (int core = 0; core < 4; core++) {
        for (int thread = 0; thread < threads[core]; thread++) {
          cpus.add(Cpu.of(id++, node * 4 + core, node, node, node));
        }
      }
    }
    return new Machine.Builder().name("odd-nodes").cpus(cpus)
        .addNumaNode(NumaNode.of(0, 8 * GI)).addNumaNode(NumaNode.of(1, 8 * GI))
        .addNumaNode(NumaNode.of(2, 8 * GI)).addNumaNode(NumaNode.of(3, 8 * GI))
        .build();
  }

  @Test
  void d16_kubeletV137NeverFinishesChoosingItsReservedCpusAtStartUpWhichIsAConfigurationError() {
    NodeConfig kubelet = thirtyReservedOnOddNodes().behaviour(Behaviour.KUBELET).build();

    assertThatThrownBy(() -> NodeResourceManagers.create(kubelet, oddNodes()))
        .isInstanceOf(InvalidNodeConfigException.class)
        .hasMessageContaining("kubelet v1.37.2 would never finish choosing the 30 reserved CPUs at start-up "
            + "(quirk Q-numa-remainder-loop, D-16)");
    NodeResourceManagers spec = NodeResourceManagers.create(
        thirtyReservedOnOddNodes().behaviour(Behaviour.SPEC).build(), oddNodes());
    assertThat(spec.cpuPolicy().reservedCpus().size()).isEqualTo(30);
  }

  /** The two-socket GPU server (a GPU on each node) in pod scope under {@code policy}. */
  static NodeResourceManagers gpuServer(TopologyManagerPolicy policy, Behaviour behaviour) {
    return NodeResourceManagers.create(NodeFixtures.config(policy, TopologyManagerScope.POD, NodeFixtures.PLRM_ON)
        .behaviour(behaviour).build(), NodeFixtures.twoSocketsOneGpuEach());
  }

  /** Both GPUs held by two pod-level pods, then a third asking for one. */
  static Admission thirdGpuPod(NodeResourceManagers managers) {
    NodeState state = managers.initialState();
    for (String uid : List.of("first", "second")) {
      Admission admission = managers.admit(state, gpuPod(uid));
      assertThat(admission.admitted()).as(uid).isTrue();
      state = admission.state();
    }
    Admission third = managers.admit(state, gpuPod("third"));
    assertThat(third.admitted()).isFalse();
    assertThat(new NodeState.Builder().from(third.state()).topologyHints(state.topologyHints()).build())
        .as("a rejection leaves the allocations as they were (NA-3)").isEqualTo(state);
    return third;
  }

  static Pod gpuPod(String uid) {
    return NodeFixtures.podLevel(uid, "2", "2Gi")
        .addContainers(gu("inference", "2", "2Gi", NodeFixtures.GPU, "1")).build();
  }

  @Test
  void d41_kubeletV137AdmitsAPodLevelPodShortOfDevicesThroughTheResourceManagersAndItsResourceFitPredicateRefusesIt() {
    Admission third = thirdGpuPod(gpuServer(TopologyManagerPolicy.BEST_EFFORT, Behaviour.KUBELET));

    assertThat(third.reason()).contains("OutOfnvidia.com/gpu");
    assertThat(third.message())
        .contains("Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 2, capacity: 2");
    // The resource managers admitted it, so the pod hint the Topology Manager stored stays.
    assertThat(third.state().topologyHints()).containsKey("third");
    assertThat(third.quirks())
        .containsExactly(KubeletQuirk.DEVICES_AT_CONTAINER_START, KubeletQuirk.STALE_TOPOLOGY_HINTS);
  }

  @Test
  void d41_theCorrectedBehaviourRefusesItWithTheDeviceManagersErrorAtAdmission() {
    Admission third = thirdGpuPod(gpuServer(TopologyManagerPolicy.BEST_EFFORT, Behaviour.SPEC));

    assertThat(third.reason()).contains(AdmissionFailure.UNEXPECTED_ADMISSION_ERROR);
    assertThat(third.message()).contains(DEVICES_UNAVAILABLE);
    assertThat(third.state().topologyHints()).doesNotContainKey("third");
    assertThat(third.quirks())
        .containsExactly(KubeletQuirk.DEVICES_AT_CONTAINER_START, KubeletQuirk.STALE_TOPOLOGY_HINTS);
  }

  private static final String DEVICES_UNAVAILABLE = "Allocate failed due to requested number of devices unavailable"
      + " for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected";

  /**
   * Elsewhere the two behaviours agree and no quirk is named: under restricted and single-numa-node
   * the Topology Manager refuses first (the device hints are unsatisfiable); under none the kubelet
   * allocates container by container ({@code admitPolicyNone}: {@code Allocate}, not
   * {@code AllocatePod}), so the Device Manager refuses at admission.
   */
  @Test
  void d41_underOtherPoliciesBothBehavioursRefuseAlikeAndNoQuirkIsNamed() {
    for (Behaviour behaviour : Behaviour.values()) {
      for (TopologyManagerPolicy policy : List.of(TopologyManagerPolicy.RESTRICTED,
          TopologyManagerPolicy.SINGLE_NUMA_NODE)) {
        Admission third = thirdGpuPod(gpuServer(policy, behaviour));
        assertThat(third.reason()).as(behaviour + " " + policy).contains(AdmissionFailure.TOPOLOGY_AFFINITY_ERROR);
        assertThat(third.quirks()).as(behaviour + " " + policy).isEmpty();
      }
      Admission none = thirdGpuPod(gpuServer(TopologyManagerPolicy.NONE, behaviour));
      assertThat(none.reason()).as(behaviour + " none").contains(AdmissionFailure.UNEXPECTED_ADMISSION_ERROR);
      assertThat(none.message()).as(behaviour + " none").contains(DEVICES_UNAVAILABLE);
      assertThat(none.quirks()).as(behaviour + " none").isEmpty();
    }
  }

  /**
   * The resource-fit predicate counts what the node's other pods use (upstream {@code OtherPods}: every
   * pod bound to the kubelet but the one evaluated), so a pod admitted again is not short of the
   * devices it holds itself; a pod asking for exactly what the others leave fits.
   */
  @Test
  void d41_theResourceFitPredicateCountsTheDevicesOfTheOtherPodsOnly() {
    NodeResourceManagers managers = gpuServer(TopologyManagerPolicy.BEST_EFFORT, Behaviour.KUBELET);
    NodeState both = managers.initialState();
    for (String uid : List.of("first", "second")) {
      both = managers.admit(both, gpuPod(uid)).state();
    }

    ResourceFit fit = fit(managers);
    assertThat(fit.refusal(gpuPod("first"), List.of(gpuPod("second")), both.devices())).isEmpty();
    assertThat(fit.refusal(gpuPod("third"), List.of(gpuPod("first"), gpuPod("second")), both.devices()))
        .map(shortage -> shortage.failure().message()).contains("Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 2, capacity: 2");
  }

  /**
   * After a restart the GPU a pod-level pod holds has turned unhealthy. Kubelet v1.37 admits the pod
   * again without touching its devices (the Device Manager's {@code AllocatePod} does nothing and its
   * running container is not started, so {@code devicesToAllocate} never runs): the pod keeps GPU-0.
   * The corrected behaviour checks the held devices at admission and refuses the pod with the Device
   * Manager's error. (Kubelet v1.37 re-admits the pod's CPUs and memory by its restart quirks too, which
   * are named beside it.)
   */
  @Test
  void d41_aRestoredPodWhoseGpuTurnedUnhealthyKeepsItInKubeletV137AndIsRefusedInTheCorrectedBehaviour() {
    Admission kubelet = readmittedWithGpu0Unhealthy(Behaviour.KUBELET);
    Admission spec = readmittedWithGpu0Unhealthy(Behaviour.SPEC);

    assertThat(kubelet.admitted()).isTrue();
    assertThat(kubelet.quirks()).containsExactly(KubeletQuirk.CPU_RESTART_REALLOCATES,
        KubeletQuirk.MEMORY_RESTART_REAPPLIES, KubeletQuirk.DEVICES_AT_CONTAINER_START);
    assertThat(kubelet.state().devices().containerDevices("first", "inference", NodeFixtures.GPU)).containsExactly("GPU-0");
    assertThat(spec.reason()).contains(AdmissionFailure.UNEXPECTED_ADMISSION_ERROR);
    assertThat(spec.message()).contains("Allocate failed due to previously allocated devices"
        + " are no longer healthy; cannot allocate unhealthy devices nvidia.com/gpu, which is unexpected");
    // Switched alone, Q-cpu-restart-reallocates changes the corrected refusal too: the new bubble taken
    // before the Device Manager's error is not rolled back, so the cleanup leaks the old one.
    assertThat(spec.quirks()).containsExactly(KubeletQuirk.CPU_RESTART_REALLOCATES,
        KubeletQuirk.DEVICES_AT_CONTAINER_START, KubeletQuirk.STALE_TOPOLOGY_HINTS);
  }

  /**
   * Only devices a container already holds go unchecked in kubelet v1.37: a fresh pod whose GPUs are all
   * unhealthy is refused in both behaviours, by the resource-fit predicate (no healthy GPU is
   * allocatable) or by the Device Manager.
   */
  @Test
  void d41_aPodHoldingNoDevicesIsRefusedInBothBehavioursWhenEveryGpuIsUnhealthy() {
    NodeResourceManagers kubelet = managersWithGpu0Unhealthy(Behaviour.KUBELET, false);
    NodeResourceManagers spec = managersWithGpu0Unhealthy(Behaviour.SPEC, false);

    Admission refusedByThePredicate = kubelet.admit(kubelet.initialState(), gpuPod("first"));
    Admission refusedByTheDeviceManager = spec.admit(spec.initialState(), gpuPod("first"));

    assertThat(refusedByThePredicate.reason()).contains("OutOf" + NodeFixtures.GPU);
    assertThat(refusedByThePredicate.message().orElseThrow()).contains("requested: 1, used: 0, capacity: 0");
    assertThat(refusedByTheDeviceManager.reason()).contains(AdmissionFailure.UNEXPECTED_ADMISSION_ERROR);
    assertThat(refusedByTheDeviceManager.message().orElseThrow()).contains("no healthy devices present");
  }

  /**
   * The resource-fit predicate runs whether or not free devices would serve the pod: after a restart
   * GPU-0, which the restored pod holds, is unhealthy and GPU-1 free. Kubelet v1.37 counts GPU-0 as used
   * (the other pods' requests) but not as allocatable (only healthy devices are), so a second pod-level
   * pod asking for one GPU is refused, "requested: 1, used: 1, capacity: 1", though GPU-1 is free (checked
   * against kubelet v1.37.2, vector q-devices-at-container-start-restored-unhealthy-gpu-counted); the
   * corrected behaviour gives it GPU-1.
   */
  @Test
  void d41_aRestoredPodsUnhealthyGpuCountsAsUsedSoKubeletV137RefusesANewPodTheFreeGpuWouldServe() {
    for (Behaviour behaviour : Behaviour.values()) {
      NodeResourceManagers after = managersWithGpu0Unhealthy(behaviour, true);
      NodeState restored = after.admit(after.start(heldGpu0(behaviour)), gpuPod("first")).state();

      Admission second = after.admit(restored, gpuPod("second"));

      if (behaviour == Behaviour.KUBELET) {
        assertThat(second.reason()).contains("OutOf" + NodeFixtures.GPU);
        assertThat(second.message()).contains("Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 1, "
            + "capacity: 1");
        // The refused pod's hints stay stored too (D-43), which the corrected behaviour would drop.
        assertThat(second.quirks()).containsExactly(KubeletQuirk.DEVICES_AT_CONTAINER_START,
            KubeletQuirk.STALE_TOPOLOGY_HINTS);
      } else {
        assertThat(second.admitted()).isTrue();
        assertThat(second.state().devices().containerDevices("second", "inference", NodeFixtures.GPU))
            .containsExactly("GPU-1");
        assertThat(second.quirks()).containsExactly(KubeletQuirk.DEVICES_AT_CONTAINER_START);
      }
    }
  }

  /**
   * A pod that already holds devices is checked against the devices every pod holds when the healthy ones
   * are fewer (upstream {@code UpdatePluginResources}, {@code sanitizeNodeAllocatable}): with both GPUs
   * unhealthy after the restart, the restored pod holding GPU-0 fits (requested 1, used 0, capacity 1) and
   * kubelet v1.37 admits it again with GPU-0 (checked against kubelet v1.37.2, vector
   * q-devices-at-container-start-restored-every-gpu-unhealthy); a fresh pod on that node does not fit.
   */
  @Test
  void d41_aRestoredPodIsCheckedAgainstTheDevicesEveryPodHoldsWhereFewerAreHealthy() {
    NodeResourceManagers after = managersWithGpu0Unhealthy(Behaviour.KUBELET, false);
    NodeState restored = after.start(heldGpu0(Behaviour.KUBELET));

    ResourceFit fit = fit(after);
    assertThat(fit.refusal(gpuPod("first"), List.of(), restored.devices())).isEmpty();
    assertThat(fit.refusal(gpuPod("second"), List.of(gpuPod("first")), restored.devices()))
        .map(shortage -> shortage.failure().message())
        .contains("Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 1, capacity: 0");
    Admission first = after.admit(restored, gpuPod("first"));
    assertThat(first.admitted()).isTrue();
    assertThat(first.state().devices().containerDevices("first", "inference", NodeFixtures.GPU)).containsExactly("GPU-0");
  }

  private static ResourceFit fit(NodeResourceManagers managers) {
    return new ResourceFit(NodeAllocatable.of(managers.machine(), managers.config()), managers.config().featureGates(),
        managers.deviceManager());
  }

  /** The GPU server's state once pod-level pod "first" was admitted: it holds GPU-0. */
  private static NodeState heldGpu0(Behaviour behaviour) {
    NodeResourceManagers before = gpuServer(TopologyManagerPolicy.BEST_EFFORT, behaviour);
    NodeState held = before.admit(before.initialState(), gpuPod("first")).state();
    assertThat(held.devices().containerDevices("first", "inference", NodeFixtures.GPU)).containsExactly("GPU-0");
    return held;
  }

  private static Admission readmittedWithGpu0Unhealthy(Behaviour behaviour) {
    NodeResourceManagers before = gpuServer(TopologyManagerPolicy.BEST_EFFORT, behaviour);
    NodeState held = before.admit(before.initialState(), gpuPod("first")).state();
    assertThat(held.devices().containerDevices("first", "inference", NodeFixtures.GPU)).containsExactly("GPU-0");
    NodeResourceManagers after = managersWithGpu0Unhealthy(behaviour, true);
    return after.admit(after.start(held), gpuPod("first"));
  }

  private static NodeResourceManagers managersWithGpu0Unhealthy(Behaviour behaviour, boolean gpu1Healthy) {
    Machine sick = new Machine.Builder().from(NodeFixtures.twoSocketsNoSmt()).name("gpu-0-unhealthy")
        .addDevices(new Device.Builder().resource(NodeFixtures.GPU).id("GPU-0").numaNode(Optional.of(0)).healthy(false)
            .build(), new Device.Builder().resource(NodeFixtures.GPU).id("GPU-1").numaNode(Optional.of(1))
            .healthy(gpu1Healthy).build())
        .build();
    return NodeResourceManagers.create(NodeFixtures.config(TopologyManagerPolicy.BEST_EFFORT,
        TopologyManagerScope.POD, NodeFixtures.PLRM_ON).behaviour(behaviour).build(), sick);
  }

  /** Two-socket node, no SMT, CPU 0 reserved, pod scope under best-effort. */
  private static NodeResourceManagers podScopeBestEffort(Behaviour behaviour) {
    return NodeFixtures.managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.POD, behaviour);
  }

  /** The KEP's C1 3 + C2 2 + C3 shared pod of budget 5: no CPU left for C3 (EmptyPodSharedPoolError). */
  private static Pod emptySharedPool() {
    return NodeFixtures.podLevel("p", "5", "5Gi").addContainers(gu("c1", "3", "1Gi"), gu("c2", "2", "1Gi"),
        NodeFixtures.shared("c3")).build();
  }

  @Test
  void d43_aPodRefusedAfterItsHintsWereStoredKeepsThemInKubeletV137AndLeavesNoneInTheCorrectedBehaviour() {
    NodeResourceManagers kubelet = podScopeBestEffort(Behaviour.KUBELET);
    NodeResourceManagers spec = podScopeBestEffort(Behaviour.SPEC);

    Admission kept = kubelet.admit(kubelet.initialState(), emptySharedPool());
    Admission none = spec.admit(spec.initialState(), emptySharedPool());

    assertThat(kept.reason()).contains("EmptyPodSharedPoolError");
    assertThat(none.reason()).isEqualTo(kept.reason());
    assertThat(kept.state().topologyHints().get("p")).containsOnlyKeys("c1", "c2", "c3");
    assertThat(new NodeState.Builder().from(kept.state()).topologyHints(TrackedSortedMap.empty()).build())
        .isEqualTo(kubelet.initialState());
    assertThat(none.state()).isEqualTo(spec.initialState());
    assertThat(kept.quirks()).containsExactly(KubeletQuirk.STALE_TOPOLOGY_HINTS);
    assertThat(none.quirks()).containsExactly(KubeletQuirk.STALE_TOPOLOGY_HINTS);
  }

  @Test
  void d43_aRefusalBeforeAnyHintIsStoredIsNotTheQuirk() {
    // Pod scope under restricted: the merge refuses the pod before the scope stores a hint.
    NodeResourceManagers restricted = NodeFixtures.managers(TopologyManagerPolicy.RESTRICTED,
        TopologyManagerScope.POD, Behaviour.KUBELET);
    Admission refused = restricted.admit(restricted.initialState(), emptySharedPool());

    assertThat(refused.reason()).contains("TopologyAffinityError");
    assertThat(refused.state()).isEqualTo(restricted.initialState());
    assertThat(refused.quirks()).isEmpty();
  }

  @Test
  void d43_hintsStoredAgainForAPodRestoredAfterARestartOutliveItsContainersInKubeletV137() {
    for (Behaviour behaviour : Behaviour.values()) {
      NodeResourceManagers managers = NodeFixtures.managers(TopologyManagerPolicy.RESTRICTED,
          TopologyManagerScope.CONTAINER, behaviour);
      Pod pod = new Pod.Builder().uid("p").addContainers(gu("a", "1", "1Gi"), gu("b", "1", "1Gi")).build();
      NodeState running = managers.startContainers(managers.admit(managers.initialState(), pod).state(), pod);
      NodeState restarted = managers.start(running);
      assertThat(restarted.topologyHints()).as("a restart forgets them").isEmpty();
      NodeState readmitted = managers.admit(restarted, pod).state();
      assertThat(readmitted.topologyHints().get("p")).containsOnlyKeys("a", "b");
      assertThat(readmitted.startedContainers()).as("its containers run on: none is started again").isEmpty();

      NodeState aStopped = managers.stopContainer(readmitted, "p", "a");
      NodeState removed = managers.removePod(aStopped, pod);

      if (behaviour == Behaviour.KUBELET) {
        assertThat(aStopped.topologyHints()).isEqualTo(readmitted.topologyHints());
        assertThat(removed.topologyHints()).isEqualTo(readmitted.topologyHints());
      } else {
        assertThat(aStopped.topologyHints().get("p")).containsOnlyKeys("b");
        assertThat(removed.topologyHints()).isEmpty();
      }
      assertThat(new NodeState.Builder().from(removed).topologyHints(TrackedSortedMap.empty()).build()).as(behaviour.name())
          .isEqualTo(managers.initialState());
    }
  }

  @Test
  void d43_na21_aContainerStartedSinceTheManagersStartedLosesItsHintWhenItStopsInBothBehaviours() {
    for (Behaviour behaviour : Behaviour.values()) {
      NodeResourceManagers managers = NodeFixtures.managers(TopologyManagerPolicy.RESTRICTED,
          TopologyManagerScope.CONTAINER, behaviour);
      Pod pod = new Pod.Builder().uid("p").addContainers(gu("a", "1", "1Gi"), gu("b", "1", "1Gi")).build();
      NodeState running = managers.startContainers(managers.admit(managers.initialState(), pod).state(), pod);
      assertThat(running.startedContainers()).isEqualTo(Map.of("p", new java.util.TreeSet<>(List.of("a", "b"))));

      NodeState aStopped = managers.stopContainer(running, "p", "a");

      assertThat(aStopped.topologyHints().get("p")).as(behaviour.name()).containsOnlyKeys("b");
      assertThat(aStopped.startedContainers()).isEqualTo(Map.of("p", new java.util.TreeSet<>(List.of("b"))));
      assertThat(managers.removePod(aStopped, pod)).isEqualTo(managers.initialState());
    }
  }
}
