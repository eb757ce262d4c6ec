package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.explainRejection;
import static io.podtopo.domain.node.NodeFixtures.config;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static io.podtopo.domain.node.NodeFixtures.managers;
import static io.podtopo.domain.node.NodeFixtures.podLevel;
import static io.podtopo.domain.node.NodeFixtures.shared;
import static io.podtopo.domain.node.NodeFixtures.sidecar;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.admission.AdmissionCause;
import io.podtopo.domain.admission.DevicesUnavailableError;
import io.podtopo.domain.admission.EmptyPodSharedPoolError;
import io.podtopo.domain.admission.InsufficientResourceError;
import io.podtopo.domain.admission.NotEnoughCpusError;
import io.podtopo.domain.admission.PodLevelResourcesValidationError;
import io.podtopo.domain.admission.ReportedFailure;
import io.podtopo.domain.admission.SmtAlignmentError;
import io.podtopo.domain.admission.TopologyAffinityError;
import io.podtopo.domain.admission.UntypedAllocationError;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.TopologyHint;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Issue 10, rejections that explain themselves: every reason of the spec's catalogue (§5.4) gets a
 * cause with its numbers and, where the pod or the node's load can change it, a fix; where the fix
 * is a change to the pod, the changed pod is admitted.
 */
class RejectionExplainerTest {

  private final NodeResourceManagers restrictedPodScope =
      managers(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD);

  /** The KEP's third example: two exclusive workers take the whole budget, the helper has no pool. */
  private static Pod emptySharedPool(String cpu, String memory) {
    return podLevel("empty", cpu, memory)
        .addContainers(gu("worker-a", "2", "2Gi"), gu("worker-b", "2", "2Gi"), shared("helper")).build();
  }

  @Test
  void anAdmittedPodHasNothingToExplain() {
    Pod pod = emptySharedPool("5", "5Gi");
    Admission admission = restrictedPodScope.admit(restrictedPodScope.initialState(), pod);

    assertThat(admission.admitted()).isTrue();
    assertThat(new RejectionExplainer(restrictedPodScope).explain(pod, admission)).isEmpty();
  }

  @Test
  void spec5_4_anEmptyPodSharedPoolAsTopologyAffinityErrorNamesTheBudgetTheSlicesAndTheSharers() {
    RejectionCause cause = explainRejection(restrictedPodScope, restrictedPodScope.initialState(), emptySharedPool("4", "4Gi"));

    assertThat(cause.causes()).containsExactly(
        "cpu: the pod's budget (spec.resources) is 4 CPUs; its exclusive containers take 4 CPUs (worker-a 2 CPUs, "
            + "worker-b 2 CPUs), which leaves nothing for helper on the pod shared pool",
        "memory: the pod's budget (spec.resources) is 4Gi; its exclusive containers take 4Gi (worker-a 2Gi, "
            + "worker-b 2Gi), which leaves nothing for helper on the pod shared pool");
    assertThat(cause.fixes()).containsExactly(
        "ask for 5 CPUs instead of 4 and 5Gi of memory instead of 4Gi in spec.resources (requests and limits)");
    assertThat(cause.podFixes()).singleElement().satisfies(fix -> assertThat(restrictedPodScope
        .admit(restrictedPodScope.initialState(), fix.applyTo(emptySharedPool("4", "4Gi"))).admitted())
        .as("the fix works").isTrue());
  }

  @Test
  void spec5_4_emptyPodSharedPoolErrorOfMemoryAloneNamesMemoryOnly() {
    NodeResourceManagers bestEffort = managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.POD);
    Pod pod = podLevel("p", "5", "4Gi").addContainers(gu("c1", "3", "4Gi"), shared("c2")).build();

    Admission admission = bestEffort.admit(bestEffort.initialState(), pod);
    RejectionCause cause = new RejectionExplainer(bestEffort).explain(pod, admission).orElseThrow();

