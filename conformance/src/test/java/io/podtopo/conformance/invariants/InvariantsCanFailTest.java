package io.podtopo.conformance.invariants;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.AdmissionTrace;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.ContainerRole;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.node.PodAssignment;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.TopologyHint;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every invariant check can fail: starting from a real admission that satisfies all of them, each
 * test corrupts the snapshot, the transition or the PodResources view the way the invariant forbids
 * and expects that invariant's check to report it.
 */
class InvariantsCanFailTest {

  private static final long MI = 1L << 20;
  private static final String UID = "mixed";

  /** 2 NUMA nodes of 8 CPUs (no SMT), 8Gi each; CPU 0 reserved; the corrected behaviour (ADR 0008). */
  private static final Machine MACHINE = machine(1);
  private static final NodeConfig CONFIG = new NodeConfig.Builder()
      .cpuManagerPolicy(CpuManagerPolicy.STATIC).reservedCpuCount(1)
      .topologyManagerPolicy(TopologyManagerPolicy.RESTRICTED).topologyManagerScope(TopologyManagerScope.POD)
      .memoryManagerPolicy(MemoryManagerPolicy.STATIC)
      .putReservedMemory(0, new TreeMap<>(Map.of("memory", 256 * MI)))
      .putReservedMemory(1, new TreeMap<>(Map.of("memory", 256 * MI)))
      .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true))
      .behaviour(Behaviour.SPEC)
      .build();

  /**
   * Budget 4 CPUs and 1Gi: sidecar {@code side-ex} 1 CPU, standard init {@code init-sh} shared and
   * {@code init-ex} 1 CPU, app {@code app-ex} 1 CPU, apps {@code app-sh} and {@code app-sh2} shared,
   * ephemeral {@code debug}.
   */
  private static final Pod POD = podLevel(UID, 4, 1024);

  private NodeResourceManagers managers;
  private ObservedNode empty;
  private ObservedNode admitted;
  private Admission admission;

  private static Machine machine(int threadsPerCore) {
    List<Cpu> cpus = new ArrayList<>();
    int cores = 16 / threadsPerCore;
    for (int id = 0; id < 16; id++) {
      int core = id % cores;
      int node = core < cores / 2 ? 0 : 1;
      cpus.add(Cpu.of(id, core, node, node, node));
    }
    Machine machine = Machine.ofCpus("test-" + threadsPerCore, cpus);
    return new Machine.Builder().from(machine)
        .numaNodes(List.of(NumaNode.of(0, 8L << 30), NumaNode.of(1, 8L << 30))).build();
  }

  private static Container exclusive(String name, int cpus, long memoryMi, boolean sidecar) {
    return new Container.Builder().name(name).restartable(sidecar)
        .putRequest("cpu", Quantity.of(cpus)).putLimit("cpu", Quantity.of(cpus))
        .putRequest("memory", Quantity.of(memoryMi * MI)).putLimit("memory", Quantity.of(memoryMi * MI)).build();
  }

  private static Pod podLevel(String uid, String cpu, long memoryMi) {
    return new Pod.Builder().uid(uid)
        .putPodRequest("cpu", Quantity.parse(cpu)).putPodLimit("cpu", Quantity.parse(cpu))
        .putPodRequest("memory", Quantity.of(memoryMi * MI)).putPodLimit("memory", Quantity.of(memoryMi * MI))
        .initContainers(List.of(exclusive("side-ex", 1, 128, true), Container.named("init-sh"), exclusive("init-ex", 1, 128, false)))
        .containers(List.of(exclusive("app-ex", 1, 256, false), Container.named("app-sh"), Container.named("app-sh2")))
        .addEphemeralContainer(Container.named("debug"))
        .build();
  }

  private static Pod podLevel(String uid, int cpus, long memoryMi) {
    return podLevel(uid, String.valueOf(cpus), memoryMi);
  }

  @BeforeEach
  void admit() {
    managers = NodeResourceManagers.create(CONFIG, MACHINE);
    empty = ObservedNode.of(managers, managers.initialState(), List.of());
    admission = managers.admit(empty.state(), POD);
    assertThat(admission.admitted()).as(admission.toString()).isTrue();
    admitted = ObservedNode.of(managers, admission.state(), List.of(POD));
    assertThat(Invariants.check(admitted)).isEmpty();
    assertThat(Invariants.checkTransition(empty, ScenarioStep.admit(POD), Optional.of(admission), admitted))
        .isEmpty();
    assertThat(Invariants.checkPodResources(admitted, managers.podResources(admitted.state(), List.of(POD)))).isEmpty();
  }

  // ---- helpers -----------------------------------------------------------------------------------

  private CpuSet cpus(String container) {
    return admitted.state().cpu().containerCpus(UID, container).orElseThrow();
  }

  private CpuSet bubble() {
    return admitted.state().cpu().podCpus(UID).orElseThrow();
  }

  private ObservedNode withCpu(CpuManagerState cpu) {
    return admitted.withState(new NodeState.Builder().from(admitted.state()).cpu(cpu).build());
  }

  private ObservedNode withMemory(MemoryManagerState memory) {
    return admitted.withState(new NodeState.Builder().from(admitted.state()).memory(memory).build());
  }

  private ObservedNode withContainerCpus(String container, CpuSet cpus) {
    return withCpu(admitted.state().cpu().withContainer(UID, container, cpus));
  }

  private ObservedNode withPods(ObservedNode snapshot, Pod... pods) {
    return new ObservedNode(snapshot.config(), snapshot.machine(), snapshot.reservedCpus(), snapshot.state(), List.of(pods));
  }

  private ObservedNode withConfig(ObservedNode snapshot, NodeConfig config) {
    return new ObservedNode(config, snapshot.machine(), snapshot.reservedCpus(), snapshot.state(), snapshot.activePods());
  }

  private static void assertReports(int number, List<Violation> violations) {
    assertThat(violations).as("violations of invariant " + number).isNotEmpty()
        .allSatisfy(violation -> assertThat(violation.invariant()).isEqualTo(number));
  }

  private static SnapshotInvariant snapshotCheck(int number) {
    return (SnapshotInvariant) Invariants.all().get(number - 1);
  }

  private static TransitionInvariant transitionCheck(int number) {
    return (TransitionInvariant) Invariants.all().get(number - 1);
  }

  private static PodResourcesInvariant viewCheck(int number) {
    return (PodResourcesInvariant) Invariants.all().get(number - 1);
  }

  private void assertSnapshotReports(int number, ObservedNode corrupt) {
    assertReports(number, snapshotCheck(number).check(corrupt));
  }

  private void assertTransitionReports(int number, ObservedNode before, ScenarioStep step, Admission admission,
      ObservedNode after) {
    assertReports(number, transitionCheck(number).checkTransition(before, step, Optional.of(admission), after));
  }

  private void assertTransitionReports(int number, ObservedNode before, ScenarioStep removal, ObservedNode after) {
    assertReports(number, transitionCheck(number).checkTransition(before, removal, Optional.empty(), after));
  }

  private Admission admittedWith(NodeState state, List<ContainerAssignment> containers, List<MergeTrace> merges) {
    PodAssignment assignment = new PodAssignment.Builder().from(admission.assignment().orElseThrow())
        .containers(containers).build();
    return Admission.admitted(state, assignment, new AdmissionTrace.Builder().merges(merges).build());
  }

  private Admission rejected(String reason) {
    return Admission.rejected(empty.state(), AdmissionFailure.of(reason, "test"), new AdmissionTrace.Builder().build());
  }

  private PodResourcesView view() {
    return managers.podResources(admitted.state(), List.of(POD));
  }

  // ---- one test per invariant --------------------------------------------------------------------

  @Test
  void invariants_are_the_36_of_spec_section_15_then_the_two_device_invariants_in_order() {
    assertThat(Invariants.all()).extracting(Invariant::number)
        .containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, 38).boxed().toList());
    assertThat(Invariants.all()).allSatisfy(invariant -> assertThat(invariant.getClass().getSimpleName())
        .startsWith(String.format("Invariant%02d", invariant.number())));
  }

  /** Issue 26 item 7: an invariant gives its number and rule once, to {@link NumberedInvariant}. */
  @Test
  void every_invariant_states_its_number_and_rule_through_NumberedInvariant() {
    assertThat(Invariants.all()).allSatisfy(invariant -> assertThat(invariant).isInstanceOf(NumberedInvariant.class));
  }

  @Test
  void invariant01_a_shared_container_outside_the_bubble() {
    CpuSet outside = admitted.state().cpu().defaultCpuSet().firstN(1);
    assertSnapshotReports(1, withContainerCpus("app-sh", cpus("app-sh").union(outside)));
  }

  @Test
  void invariant02_a_bubble_smaller_than_the_budget_and_a_bubble_left_in_the_default_set() {
    assertSnapshotReports(2, withCpu(admitted.state().cpu().withPodCpus(UID, bubble().firstN(3))));
    ObservedNode leftInDefault = withCpu(admitted.state().cpu().withDefaultCpuSet(empty.state().cpu().defaultCpuSet()));
    assertTransitionReports(2, empty, ScenarioStep.admit(POD), admission, leftInDefault);
  }

  @Test
  void invariant03_overlapping_long_running_slices() {
    assertSnapshotReports(3, withContainerCpus("app-ex", cpus("side-ex")));
  }

  @Test
  void invariant04_a_shared_pool_that_meets_a_slice() {
    assertSnapshotReports(4, withContainerCpus("app-sh", cpus("app-sh").union(cpus("app-ex"))));
  }

  @Test
  void invariant05_shared_containers_on_different_pools() {
    assertSnapshotReports(5, withContainerCpus("app-sh2", cpus("app-sh").firstN(1)));
  }

  @Test
  void invariant06_exclusive_requests_filling_the_budget_beside_shared_containers() {
    Pod starved = podLevel(UID, 2, 1024);
    assertSnapshotReports(6, withPods(admitted, starved));
    assertTransitionReports(6, empty, ScenarioStep.admit(starved), rejected("UnexpectedAdmissionError"), empty);
  }

  @Test
  void invariant07_an_empty_pool_rejection_of_a_pod_whose_shared_containers_keep_resources() {
    assertTransitionReports(7, empty, ScenarioStep.admit(POD), rejected("EmptyPodSharedPoolError"), empty);
  }

  @Test
  void invariant08_a_standard_init_slice_on_an_earlier_sidecar() {
    assertSnapshotReports(8, withContainerCpus("init-ex", cpus("side-ex")));
  }

  @Test
  void invariant09_a_shared_standard_init_on_an_earlier_sidecar() {
    assertSnapshotReports(9, withContainerCpus("init-sh", bubble()));
  }

  @Test
  void invariant10_a_sidecar_slice_reused_by_a_later_container() {
    assertSnapshotReports(10, withContainerCpus("app-ex", cpus("side-ex")));
  }

  @Test
  void invariant11_a_bubble_in_the_default_set() {
    CpuManagerState cpu = admitted.state().cpu();
    assertSnapshotReports(11, withCpu(cpu.withDefaultCpuSet(cpu.defaultCpuSet().union(bubble().firstN(1)))));
  }

  @Test
  void invariant12_a_cpu_lost_from_every_pool() {
    CpuManagerState cpu = admitted.state().cpu();
    CpuSet lost = cpu.defaultCpuSet().difference(admitted.reservedCpus()).firstN(1);
    assertSnapshotReports(12, withCpu(cpu.withDefaultCpuSet(cpu.defaultCpuSet().difference(lost))));
  }

  @Test
  void invariant13_a_slice_of_the_wrong_size_and_an_ineligible_container_reported_exclusive() {
    assertSnapshotReports(13, withContainerCpus("app-ex", cpus("app-ex").union(cpus("app-sh").firstN(1))));
    Pod fractional = new Pod.Builder().from(POD).containers(List.of(
        new Container.Builder().from(POD.containers().get(0)).putRequest("cpu", Quantity.parse("1500m"))
            .putLimit("cpu", Quantity.parse("1500m")).build(), POD.containers().get(1), POD.containers().get(2))).build();
    assertTransitionReports(13, empty, ScenarioStep.admit(fractional), admission, admitted);
  }

  @Test
  void invariant14_a_burstable_pod_level_pod_with_an_entry_or_rejected() {
    Pod burstable = new Pod.Builder().uid("burstable").putPodRequest("cpu", Quantity.of(1))
        .putPodLimit("cpu", Quantity.of(2)).addContainer(Container.named("c")).build();
    CpuSet some = admitted.state().cpu().defaultCpuSet().difference(admitted.reservedCpus()).firstN(1);
    CpuManagerState cpu = admitted.state().cpu();
    ObservedNode corrupt = withCpu(cpu.withDefaultCpuSet(cpu.defaultCpuSet().difference(some))
        .withContainer("burstable", "c", some));
    assertSnapshotReports(14, withPods(corrupt, POD, burstable));
    assertTransitionReports(14, empty, ScenarioStep.admit(burstable), rejected("TopologyAffinityError"), empty);
  }

  @Test
  void invariant15_a_gated_off_pod_level_pod_with_state() {
    NodeConfig gateOff = new NodeConfig.Builder().from(CONFIG).featureGates(FeatureGates.defaults()).build();
    assertSnapshotReports(15, withConfig(admitted, gateOff));
    assertTransitionReports(15, withConfig(empty, gateOff), ScenarioStep.admit(POD), admission, withConfig(admitted, gateOff));
  }

  @Test
  void invariant16_a_fractional_budget_with_a_bubble() {
    assertSnapshotReports(16, withPods(admitted, podLevel(UID, "4500m", 1024)));
  }

  @Test
  void invariant17_pod_memory_on_two_nodes_under_single_numa_node() {
    NodeConfig singleNuma = new NodeConfig.Builder().from(CONFIG)
        .topologyManagerPolicy(TopologyManagerPolicy.SINGLE_NUMA_NODE).build();
    int node = admitted.state().memory().podBlocks(UID).orElseThrow().get(0).numaAffinity().get(0);
    MemoryManagerState memory = admitted.state().memory()
        .withContainerBlocks(UID, "app-sh", List.of(MemoryBlock.of(List.of(1 - node), "memory", 512 * MI)));
    assertSnapshotReports(17, withConfig(withMemory(memory), singleNuma));
  }

  @Test
  void invariant18_restricted_admitting_a_non_preferred_hint() {
    MergeTrace notPreferred = new MergeTrace.Builder().bestHint(TopologyHint.any(false)).admit(true).build();
    Admission corrupt = admittedWith(admission.state(), admission.assignment().orElseThrow().containers(), List.of(notPreferred));
    assertTransitionReports(18, empty, ScenarioStep.admit(POD), corrupt, admitted);
  }

  @Test
  void invariant19_containers_of_a_pod_scope_pod_with_different_hints() {
    SortedMap<String, TopologyHint> podHints = new TreeMap<>(admitted.state().topologyHints().get(UID));
    podHints.put("app-sh", TopologyHint.any(false));
    ObservedNode corrupt = admitted.withState(new NodeState.Builder().from(admitted.state())
        .topologyHints(admitted.state().topologyHints().with(UID, podHints)).build());
    assertSnapshotReports(19, corrupt);
    assertTransitionReports(19, empty, ScenarioStep.admit(POD), admission, corrupt);
  }

  @Test
  void invariant20_a_container_block_off_the_pod_mask() {
    int node = admitted.state().memory().podBlocks(UID).orElseThrow().get(0).numaAffinity().get(0);
    assertSnapshotReports(20, withMemory(admitted.state().memory()
        .withContainerBlocks(UID, "app-sh", List.of(MemoryBlock.of(List.of(1 - node), "memory", 512 * MI)))));
  }

  @Test
  void invariant21_a_shared_pool_block_that_does_not_complete_the_budget() {
    int node = admitted.state().memory().podBlocks(UID).orElseThrow().get(0).numaAffinity().get(0);
    assertSnapshotReports(21, withMemory(admitted.state().memory()
        .withContainerBlocks(UID, "app-sh", List.of(MemoryBlock.of(List.of(node), "memory", 100 * MI)))));
  }

  @Test
  void invariant22_a_pod_memory_entry_created_without_reserving_memory() {
    ObservedNode unreserved = withMemory(new MemoryManagerState.Builder().from(admitted.state().memory())
        .machineState(empty.state().memory().machineState()).build());
    assertTransitionReports(22, empty, ScenarioStep.admit(POD), admission, unreserved);
  }

  @Test
  void invariant23_a_non_last_removal_that_releases_cpus_and_a_round_trip_that_leaks() {
    NodeState removed = managers.removeContainer(admitted.state(), UID, "app-sh");
    CpuManagerState leaked = removed.cpu().withDefaultCpuSet(removed.cpu().defaultCpuSet().union(cpus("app-sh")));
    ObservedNode after = admitted.withState(new NodeState.Builder().from(removed).cpu(leaked).build());
    assertTransitionReports(23, admitted, ScenarioStep.removeContainer(UID, "app-sh"), after);
    NodeState partlyRemoved = removed;
    assertReports(23, new Invariant23RemovalReleasesOnlyWithLastContainer()
        .roundTrip(empty, empty.withState(partlyRemoved), UID));
  }

  @Test
  void invariant24_a_restart_readmission_that_reallocates() {
    ObservedNode moved = withCpu(admitted.state().cpu().withDefaultCpuSet(admitted.state().cpu().defaultCpuSet()
        .union(admitted.reservedCpus())).withContainer(UID, "app-ex", cpus("app-sh").firstN(1)));
    assertTransitionReports(24, admitted, ScenarioStep.admit(POD), admission, moved);
  }

  @Test
  void invariant24_kubelet_v137_rejects_a_restored_pod_level_pod_quirk_Q_cpu_restart_reallocates() {
    NodeResourceManagers kubelet = NodeResourceManagers.create(
        new NodeConfig.Builder().from(CONFIG).behaviour(Behaviour.KUBELET).build(), MACHINE);
    ObservedNode restored = ObservedNode.of(kubelet, kubelet.start(admitted.state()), List.of(POD));
    Admission again = kubelet.admit(restored.state(), POD);
    assertThat(again.quirks()).contains(KubeletQuirk.CPU_RESTART_REALLOCATES);
    assertTransitionReports(24, restored, ScenarioStep.admit(POD), again, restored.withState(again.state()));
  }

  @Test
  void invariant25_a_bubble_without_container_entries() {
    CpuManagerState cpu = admitted.state().cpu();
    assertSnapshotReports(25, withCpu(CpuManagerState.of(cpu.defaultCpuSet(), Map.of(), cpu.podEntries())));
  }

  @Test
  void invariant26_a_bubble_of_half_cores_and_an_odd_budget_admitted_under_full_pcpus_only() {
    Machine smt = machine(2);
    NodeConfig fullCores = new NodeConfig.Builder().from(CONFIG).putCpuManagerPolicyOption("full-pcpus-only", "true").build();
    Pod pod = podLevel("odd", 3, 1024);
    CpuSet halfCores = CpuSet.of(1, 2, 3);
    CpuManagerState cpu = CpuManagerState.of(smt.cpuSet().difference(halfCores),
        Map.of("odd", Map.of("app-ex", halfCores)), Map.of("odd", halfCores));
    NodeState state = new NodeState.Builder().cpu(cpu).build();
    ObservedNode corrupt = new ObservedNode(fullCores, smt, CpuSet.of(0), state, List.of(pod));
    assertSnapshotReports(26, corrupt);
    ObservedNode before = new ObservedNode(fullCores, smt, CpuSet.of(0), NodeState.empty(), List.of());
    assertTransitionReports(26, before, ScenarioStep.admit(pod), admittedWith(state, List.of(), List.of()), corrupt);
  }

  private ContainerAssignment assignment(String name, boolean exclusive, ResourceIsolationLevel isolation) {
    return new ContainerAssignment.Builder().name(name).role(ContainerRole.APP).cpus(cpus(name))
        .exclusive(exclusive).isolation(isolation).build();
  }

  @Test
  void invariant27_quota_off_for_a_pod_shared_container() {
    Admission exclusive = admittedWith(admission.state(),
        List.of(assignment("app-sh", true, ResourceIsolationLevel.POD)), admission.trace().merges());
    assertTransitionReports(27, empty, ScenarioStep.admit(POD), exclusive, admitted);
    Admission containerLevel = admittedWith(admission.state(),
        List.of(assignment("app-sh2", false, ResourceIsolationLevel.CONTAINER)), admission.trace().merges());
    assertTransitionReports(27, empty, ScenarioStep.admit(POD), containerLevel, admitted);
  }

  @Test
  void invariant27_quota_off_for_a_container_on_the_node_shared_pool() {
    ContainerAssignment onTheNodePool = new ContainerAssignment.Builder().name("app-ex").role(ContainerRole.APP)
        .exclusive(true).isolation(ResourceIsolationLevel.CONTAINER).build();
    ObservedNode withoutEntry = withCpu(admitted.state().cpu().withoutContainer(UID, "app-ex"));
    Admission corrupt = admittedWith(withoutEntry.state(), List.of(onTheNodePool), admission.trace().merges());
    assertTransitionReports(27, empty, ScenarioStep.admit(POD), corrupt, withoutEntry);
  }

  @Test
  void invariant27_a_true_report_of_an_exclusive_slice_that_the_state_shares() {
    ScenarioStep admit = ScenarioStep.admit(POD);
    assertThat(transitionCheck(27).checkTransition(empty, admit, Optional.of(admission), admitted)).isEmpty();
    CpuSet slice = cpus("app-ex");
    assertTransitionReports(27, empty, admit, admission,
        withContainerCpus("app-ex", slice.union(cpus("app-sh").firstN(1))));
    assertTransitionReports(27, empty, admit, admission,
        withCpu(admitted.state().cpu().withDefaultCpuSet(admitted.state().cpu().defaultCpuSet().union(slice))));
    assertTransitionReports(27, empty, admit, admission, withContainerCpus("init-ex", cpus("side-ex")));
  }

  @Test
  void invariant28_a_shared_container_at_container_isolation() {
    Admission corrupt = admittedWith(admission.state(),
        List.of(assignment("app-sh", false, ResourceIsolationLevel.CONTAINER)), admission.trace().merges());
    assertTransitionReports(28, empty, ScenarioStep.admit(POD), corrupt, admitted);
  }

  private PodResourcesView viewWith(PodResources pod) {
    return new PodResourcesView.Builder().addPods(pod).build();
  }

  @Test
  void invariant29_pod_cpu_ids_that_are_not_the_bubble_and_a_shared_container_reporting_cpus() {
    PodResources listed = view().pods().get(0);
    assertReports(29, viewCheck(29).checkPodResources(admitted,
        viewWith(new PodResources.Builder().from(listed).cpuIds(bubble().firstN(2)).build())));
    List<ContainerResources> containers = new ArrayList<>(listed.containers());
    containers.set(containers.size() - 1, new ContainerResources.Builder().from(containers.get(containers.size() - 1))
        .cpuIds(cpus("app-sh")).build());
    assertReports(29, viewCheck(29).checkPodResources(admitted,
        viewWith(new PodResources.Builder().from(listed).containers(containers).build())));
  }

  @Test
  void invariant30_pod_level_fields_in_container_scope() {
    NodeConfig containerScope = new NodeConfig.Builder().from(CONFIG).topologyManagerScope(TopologyManagerScope.CONTAINER)
        .build();
    assertReports(30, viewCheck(30).checkPodResources(withConfig(admitted, containerScope), view()));
  }

  @Test
  void invariant31_a_pod_missing_from_the_list_and_a_standard_init_container_listed() {
    assertReports(31, viewCheck(31).checkPodResources(admitted, new PodResourcesView.Builder().build()));
    PodResources listed = view().pods().get(0);
    PodResources withInit = new PodResources.Builder().from(listed)
        .addContainers(new ContainerResources.Builder().name("init-ex").cpuIds(CpuSet.empty()).build()).build();
    assertReports(31, viewCheck(31).checkPodResources(admitted, viewWith(withInit)));
  }

  @Test
  void invariant32_a_pod_entry_in_container_scope() {
    NodeConfig containerScope = new NodeConfig.Builder().from(CONFIG).topologyManagerScope(TopologyManagerScope.CONTAINER)
        .build();
    assertSnapshotReports(32, withConfig(admitted, containerScope));
    assertTransitionReports(32, withConfig(empty, containerScope), ScenarioStep.admit(POD), admission,
        withConfig(admitted, containerScope));
  }

  @Test
  void invariant33_an_ephemeral_container_with_cpus() {
    assertSnapshotReports(33, withContainerCpus("debug", cpus("app-sh")));
    Admission corrupt = admittedWith(admission.state(), List.of(new ContainerAssignment.Builder().name("debug")
        .role(ContainerRole.EPHEMERAL).cpus(cpus("app-sh")).exclusive(false).isolation(ResourceIsolationLevel.POD)
        .build()), admission.trace().merges());
    assertTransitionReports(33, empty, ScenarioStep.admit(POD), corrupt, admitted);
  }

  @Test
  void invariant34_an_exited_slice_returned_to_the_shared_pool() {
    NodeState removed = managers.removeContainer(admitted.state(), UID, "app-ex");
    CpuManagerState grown = removed.cpu().withContainer(UID, "app-sh", cpus("app-sh").union(cpus("app-ex")));
    ObservedNode after = admitted.withState(new NodeState.Builder().from(removed).cpu(grown).build());
    assertTransitionReports(34, admitted, ScenarioStep.removeContainer(UID, "app-ex"), after);
  }

  @Test
  void invariant35_a_rejection_that_leaves_a_bubble_behind() {
    assertTransitionReports(35, empty, ScenarioStep.admit(POD), rejected("UnexpectedAdmissionError"), admitted);
  }

  @Test
  void invariant36_unused_bubble_cpus_in_the_default_set_and_a_bubble_moved_by_another_pod() {
    CpuManagerState cpu = admitted.state().cpu().withoutContainer(UID, "app-sh").withoutContainer(UID, "app-sh2")
        .withoutContainer(UID, "init-sh");
    CpuSet unused = bubble().difference(StateViews.union(cpu.containerEntries(UID).values()));
    assertSnapshotReports(36, withCpu(cpu.withDefaultCpuSet(cpu.defaultCpuSet().union(unused))));
    ObservedNode moved = withCpu(admitted.state().cpu().withPodCpus(UID, bubble().firstN(3)));
    assertTransitionReports(36, admitted, ScenarioStep.removePod(podLevel("other", 1, 256).uid()), moved);
  }
}