    assertThat(admission.reason()).contains("EmptyPodSharedPoolError");
    assertThat(cause.causes()).singleElement().asString().startsWith("memory: the pod's budget (spec.resources) is 4Gi;"
        + " its exclusive containers take 4Gi (c1 4Gi), which leaves nothing for c2");
  }

  @Test
  void adr0008_d43_aQuirkThatOnlyLeavesResidueIsNeverTheWhyOfARejection() {
    NodeResourceManagers bestEffort = managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.POD);
    Pod pod = podLevel("p", "5", "4Gi").addContainers(gu("c1", "3", "4Gi"), shared("c2")).build();

    Admission admission = bestEffort.admit(bestEffort.initialState(), pod);
    RejectionCause cause = new RejectionExplainer(bestEffort).explain(pod, admission).orElseThrow();

    assertThat(admission.quirks()).containsExactly(KubeletQuirk.STALE_TOPOLOGY_HINTS);
    assertThat(KubeletQuirk.STALE_TOPOLOGY_HINTS.outcome()).isEqualTo(KubeletQuirk.KubeletOutcome.LEAVES_RESIDUE);
    assertThat(cause.causes()).singleElement().asString().startsWith("memory: the pod's budget");
    assertThat(String.join(" ", cause.causes()) + String.join(" ", cause.fixes())).doesNotContain("Q-stale");
  }

  @Test
  void spec5_4_aSharedInitContainerAfterSidecarsThatTakeTheWholeBudgetIsNamed() {
    Pod pod = podLevel("p", "4", "6Gi")
        .addInitContainers(sidecar(gu("proxy", "4", "1Gi")), shared("setup"))
        .addContainers(shared("app")).build();

    RejectionCause cause = explainRejection(restrictedPodScope, restrictedPodScope.initialState(), pod);

    assertThat(cause.causes()).containsExactly("cpu: init container setup has no cpu of its own and runs on the pod "
        + "shared pool, but the sidecars started before it (proxy 4 CPUs) take the whole budget of 4 CPUs");
    assertThat(cause.fixes()).containsExactly("ask for 5 CPUs instead of 4 in spec.resources (requests and limits)",
        "ask for 3 CPUs instead of 4 in container proxy's resources (requests and limits)");
  }

  @Test
  void spec5_4_aFullNodeSaysWhatIsFreeOnEachNumaNodeAndWhereToFreeHowMuch() {
    NodeState state = restrictedPodScope.initialState();
    state = restrictedPodScope.admit(state, podLevel("a", "6", "2Gi").addContainers(shared("c")).build()).state();
    state = restrictedPodScope.admit(state, podLevel("b", "6", "2Gi").addContainers(shared("c")).build()).state();

    RejectionCause cause = explainRejection(restrictedPodScope, state, podLevel("c", "3", "1Gi").addContainers(shared("c")).build());

    assertThat(cause.causes()).as("issue 24 item 3: memory fits, so it is no cause").containsExactly(
        "cpu: the pod needs 3 CPUs on 1 NUMA node (the fewest that can hold it); free by NUMA node: 0: 1 CPU, 1: 2 CPUs");
    assertThat(cause.fixes()).containsExactly("ask for 2 CPUs instead of 3 in spec.resources (requests and limits)",
        "free 1 CPU on NUMA node 1 (2 CPUs of the 3 CPUs are free there)");
  }

  @Test
  void spec5_4_resourcesThatFitOnDifferentNumaNodesAreNamedWithWhereEachFits() {
    NodeState state = restrictedPodScope.initialState();
    state = restrictedPodScope.admit(state, podLevel("cpus", "7", "1Gi").addContainers(shared("c")).build()).state();
    state = restrictedPodScope.admit(state, podLevel("memory", "1", "10Gi").addContainers(shared("c")).build()).state();

    RejectionCause cause = explainRejection(restrictedPodScope, state, podLevel("both", "1", "2Gi").addContainers(shared("c")).build());

    assertThat(cause.causes()).last().isEqualTo("each fits on one NUMA node, but no NUMA node has room for all of them: "
        + "cpu fits on node 1, memory fits on node 0");
    assertThat(cause.fixes()).containsExactly("ask for 1Gi of memory instead of 2Gi in spec.resources (requests and "
        + "limits)", "free 1 CPU of cpu on NUMA node 0", "free 1Gi of memory on NUMA node 1");
  }

  @Test
  void spec5_4_resourcesWhoseNarrowestWidthsDifferAreNamedWithWhatWouldAlignThem() {
    RejectionCause cause = explainRejection(restrictedPodScope, restrictedPodScope.initialState(),
        podLevel("wide", "10", "2Gi").addContainers(shared("c")).build());

    assertThat(cause.causes()).containsExactly(
        "cpu needs 2 NUMA nodes, memory needs 1 NUMA node at the fewest: a placement on 2 NUMA nodes is wider than "
            + "the narrowest for memory, and the policy admits only a placement that is the narrowest for every "
            + "resource at once");
    assertThat(cause.fixes()).as("issue 24 item 3: no fix many times larger than the smallest").containsExactly(
        "ask for 8 CPUs instead of 10 in spec.resources (requests and limits)",
        "use the best-effort policy, which admits the wider placement");
  }

  @Test
  void spec5_4_singleNumaNodeSaysWhatOneNodeHoldsAtMost() {
    NodeResourceManagers singleNode = managers(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD);

    RejectionCause cause = explainRejection(singleNode, singleNode.initialState(),
        podLevel("wide", "12", "2Gi").addContainers(shared("c")).build());

    assertThat(cause.causes()).contains("single-numa-node admits only what fits on one NUMA node, and a NUMA node "
        + "gives pods at most 8 CPUs");
    assertThat(cause.fixes()).containsExactly("ask for 8 CPUs instead of 12 in spec.resources (requests and limits)",
        "use the restricted or best-effort policy, which admit a placement on several NUMA nodes");
  }

  @Test
  void spec5_4_containerScopeNamesTheContainerThatDidNotFit() {
    NodeResourceManagers containerScope = managers(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.CONTAINER);
    NodeState state = containerScope.initialState();
    state = containerScope.admit(state, guaranteed("a", "6")).state();
    state = containerScope.admit(state, guaranteed("b", "6")).state();

    RejectionCause cause = explainRejection(containerScope, state, guaranteed("c", "3"));

    assertThat(cause.causes()).first().asString()
        .startsWith("cpu: container app needs 3 CPUs on 1 NUMA node (the fewest that can hold it); free by NUMA node:");
  }

  @Test
  void spec5_4_smtAlignmentSaysWhichWholeNumbersOfCoresWouldDo() {
    NodeResourceManagers strict = NodeResourceManagers.create(config(TopologyManagerPolicy.RESTRICTED,
        TopologyManagerScope.POD, NodeFixtures.PLRM_ON).reservedSystemCpus(CpuSet.of(0, 12))
        .putCpuManagerPolicyOption("full-pcpus-only", "true").build(), NodeFixtures.twoSocketsSmt());

    RejectionCause cause = explainRejection(strict, strict.initialState(), podLevel("p", "5", "2Gi").addContainers(shared("c")).build());

    assertThat(cause.causes()).containsExactly("full-pcpus-only hands out whole cores only: 5 CPUs is not a whole number "
        + "of cores of 2 threads");
    assertThat(cause.fixes()).containsExactly("ask for 4 CPUs instead of 5 in spec.resources (requests and limits)",
        "ask for 6 CPUs instead of 5 in spec.resources (requests and limits)");
  }

  @Test
  void spec5_4_smtAlignmentOfLessThanACoreSaysAskForACore() {
    NodeResourceManagers strict = NodeResourceManagers.create(config(TopologyManagerPolicy.RESTRICTED,
        TopologyManagerScope.POD, NodeFixtures.PLRM_ON).reservedSystemCpus(CpuSet.of(0, 12))
        .putCpuManagerPolicyOption("full-pcpus-only", "true").build(), NodeFixtures.twoSocketsSmt());

    RejectionCause cause = explainRejection(strict, strict.initialState(), podLevel("p", "1", "2Gi").addContainers(shared("c")).build());

    assertThat(cause.fixes()).containsExactly("ask for 2 CPUs instead of 1 in spec.resources (requests and limits)");
  }

  /** An SMTAlignmentError in a wording the explainer does not know is restated as it came. */
  @Test
  void spec5_4_anSmtAlignmentErrorOfAnotherWordingIsRestated() {
    Pod pod = podLevel("p", "2", "2Gi").addContainers(shared("c")).build();
    Admission admission = Admission.rejected(restrictedPodScope.initialState(), AdmissionFailure.of("SMTAlignmentError",
        "SMT Alignment Error: something else"), new AdmissionTrace.Builder().build());

    RejectionCause cause = new RejectionExplainer(restrictedPodScope).explain(pod, admission).orElseThrow();

    assertThat(cause.causes()).containsExactly("SMT Alignment Error: something else");
    assertThat(cause.fixes()).isEmpty();
  }

  @Test
  void spec5_4_smtAlignmentWithoutEnoughWholeCoresSaysHowManyToFree() {
    // The catalogue's error (spec 5.4), as the CPU Manager gives it when whole cores run out.
    Pod pod = podLevel("p", "24", "2Gi").addContainers(shared("c")).build();
    Admission admission = Admission.rejected(restrictedPodScope.initialState(),
        SmtAlignmentError.notEnoughPhysicalCpus(24, 2, 22), new AdmissionTrace.Builder().build());
    assertThat(admission.message()).contains("SMT Alignment Error: not enough free physical CPUs: available physical "
        + "CPUs = 22, requested CPUs = 24, CPUs per core = 2");

    RejectionCause cause = new RejectionExplainer(restrictedPodScope).explain(pod, admission).orElseThrow();

    assertThat(cause.causes()).containsExactly("full-pcpus-only needs 12 wholly free cores (24 CPUs); the node has 11 "
        + "(22 CPUs on cores whose every thread is free)");
    assertThat(cause.fixes()).containsExactly("ask for 8 CPUs instead of 24 in spec.resources (requests and limits)",
        "free 1 whole core (2 CPUs)");
  }

  @Test
  void spec5_4_anUntypedCpuErrorSaysHowManyCpusAreMissing() {
    NodeResourceManagers containerScope = managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.CONTAINER);
    Pod pod = podLevel("p", "16", "5Gi").addContainers(gu("c1", "3", "1Gi"), gu("c2", "13", "1Gi")).build();

    RejectionCause cause = explainRejection(containerScope, containerScope.initialState(), pod);

    assertThat(cause.causes()).containsExactly("cpu: the CPU Manager needed 9 CPUs and found 8 CPUs free on the node "
        + "(after the Topology Manager had admitted the pod)");
    assertThat(cause.fixes()).containsExactly("free 1 CPU on the node");
  }

  @Test
  void spec5_4_theMemoryManagersUntypedErrorOnAMachineWithoutMemorySaysSo() {
    Machine noMemory = new Machine.Builder().from(NodeFixtures.twoSocketsNoSmt())
        .numaNodes(List.of(NumaNode.of(0, 0), NumaNode.of(1, 0))).build();
    NodeResourceManagers managers = NodeResourceManagers.create(
        config(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD, NodeFixtures.PLRM_ON).build(), noMemory);

    RejectionCause cause = explainRejection(managers, managers.initialState(), guaranteed("p", "1"));

    assertThat(noMemory.hasNoMemoryInformation()).isTrue();
    assertThat(NodeFixtures.twoSocketsNoSmt().hasNoMemoryInformation()).isFalse();
    assertThat(cause.causes()).containsExactly("the machine has no memory information, so the Static memory policy "
        + "has no memory to place");
    assertThat(cause.fixes()).containsExactly("give the machine its memory, or use memoryManagerPolicy None");
  }

  @Test
  void spec5_4_podLevelValidationSaysWhatToRaise() {
    Pod pod = podLevel("p", "4", "4Gi").addContainers(gu("c1", "3", "1Gi"), gu("c2", "2", "1Gi")).build();

    RejectionCause cause = explainRejection(restrictedPodScope, restrictedPodScope.initialState(), pod);

    assertThat(cause.causes()).containsExactly("the containers together ask for 5 of cpu, more than the pod's budget of 4");
    assertThat(cause.fixes()).containsExactly("raise spec.resources cpu to at least 5, or lower the containers' requests");
  }

  private static Pod guaranteed(String uid, String cpu) {
    Container app = gu("app", cpu, "1Gi");
    return new Pod.Builder().uid(uid).name(uid).addContainer(app).build();
  }

  // --- quirks, and the reasons without a catalogue entry of their own ---------------------------

  @Test
  void adr0008_aRejectionAQuirkDecidedSaysWhatTheKubeletDoesThereAndWhatTheCorrectedBehaviourDoes() {
    NodeResourceManagers kubelet = KubeletQuirksTest.gpuServer(TopologyManagerPolicy.BEST_EFFORT, Behaviour.KUBELET);
    Admission third = KubeletQuirksTest.thirdGpuPod(kubelet);

    RejectionCause cause = new RejectionExplainer(kubelet).explain(KubeletQuirksTest.gpuPod("third"), third)
        .orElseThrow();

    KubeletQuirk quirk = KubeletQuirk.DEVICES_AT_CONTAINER_START;
    assertThat(cause.causes()).containsExactly("Q-devices-at-container-start (D-41): " + quirk.kubeletBehaviour());
    assertThat(cause.fixes()).containsExactly("the corrected behaviour (behaviour spec) decides: "
        + quirk.specBehaviour());
  }

  @Test
  void adr0008_inTheCorrectedBehaviourTheQuirkNamesWhatItDidAndThereIsNoOtherBehaviourToAskFor() {
    NodeResourceManagers spec = KubeletQuirksTest.gpuServer(TopologyManagerPolicy.BEST_EFFORT, Behaviour.SPEC);
    Admission third = KubeletQuirksTest.thirdGpuPod(spec);

    RejectionCause cause = new RejectionExplainer(spec).explain(KubeletQuirksTest.gpuPod("third"), third).orElseThrow();

    assertThat(cause.causes()).containsExactly("Q-devices-at-container-start (D-41): "
        + KubeletQuirk.DEVICES_AT_CONTAINER_START.specBehaviour());
    assertThat(cause.fixes()).isEmpty();
  }

  @Test
  void adr0008_whereTheKubeletGivesNoAnswerTheExplanationSaysWhatItDoesAndWhatTheCorrectedBehaviourDecides() {
    NodeResourceManagers kubelet = KubeletQuirksTest.fourNodesWithLoneSiblings(Behaviour.KUBELET);
    Pod pod = KubeletQuirksTest.pod("p", "22", "1Gi");

    RejectionCause cause = explainRejection(kubelet, kubelet.initialState(), pod);

    KubeletQuirk quirk = KubeletQuirk.NUMA_REMAINDER_LOOP;
    assertThat(cause.causes()).containsExactly("Q-numa-remainder-loop (D-16): " + quirk.kubeletBehaviour());
    assertThat(cause.fixes()).containsExactly("the corrected behaviour (behaviour spec) decides: "
        + quirk.specBehaviour());
  }

  @Test
  void spec5_4_anUntypedDeviceErrorSaysHowManyDevicesAreMissing() {
    NodeResourceManagers none = KubeletQuirksTest.gpuServer(TopologyManagerPolicy.NONE, Behaviour.KUBELET);
    Admission third = KubeletQuirksTest.thirdGpuPod(none);

    RejectionCause cause = new RejectionExplainer(none).explain(KubeletQuirksTest.gpuPod("third"), third).orElseThrow();

    assertThat(cause.causes()).containsExactly("nvidia.com/gpu: the Device Manager needed 1 device and found 0 devices"
        + " free on the node (after the Topology Manager had admitted the pod)");
    assertThat(cause.fixes()).containsExactly("free 1 device of nvidia.com/gpu on the node");
  }

  /** Under topology policy none the Memory Manager decides alone; each NUMA node has 11Gi to give. */
  @Test
  void spec5_4_theMemoryManagersUntypedErrorSaysWhatIsFreeOnEachNumaNodeAndWhereToFreeHowMuch() {
    NodeResourceManagers none = managers(TopologyManagerPolicy.NONE, TopologyManagerScope.CONTAINER);
    Admission first = none.admit(none.initialState(), guaranteed("first", "1", "10Gi"));
    assertThat(first.admitted()).isTrue();

    RejectionCause cause = explainRejection(none, first.state(), guaranteed("p", "1", "20Gi"));

    assertThat(cause.causes()).containsExactly("the Memory Manager could not place the memory once the Topology"
        + " Manager had admitted the pod", "memory: needs 20Gi; free by NUMA node: 0: 1Gi, 1: 11Gi");
    assertThat(cause.fixes()).containsExactly(
        "ask for 11Gi of memory instead of 20Gi in container app's resources (requests and limits)",
        "free 8Gi of memory on NUMA nodes 0, 1");
  }

  @Test
  void spec5_4_aMemoryRequestBeyondTheWholeNodeHasNothingToFree() {
    NodeResourceManagers none = managers(TopologyManagerPolicy.NONE, TopologyManagerScope.CONTAINER);

    RejectionCause cause = explainRejection(none, none.initialState(), guaranteed("p", "1", "40Gi"));

    assertThat(cause.causes()).containsExactly("the Memory Manager could not place the memory once the Topology"
        + " Manager had admitted the pod", "memory: needs 40Gi; free by NUMA node: 0-1: 11Gi each");
    assertThat(cause.fixes()).as("nothing to free: only the pod can change").containsExactly(
        "ask for 22Gi of memory instead of 40Gi in container app's resources (requests and limits)");
  }

  @Test
  void spec5_4_podLevelValidationNamesTheMissingBudgetResource() {
    Pod cpuOnly = new Pod.Builder().uid("p").name("p").putPodRequest("cpu", Quantity.parse("4"))
        .putPodLimit("cpu", Quantity.parse("4")).addContainers(gu("c1", "2", "1Gi")).build();

    RejectionCause cause = explainRejection(restrictedPodScope, restrictedPodScope.initialState(), cpuOnly);

    assertThat(cause.causes()).containsExactly("the pod sets pod-level resources without memory: with pod-level"
        + " resources, spec.resources must give both cpu and memory requests and limits");
    assertThat(cause.fixes()).containsExactly("set spec.resources requests and limits of memory");
  }

  @Test
  void spec5_4_podLevelValidationNamesAResourceTheContainersAskForOutsideTheBudget() {
    Pod pod = podLevel("p", "4", "4Gi").addContainers(gu("c1", "2", "1Gi", "hugepages-2Mi", "4Mi")).build();

    RejectionCause cause = explainRejection(restrictedPodScope, restrictedPodScope.initialState(), pod);

    assertThat(cause.causes()).containsExactly("containers ask for hugepages-2Mi, which the pod's budget"
        + " (spec.resources) does not include");
    assertThat(cause.fixes()).containsExactly("add hugepages-2Mi to spec.resources requests and limits, at least what"
        + " the containers ask for together");
  }

  private static Pod guaranteed(String uid, String cpu, String memory) {
    return new Pod.Builder().uid(uid).name(uid).addContainer(gu("app", cpu, memory)).build();
  }

  // --- what each explanation reads, where mutation testing found it unpinned -------------------

  @Test
  void spec5_4_inContainerScopeAPodLevelPodsTopologyAffinityErrorIsAPlacementNotAnEmptyPool() {
    NodeResourceManagers singleNuma = managers(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.CONTAINER);
    // the exclusive containers take the whole budget, but container scope makes no pod shared pool (invariant 32)
    Pod pod = podLevel("p", "12", "5Gi").addContainers(gu("c1", "2", "1Gi"), gu("c2", "10", "1Gi"), shared("c3")).build();

    RejectionCause cause = explainRejection(singleNuma, singleNuma.initialState(), pod);

    assertThat(cause.causes()).containsExactly(
        "cpu: container c2 needs 10 CPUs on 2 NUMA nodes (the fewest that can hold it); free by NUMA node: 0: 7 CPUs, "
            + "1: 8 CPUs",
        "single-numa-node admits only what fits on one NUMA node, and a NUMA node gives pods at most 8 CPUs");
    assertThat(cause.fixes()).containsExactly(
        "ask for 8 CPUs instead of 10 in container c2's resources (requests and limits)",
        "use the restricted or best-effort policy, which admit a placement on several NUMA nodes");
  }

  @Test
  void spec5_4_aFractionalCpuBudgetHasNoCpuSharedPoolToExplain() {
    NodeResourceManagers bestEffort = managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.POD);
    Pod pod = podLevel("p", "1500m", "4Gi").addContainers(gu("c1", "1", "4Gi"), shared("c2")).build();

    RejectionCause cause = explainRejection(bestEffort, bestEffort.initialState(), pod);

    assertThat(cause.causes()).containsExactly("memory: the pod's budget (spec.resources) is 4Gi; its exclusive "
        + "containers take 4Gi (c1 4Gi), which leaves nothing for c2 on the pod shared pool");
  }

  @Test
  void spec5_4_anExclusiveSidecarIsAmongTheExclusiveContainersThatTakeTheBudget() {
    Pod pod = podLevel("p", "4", "4Gi").addInitContainers(sidecar(gu("proxy", "1", "1Gi")))
        .addContainers(gu("main", "3", "1Gi"), shared("helper")).build();

    RejectionCause cause = explainRejection(restrictedPodScope, restrictedPodScope.initialState(), pod);

    assertThat(cause.causes()).containsExactly("cpu: the pod's budget (spec.resources) is 4 CPUs; its exclusive "
        + "containers take 4 CPUs (proxy 1 CPU, main 3 CPUs), which leaves nothing for helper on the pod shared pool");
  }

  /**
   * The app container must share a NUMA node with the init container's CPUs it reuses, and 8 CPUs fit
   * on no such node: the one resource fits alone elsewhere (node 1 has exactly 8 free), so there is
   * neither a fix for it nor a conflict between resources to name.
   */
  @Test
  void spec5_4_aSingleResourceThatFitsOnItsNarrowestNodesIsNotCalledAConflict() {
    NodeResourceManagers cpuOnly = NodeResourceManagers.create(config(TopologyManagerPolicy.RESTRICTED,
        TopologyManagerScope.CONTAINER, NodeFixtures.PLRM_ON).memoryManagerPolicy(MemoryManagerPolicy.NONE)
        .reservedMemory(Map.of()).build(), NodeFixtures.twoSocketsNoSmt());
    Pod pod = new Pod.Builder().uid("p").name("p").addInitContainer(gu("init", "3", "1Gi"))
        .addContainer(gu("app", "8", "1Gi")).build();

    RejectionCause cause = explainRejection(cpuOnly, cpuOnly.initialState(), pod);

    assertThat(cause.causes()).containsExactly("cpu: container app needs 8 CPUs on 1 NUMA node (the fewest that can "
        + "hold it); free by NUMA node: 0: 7 CPUs, 1: 8 CPUs");
    assertThat(cause.fixes()).as("only changes to the pod, each admitted").containsExactly(
        "ask for 7 CPUs instead of 8 in container app's resources (requests and limits)",
        "ask for 9 CPUs instead of 8 in container app's resources (requests and limits)");
  }

  @Test
  void spec5_4_aResourceThePodAsksNoneOfIsNotNamed() {
    NodeResourceManagers singleNode = managers(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD);
    // a fractional cpu gets no exclusive CPUs; 0 hugepages are no demand
    Pod pod = new Pod.Builder().uid("p").name("p").addContainer(gu("app", "1500m", "12Gi", "hugepages-1Gi", "0")).build();

    RejectionCause cause = explainRejection(singleNode, singleNode.initialState(), pod);

    assertThat(cause.causes()).containsExactly(
        "memory: the pod needs 12Gi on 2 NUMA nodes (the fewest that can hold it); free by NUMA node: 0-1: 11Gi each",
        "single-numa-node admits only what fits on one NUMA node, and a NUMA node gives pods at most 11Gi");
    assertThat(cause.fixes()).containsExactly(
        "ask for 11Gi of memory instead of 12Gi in container app's resources (requests and limits)",
        "use the restricted or best-effort policy, which admit a placement on several NUMA nodes");
  }

  @Test
  void spec5_4_aDevicePluginResourceThePodAsksNoneOfIsNotNamed() {
    NodeResourceManagers gpus = NodeResourceManagers.create(config(TopologyManagerPolicy.SINGLE_NUMA_NODE,
        TopologyManagerScope.POD, NodeFixtures.PLRM_ON).build(), NodeFixtures.twoSocketsOneGpuEach());
    Pod pod = new Pod.Builder().uid("p").name("p").addContainer(gu("app", "10", "1Gi", NodeFixtures.GPU, "0")).build();

    RejectionCause cause = explainRejection(gpus, gpus.initialState(), pod);

    assertThat(cause.causes()).containsExactly(
        "cpu: the pod needs 10 CPUs on 2 NUMA nodes (the fewest that can hold it); free by NUMA node: 0: 7 CPUs, 1: 8 CPUs",
        "single-numa-node admits only what fits on one NUMA node, and a NUMA node gives pods at most 8 CPUs");
  }

  @Test
  void spec5_4_resourcesThatFitExactlyTheFreeRoomOfDifferentNumaNodesAreNamedWithWhereEachFits() {
    NodeState state = restrictedPodScope.initialState();
    state = restrictedPodScope.admit(state, podLevel("cpus", "7", "1Gi").addContainers(shared("c")).build()).state();
    state = restrictedPodScope.admit(state, podLevel("memory", "1", "10Gi").addContainers(shared("c")).build()).state();

    RejectionCause cause = explainRejection(restrictedPodScope, state, podLevel("both", "7", "10Gi").addContainers(shared("c")).build());

    assertThat(cause.causes()).containsExactly(
        "each fits on one NUMA node, but no NUMA node has room for all of them: cpu fits on node 1, memory fits on node 0");
    assertThat(cause.fixes()).as("no whole number of CPUs fits beside the memory, so the pod fix gives up exclusive "
        + "CPUs and says so").containsExactly("ask for 6900m of cpu instead of 7 in spec.resources (requests and "
        + "limits); 6900m of cpu is not a whole number of CPUs, so no CPU is exclusive: the node's shared CPUs run the "
        + "pod", "free 7 CPUs of cpu on NUMA node 0", "free 9Gi of memory on NUMA node 1");
  }

  @Test
  void spec5_4_containerScopeExplainsTheContainerThatDidNotFitByItsOwnRequests() {
    NodeResourceManagers gpus = NodeResourceManagers.create(config(TopologyManagerPolicy.SINGLE_NUMA_NODE,
        TopologyManagerScope.CONTAINER, NodeFixtures.PLRM_ON).build(), NodeFixtures.twoSocketsOneGpuEach());
    Pod pod = new Pod.Builder().uid("p").name("p").addContainers(gu("c1", "2", "1Gi", NodeFixtures.GPU, "1"),
        gu("c2", "10", "2Gi", NodeFixtures.GPU, "1")).build();

    RejectionCause cause = explainRejection(gpus, gpus.initialState(), pod);

    assertThat(cause.causes()).as("issue 24 item 3: what fits is no cause").containsExactly(
        "cpu: container c2 needs 10 CPUs on 2 NUMA nodes (the fewest that can hold it); free by NUMA node: 0: 7 CPUs, "
            + "1: 8 CPUs",
        "single-numa-node admits only what fits on one NUMA node, and a NUMA node gives pods at most 8 CPUs");
  }

  @Test
  void spec5_4_anUntypedDeviceErrorSaysHowManyMoreDevicesToFree() {
    NodeResourceManagers none = KubeletQuirksTest.gpuServer(TopologyManagerPolicy.NONE, Behaviour.KUBELET);
    NodeState oneHeld = none.admit(none.initialState(), KubeletQuirksTest.gpuPod("first")).state();
    Pod two = podLevel("two", "2", "2Gi").addContainers(gu("inference", "2", "2Gi", NodeFixtures.GPU, "2")).build();

    RejectionCause cause = explainRejection(none, oneHeld, two);

    assertThat(cause.causes()).containsExactly("nvidia.com/gpu: the Device Manager needed 2 devices and found 1 device"
        + " free on the node (after the Topology Manager had admitted the pod)");
    assertThat(cause.fixes()).containsExactly(
        "ask for 1 nvidia.com/gpu device instead of 2 in container inference's resources (requests and limits)",
        "free 1 device of nvidia.com/gpu on the node");
  }

  /** Under best-effort the Topology Manager admits the second container; the Memory Manager cannot place its memory. */
  @Test
  void spec5_4_theMemoryManagersUntypedErrorInContainerScopeNamesTheContainersOwnMemory() {
    NodeResourceManagers bestEffort = managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.CONTAINER);
    Pod pod = new Pod.Builder().uid("p").name("p").addContainers(gu("c1", "1", "1Gi"), gu("c2", "1", "30Gi")).build();

    RejectionCause cause = explainRejection(bestEffort, bestEffort.initialState(), pod);

    assertThat(cause.causes()).containsExactly("the Memory Manager could not place the memory once the Topology"
        + " Manager had admitted the pod", "memory: needs 30Gi; free by NUMA node: 0-1: 11Gi each");
  }

  @Test
  void spec5_4_thePlacementExplainedIsTheLastMergeThatFailed() {
    NodeResourceManagers containerScope = managers(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.CONTAINER);
    Pod pod = new Pod.Builder().uid("p").name("p").addContainers(gu("a", "10", "1Gi"), gu("b", "3", "1Gi")).build();
    TopologyAffinityError failure = TopologyAffinityError.of(AdmissionFailure.TOPOLOGY_AFFINITY_MESSAGE);

    RejectionCause bothFailed = new RejectionExplainer(containerScope).explain(pod, Admission.rejected(
        containerScope.initialState(), failure, new AdmissionTrace.Builder().addMerges(merge("a", false), merge("b", false))
            .build())).orElseThrow();
    RejectionCause noneFailed = new RejectionExplainer(containerScope).explain(pod, Admission.rejected(
        containerScope.initialState(), failure, new AdmissionTrace.Builder().addMerges(merge("a", true)).build()))
        .orElseThrow();

    assertThat(bothFailed.causes()).first().asString().startsWith("cpu: container b needs 3 CPUs on 1 NUMA node");
    assertThat(noneFailed.causes()).containsExactly(AdmissionFailure.TOPOLOGY_AFFINITY_MESSAGE);
    assertThat(noneFailed.fixes()).containsExactly(
        "ask for 8 CPUs instead of 10 in container a's resources (requests and limits)");
  }

  private static MergeTrace merge(String container, boolean admit) {
    return new MergeTrace.Builder().container(container).bestHint(TopologyHint.any(false)).admit(admit).build();
  }

  @Test
  void spec5_4_aRejectionWithNothingTheExplainerCanReadIsRestatedAsItCame() {
    Pod legacy = guaranteed("p", "2");
    for (AdmissionCause failure : List.of(
        EmptyPodSharedPoolError.of("pod rejected, something else"),
        TopologyAffinityError.of(AdmissionFailure.TOPOLOGY_AFFINITY_MESSAGE),
        UntypedAllocationError.of("something else"),
        ReportedFailure.of(AdmissionFailure.of("PodLevelResourcesValidationError", "pod rejected, something else")))) {
      Admission admission = Admission.rejected(restrictedPodScope.initialState(), failure,
          new AdmissionTrace.Builder().build());

      RejectionCause cause = new RejectionExplainer(restrictedPodScope).explain(legacy, admission).orElseThrow();

      assertThat(cause.causes()).as(failure.reason()).containsExactly(failure.message());
      assertThat(cause.fixes()).as(failure.reason()).isEmpty();
    }
  }

  /**
   * Issue 26 item 1: an explanation reads the typed cause, never the text. A rejection known only by its
   * reason and message (an implementation's answer read back) is restated, even in the very words the
   * domain gives a cause it explains.
   */
  @Test
  void issue26_item1_aRejectionKnownOnlyByItsReasonAndMessageIsRestatedWhateverItsWords() {
    Pod pod = podLevel("p", "5", "2Gi").addContainers(shared("c")).build();
    for (AdmissionCause typed : List.of(SmtAlignmentError.notMultipleOfCore(5, 2), NotEnoughCpusError.of(9, 8),
        DevicesUnavailableError.of(NodeFixtures.GPU, 2, 1),
        PodLevelResourcesValidationError.aggregateExceeds("cpu", Quantity.parse("5"), Quantity.parse("4")))) {
      Admission reported = Admission.rejected(restrictedPodScope.initialState(), typed.failure(),
          new AdmissionTrace.Builder().build());

      RejectionCause cause = new RejectionExplainer(restrictedPodScope).explain(pod, reported).orElseThrow();

      assertThat(reported.cause()).as(typed.reason()).containsInstanceOf(ReportedFailure.class);
      assertThat(cause.causes()).as(typed.reason()).containsExactly(typed.message());
      assertThat(cause.fixes()).as(typed.reason()).isEmpty();
    }
  }

  /** NA-22: the resource-fit predicate's refusal is restated, after the changes to the pod that make it fit. */
  @Test
  void na22_aResourceFitRefusalIsRestatedAfterThePodFixes() {
    NodeResourceManagers bestEffort = managers(TopologyManagerPolicy.BEST_EFFORT, TopologyManagerScope.CONTAINER);
    // a Burstable pod: no manager allocates it, the predicate weighs its 20 CPUs against the node's 15
    Pod burstable = new Pod.Builder().uid("p").name("p")
        .addContainer(new Container.Builder().name("app").putRequest("cpu", Quantity.parse("20")).build()).build();
    Admission admission = bestEffort.admit(bestEffort.initialState(), burstable);

    RejectionCause cause = new RejectionExplainer(bestEffort).explain(burstable, admission).orElseThrow();

    assertThat(admission.cause()).containsInstanceOf(InsufficientResourceError.class);
    assertThat(cause.causes()).containsExactly(admission.message().orElseThrow());
    assertThat(cause.podFixes()).isNotEmpty();
    assertThat(cause.fixes()).isEqualTo(cause.podFixes().stream().map(PodFix::advice).toList());
  }

  // --- issue 24, item 3: fixes that fix -------------------------------------------------------

  /** A one-NUMA-node machine of {@code cpus} CPUs, CPUs 0 and 1 reserved, restricted pod scope. */
  private static NodeResourceManagers cpus0And1Reserved(int cpus) {
    return NodeResourceManagers.create(config(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD,
        NodeFixtures.PLRM_ON).reservedSystemCpus(CpuSet.of(0, 1)).reservedMemory(Map.of())
        .putReservedMemory(0, new TreeMap<>(Map.of("memory", 1L << 30))).build(), NodeFixtures.oneNodeNoSmt(cpus));
  }

  @Test
  void issue24_item3_reservedCpusAreNotOfferedToThePod() {
    // the 2-CPU node whose CPUs are all reserved: no number of CPUs fits, so none is suggested
    NodeResourceManagers allReserved = cpus0And1Reserved(2);
    RejectionCause cause = explainRejection(allReserved, allReserved.initialState(),
        podLevel("p", "4", "1Gi").addContainers(shared("web")).build());

    assertThat(cause.causes()).containsExactly("cpu: the pod needs 4 CPUs, more than all NUMA nodes together can give "
        + "to pods (0 CPUs; CPUs 0-1 are reserved)");
    assertThat(cause.fixes()).containsExactly("run the pod on a node with at least 4 CPUs (this one has 2 CPUs)");
    assertThat(cause.podFixes()).isEmpty();
  }

  @Test
  void issue24_item3_theCpusLeftBesideTheReservedOnesAreWhatThePodIsToldToAskFor() {
    NodeResourceManagers twoReserved = cpus0And1Reserved(4);
    Pod pod = podLevel("p", "4", "1Gi").addContainers(shared("web")).build();

    RejectionCause cause = explainRejection(twoReserved, twoReserved.initialState(), pod);

    assertThat(cause.fixes()).containsExactly("ask for 2 CPUs instead of 4 in spec.resources (requests and limits)",
        "reserve fewer CPUs (the kubelet configuration's reservedSystemCPUs, or kubeReserved and systemReserved cpu)");
    assertThat(twoReserved.admit(twoReserved.initialState(), cause.podFixes().get(0).applyTo(pod)).admitted()).isTrue();
  }

  @Test
  void issue24_item3_aPodWantingMoreGpusThanANodeHasIsToldToAskForFewerNotForMoreCpusOrMemory() {
    Machine twoGpusEach = new Machine.Builder().from(NodeFixtures.twoSocketsNoSmt()).addDevices(
        Device.of(NodeFixtures.GPU, "GPU-0", 0), Device.of(NodeFixtures.GPU, "GPU-1", 0),
        Device.of(NodeFixtures.GPU, "GPU-2", 1), Device.of(NodeFixtures.GPU, "GPU-3", 1)).build();
    NodeResourceManagers restricted = NodeResourceManagers.create(config(TopologyManagerPolicy.RESTRICTED,
        TopologyManagerScope.CONTAINER, NodeFixtures.PLRM_ON).build(), twoGpusEach);
    Pod pod = new Pod.Builder().uid("p").name("p").addContainer(gu("trainer", "4", "4Gi", NodeFixtures.GPU, "3"))
        .build();

    RejectionCause cause = explainRejection(restricted, restricted.initialState(), pod);

    assertThat(cause.fixes()).containsExactly(
        "ask for 2 nvidia.com/gpu devices instead of 3 in container trainer's resources (requests and limits)",
        "use the best-effort policy, which admits the wider placement");
    assertThat(String.join(" ", cause.causes())).as("what fits is no cause").doesNotContain("free by NUMA node");
  }

  @Test
  void issue24_item3_aRunOfNumaNodesWithTheSameAmountFreeSaysEach() {
    NodeResourceManagers none = managers(TopologyManagerPolicy.NONE, TopologyManagerScope.CONTAINER);

    RejectionCause cause = explainRejection(none, none.initialState(), guaranteed("p", "1", "40Gi"));

    assertThat(cause.causes()).last().asString().endsWith("free by NUMA node: 0-1: 11Gi each");
  }
}
