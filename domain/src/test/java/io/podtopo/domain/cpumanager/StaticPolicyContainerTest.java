package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.PolicyFixtures.POD_LEVEL_GATES;
import static io.podtopo.domain.cpumanager.PolicyFixtures.guaranteed;
import static io.podtopo.domain.cpumanager.PolicyFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.admission.NotEnoughCpusError;
import io.podtopo.domain.admission.SmtAlignmentError;
import io.podtopo.domain.admission.UnexpectedAdmissionError;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The container path of the static policy: construction, Start, Allocate, hints, removal (spec 2.3-2.6). */
class StaticPolicyContainerTest {

  private static final TopologyHint NONE = TopologyHint.any(false);
  private static final StaticPolicyOptions DEFAULTS = StaticPolicyOptions.defaults();
  private static final FeatureGates ALPHA = FeatureGates.of(Map.of(FeatureGates.CPU_MANAGER_POLICY_ALPHA_OPTIONS, true));

  private static StaticPolicy policy(CpuTopology topology, int reserved, StaticPolicyOptions options) {
    return StaticPolicy.create(topology, reserved, CpuSet.empty(), options, FeatureGates.defaults(), "none", QuirkLog.of(Behaviour.KUBELET));
  }

  @Test
  void rule23_reservedCpusAreChosenAsTheLowestFullCores() {
    assertThat(policy(UpstreamTopologies.singleSocketHt(), 2, DEFAULTS).reservedCpus()).isEqualTo(CpuSet.of(0, 4));
    assertThat(policy(UpstreamTopologies.dualSocketHt(), 2, DEFAULTS).reservedCpus()).isEqualTo(CpuSet.of(0, 6));
  }

  @Test
  void rule23_aReservedSetOfTheWrongSizeIsRefused() {
    assertThatThrownBy(() -> StaticPolicy.create(UpstreamTopologies.singleSocketHt(), 2, CpuSet.of(1),
        DEFAULTS, FeatureGates.defaults(), "none", QuirkLog.of(Behaviour.KUBELET)))
        .isInstanceOf(StaticPolicyException.class)
        .hasMessage("[cpumanager] unable to reserve the required amount of CPUs (size of 1 did not equal 2)");
  }

  @Test
  void rule23_reservedPhysicalCpusAreTheWholeCoresOfTheReservedCpus() {
    StaticPolicy policy = StaticPolicy.create(UpstreamTopologies.dualSocketHt(), 2, CpuSet.of(1, 6), DEFAULTS,
        FeatureGates.defaults(), "none", QuirkLog.of(Behaviour.KUBELET));
    assertThat(policy.reservedPhysicalCpus()).isEqualTo(CpuSet.of(0, 1, 6, 7));
  }

  @Test
  void rule23_startInitialisesAnEmptyStateWithStrictReservationExcludingReservedCpus() {
    StaticPolicy strict = policy(UpstreamTopologies.dualSocketHt(), 2,
        new StaticPolicyOptions.Builder().strictCpuReservation(true).build());
    assertThat(strict.start(CpuManagerState.empty()).defaultCpuSet()).isEqualTo(CpuSet.parse("1-5,7-11"));
    assertThat(policy(UpstreamTopologies.dualSocketHt(), 2, DEFAULTS).start(CpuManagerState.empty()).defaultCpuSet())
        .isEqualTo(CpuSet.range(0, 11));
  }

  @Test
  void rule23_startRefusesAStateMissingCpusOfTheMachine() {
    CpuManagerState state = CpuManagerState.of(CpuSet.range(5, 10),
        Map.of("fakePod", Map.of("0", CpuSet.range(0, 2), "1", CpuSet.range(3, 4))), Map.of());
    assertThatThrownBy(() -> policy(UpstreamTopologies.dualSocketHt(), 0, DEFAULTS).start(state))
        .hasMessage("current set of available CPUs \"0-11\" doesn't match with CPUs in state \"0-10\"");
  }

  @Test
  void rule24_onlyIntegralRequestsOfGuaranteedPodsAreExclusive() {
    StaticPolicy policy = policy(UpstreamTopologies.singleSocketHt(), 1, DEFAULTS);
    Container integral = guaranteed("c", "2", "1G");
    Container fractional = guaranteed("c", "1500m", "1G");
    assertThat(policy.guaranteedCpus(pod("p", integral), integral)).isEqualTo(2);
    assertThat(policy.guaranteedCpus(pod("p", fractional), fractional)).isZero();
  }

  @Test
  void rule24_legacyPodTotalIsTheLargerOfInitPeakAndLongRunningSum() {
    Pod pod = new Pod.Builder().uid("p")
        .addInitContainers(new Container.Builder().from(guaranteed("sc", "10", "1G")).restartable(true).build(),
            guaranteed("init", "200", "1G"))
        .addContainer(guaranteed("app", "100", "1G")).build();
    assertThat(new CpuEligibility(FeatureGates.defaults()).podGuaranteedCpus(pod)).isEqualTo(210);
  }

  @Test
  void rule26_allocateTakesFromDefaultMinusReservedAndShrinksTheDefaultSet() {
    StaticPolicy policy = policy(UpstreamTopologies.singleSocketHt(), 1, DEFAULTS);
    Container container = guaranteed("c", "1", "1G");
    CpuAllocationResult result = policy.allocate(policy.start(CpuManagerState.empty()), pod("p", container),
        container, NONE, QuirkLog.of(Behaviour.KUBELET));
    assertThat(result.state().containerCpus("p", "c")).contains(CpuSet.of(4));
    assertThat(result.state().defaultCpuSet()).isEqualTo(CpuSet.parse("0-3,5-7"));
    assertThat(result.metrics().nodeAllocations()).isEqualTo(1);
    assertThat(result.metrics().nodeExclusiveAssignments()).isEqualTo(1);
  }

  @Test
  void rule26_notEnoughCpusIsAnUntypedErrorMappedToUnexpectedAdmissionError() {
    StaticPolicy policy = policy(UpstreamTopologies.singleSocketHt(), 1, DEFAULTS);
    Container container = guaranteed("c", "8", "1G");
    CpuManagerState state = policy.start(CpuManagerState.empty());
    CpuAllocationResult result = policy.allocate(state, pod("p", container), container, NONE, QuirkLog.of(Behaviour.KUBELET));
    assertThat(result.error()).as("issue 26 item 1: typed, with its numbers").contains(NotEnoughCpusError.of(8, 7));
    UnexpectedAdmissionError error = (UnexpectedAdmissionError) result.error().orElseThrow();
    assertThat(error.error()).isEqualTo("not enough cpus available to satisfy request: requested=8, available=7");
    assertThat(error.reason()).isEqualTo("UnexpectedAdmissionError");
    assertThat(error.message()).isEqualTo("Allocate failed due to not enough cpus available to satisfy "
        + "request: requested=8, available=7, which is unexpected");
    assertThat(result.state()).isEqualTo(state);
  }

  @Test
  void rule26_aRequestPastJavaIntFailsWithItsExactCountAsUpstreamsInt64Does() {
    StaticPolicy policy = policy(UpstreamTopologies.singleSocketHt(), 1, DEFAULTS);
    Container huge = guaranteed("c", "2Gi", "1G");
    CpuManagerState state = policy.start(CpuManagerState.empty());
    assertThat(policy.containerHints(state, pod("p", huge), huge).orElseThrow().hints()).isEmpty();
    UnexpectedAdmissionError notEnough = (UnexpectedAdmissionError) policy.allocate(state, pod("p", huge), huge, NONE,
        QuirkLog.of(Behaviour.KUBELET)).error().orElseThrow();
    assertThat(notEnough).isEqualTo(NotEnoughCpusError.of(2147483648L, 7));
    assertThat(notEnough.error())
        .isEqualTo("not enough cpus available to satisfy request: requested=2147483648, available=7");
    StaticPolicy full = StaticPolicy.create(UpstreamTopologies.dualSocketHt(), 2, CpuSet.of(0, 6),
        new StaticPolicyOptions.Builder().fullPhysicalCpusOnly(true).build(), FeatureGates.defaults(), "none", QuirkLog.of(Behaviour.KUBELET));
    assertThat(full.allocate(full.start(CpuManagerState.empty()), pod("p", huge), huge, NONE, QuirkLog.of(Behaviour.KUBELET)).error().orElseThrow()
        .message()).isEqualTo("SMT Alignment Error: not enough free physical CPUs: available physical CPUs = 10, "
            + "requested CPUs = 2147483648, CPUs per core = 2");
  }

  @Test
  void rule26_fullPcpusOnlyRejectsPartialCoresAndMissingPhysicalCpus() {
    StaticPolicyOptions full = new StaticPolicyOptions.Builder().fullPhysicalCpusOnly(true).build();
    StaticPolicy policy = StaticPolicy.create(UpstreamTopologies.dualSocketHt(), 2, CpuSet.of(1, 6), full,
        FeatureGates.defaults(), "none", QuirkLog.of(Behaviour.KUBELET));
    CpuManagerState state = CpuManagerState.of(CpuSet.parse("0,2-5,7-11"), Map.of(), Map.of());
    Container ten = guaranteed("c", "10", "1G");
    SmtAlignmentError error = (SmtAlignmentError) policy.allocate(state, pod("p", ten), ten, NONE, QuirkLog.of(Behaviour.KUBELET)).error().orElseThrow();
    assertThat(error).isEqualTo(SmtAlignmentError.notEnoughPhysicalCpus(10, 2, 8));
    assertThat(error.message()).isEqualTo("SMT Alignment Error: not enough free physical CPUs: "
        + "available physical CPUs = 8, requested CPUs = 10, CPUs per core = 2");
    Container three = guaranteed("c", "3", "1G");
    assertThat(policy.allocate(state, pod("p", three), three, NONE, QuirkLog.of(Behaviour.KUBELET)).error().orElseThrow().message())
        .isEqualTo("SMT Alignment Error: requested 3 cpus not multiple cpus per core = 2");
  }

  @Test
  void rule26_d21_fullPcpusOnlyNeverHandsOutTheSiblingOfAReservedCpuInSpecMode_qLoneSibling() {
    StaticPolicy policy = fullPcpusOnlyWithCpu0Reserved();
    CpuManagerState state = policy.start(CpuManagerState.of(CpuSet.empty(), Map.of(), Map.of()));
    Container six = guaranteed("c", "6", "1G");
    QuirkLog spec = QuirkLog.of(Behaviour.SPEC);
    CpuSet cpus = policy.allocate(state, pod("p", six), six, TopologyHint.of(NumaMask.of(0), true), spec)
        .state().containerCpus("p", "c").orElseThrow();
    assertThat(cpus).doesNotContain(6);
    assertThat(UpstreamTopologies.dualSocketHt().siblingsOf(cpus)).isEqualTo(cpus);
    assertThat(cpus.intersection(UpstreamTopologies.dualSocketHt().cpusInNumaNode(0))).isEqualTo(CpuSet.of(2, 4, 8, 10));
    assertThat(spec.reachedQuirks()).containsExactly(KubeletQuirk.LONE_SIBLING);
  }

  @Test
  void rule26_d21_kubeletV137HandsOutTheLoneSiblingOfAReservedCpu_qLoneSibling() {
    StaticPolicy policy = fullPcpusOnlyWithCpu0Reserved();
    CpuManagerState state = policy.start(CpuManagerState.of(CpuSet.empty(), Map.of(), Map.of()));
    Container six = guaranteed("c", "6", "1G");
    CpuSet cpus = policy.allocate(state, pod("p", six), six, TopologyHint.of(NumaMask.of(0), true),
        QuirkLog.of(Behaviour.KUBELET)).state().containerCpus("p", "c").orElseThrow();
    // The five free CPUs of NUMA 0 (6 is the sibling of the reserved 0) and one of NUMA 1.
    assertThat(cpus).isEqualTo(CpuSet.parse("1-2,4,6,8,10"));
    assertThat(UpstreamTopologies.dualSocketHt().siblingsOf(cpus)).isNotEqualTo(cpus);
  }

  @Test
  void rule26_d21_withWholeCoresFreeAndAnEvenAlignedPartBothBehavioursTakeTheSameCpus_qLoneSibling() {
    StaticPolicyOptions full = new StaticPolicyOptions.Builder().fullPhysicalCpusOnly(true).build();
    StaticPolicy policy = StaticPolicy.create(UpstreamTopologies.dualSocketHt(), 2, CpuSet.of(0, 6), full,
        FeatureGates.defaults(), "none", QuirkLog.of(Behaviour.KUBELET));
    CpuManagerState state = policy.start(CpuManagerState.of(CpuSet.empty(), Map.of(), Map.of()));
    QuirkLog kubelet = QuirkLog.of(Behaviour.KUBELET);
    CpuSet cpus = policy.allocateCpus(state, 4, java.util.Optional.of(NumaMask.of(0)), CpuSet.empty(), kubelet);
    assertThat(cpus).isEqualTo(policy.allocateCpus(state, 4, java.util.Optional.of(NumaMask.of(0)), CpuSet.empty(),
        QuirkLog.of(Behaviour.SPEC)));
    assertThat(kubelet.reachedQuirks()).isEmpty();
  }

  @Test
  void rule26_d20_aContainerWithAnEntryKeepsItEvenWhenNoWholeCoreIsFreeInBothBehaviours() {
    // kubelet v1.37.0+ allocateForAdd: s.GetCPUSet before enforceSMTAlignment (v1.36 checked first).
    StaticPolicy policy = fullPcpusOnlyWithCpu0Reserved();
    CpuManagerState state = policy.start(CpuManagerState.of(CpuSet.empty(), Map.of(), Map.of()));
    Container ten = guaranteed("c", "10", "1G");
    Pod pod = pod("p", ten);
    CpuManagerState full10 = policy.allocate(state, pod, ten, NONE, QuirkLog.of(Behaviour.SPEC)).state();
    assertThat(policy.smtAlignmentError(full10, 10)).as("no whole core is left for 10 CPUs again")
        .contains(SmtAlignmentError.notEnoughPhysicalCpus(10, 2, 0));
    for (Behaviour behaviour : Behaviour.values()) {
      QuirkLog quirks = QuirkLog.of(behaviour);
      CpuAllocationResult again = policy.allocate(full10, pod, ten, NONE, quirks);
      assertThat(again.error()).as(behaviour.name()).isEmpty();
      assertThat(again.state().containerCpus("p", "c")).isEqualTo(full10.containerCpus("p", "c"));
      assertThat(again.state().defaultCpuSet()).isEqualTo(full10.defaultCpuSet());
      assertThat(quirks.reachedQuirks()).as("no quirk: v1.37 finds the entry first").isEmpty();
    }
  }

  @Test
  void rule26_d20_aContainerWithoutAnEntryIsStillRefusedWhenTooFewWholeCoresAreFree() {
    StaticPolicy policy = fullPcpusOnlyWithCpu0Reserved();
    CpuManagerState state = policy.start(CpuManagerState.of(CpuSet.empty(), Map.of(), Map.of()));
    Container ten = guaranteed("c", "10", "1G");
    CpuManagerState full10 = policy.allocate(state, pod("p", ten), ten, NONE, QuirkLog.of(Behaviour.SPEC)).state();
    Container other = guaranteed("c", "10", "1G");
    CpuAllocationResult refused = policy.allocate(full10, pod("q", other), other, NONE, QuirkLog.of(Behaviour.KUBELET));
    assertThat(refused.error()).contains(SmtAlignmentError.notEnoughPhysicalCpus(10, 2, 0));
    assertThat(refused.state()).isEqualTo(full10);
  }

  @Test
  void rule26_d21_withoutDeclaredCoresFullPcpusOnlyAllocatesAsWithoutIt_qLoneSibling() {
    // CPUsPerCore = 0: no CPU counts as part of a core, in either behaviour.
    CpuTopology noCore = CpuTopology.declared(UpstreamTopologies.machine("no-core", 4,
        id -> Cpu.of(id, id, 0, id / 2, 0)), 4, 0, 1, 0);
    StaticPolicy full = StaticPolicy.create(noCore, 0, CpuSet.empty(),
        new StaticPolicyOptions.Builder().fullPhysicalCpusOnly(true).build(), FeatureGates.defaults(), "none", QuirkLog.of(Behaviour.KUBELET));
    CpuManagerState state = full.start(CpuManagerState.empty());
    java.util.Optional<NumaMask> node1 = java.util.Optional.of(NumaMask.of(1));
    CpuSet plain = policy(noCore, 0, DEFAULTS).allocateCpus(state, 2, node1, CpuSet.empty(), QuirkLog.of(Behaviour.KUBELET));
    assertThat(plain).isEqualTo(CpuSet.of(2, 3));
    assertThat(full.allocateCpus(state, 2, node1, CpuSet.empty(), QuirkLog.of(Behaviour.KUBELET))).isEqualTo(plain);
    assertThat(full.allocateCpus(state, 2, node1, CpuSet.empty(), QuirkLog.of(Behaviour.SPEC))).isEqualTo(plain);
  }

  @Test
  void rule26_d21_theAlignedPartIsRoundedDownToWholeDeclaredCoresInSpecMode_qLoneSibling() {
    // Like upstream's NoSMT fixtures that declare twice the CPUs they list: 8 single-thread cores declared as
    // 16 CPUs, so CPUsPerCore = 2. NUMA node 0 (0-3) has 3 allocatable CPUs: 2 of them, a whole core's worth,
    // are taken there and the other 2 from anywhere.
    CpuTopology declared = CpuTopology.declared(UpstreamTopologies.machine("nosmt-declared-16", 8,
        id -> Cpu.of(id, id, 0, id / 4, 0)), 16, 8, 1, 0);
    StaticPolicy full = StaticPolicy.create(declared, 0, CpuSet.empty(),
        new StaticPolicyOptions.Builder().fullPhysicalCpusOnly(true).build(), FeatureGates.defaults(), "none", QuirkLog.of(Behaviour.KUBELET));
    CpuManagerState state = CpuManagerState.of(CpuSet.parse("1-7"), Map.of("other", Map.of("c", CpuSet.of(0))),
        Map.of());
    QuirkLog spec = QuirkLog.of(Behaviour.SPEC);
    assertThat(full.allocateCpus(state, 4, java.util.Optional.of(NumaMask.of(0)), CpuSet.empty(), spec))
        .isEqualTo(CpuSet.parse("1-4"));
    assertThat(spec.reachedQuirks()).containsExactly(KubeletQuirk.LONE_SIBLING);
  }

  private static StaticPolicy fullPcpusOnlyWithCpu0Reserved() {
    StaticPolicyOptions full = new StaticPolicyOptions.Builder().fullPhysicalCpusOnly(true).build();
    return StaticPolicy.create(UpstreamTopologies.dualSocketHt(), 1, CpuSet.of(0), full, FeatureGates.defaults(), "none", QuirkLog.of(Behaviour.KUBELET));
  }

  @Test
  void rule26_hintedNumaNodesAreFilledFirstAndTheRemainderComesFromAnywhere() {
    StaticPolicy policy = policy(UpstreamTopologies.dualSocketHt(), 0, DEFAULTS);
    CpuManagerState state = policy.start(CpuManagerState.empty());
    assertThat(policy.allocateCpus(state, 2, java.util.Optional.of(NumaMask.of(1)), CpuSet.empty(), QuirkLog.of(Behaviour.KUBELET)))
        .isEqualTo(CpuSet.of(1, 7));
    assertThat(policy.allocateCpus(state, 8, java.util.Optional.of(NumaMask.of(1)), CpuSet.empty(), QuirkLog.of(Behaviour.KUBELET)))
        .isEqualTo(CpuSet.parse("0-1,3,5-7,9,11"));
  }

  @Test
  void rule26_appContainersReuseTheCpusOfStandardInitContainers() {
    StaticPolicy policy = policy(UpstreamTopologies.singleSocketHt(), 0, DEFAULTS);
    Container init = guaranteed("init", "4", "1G");
    Container app = guaranteed("app", "2", "1G");
    Pod pod = new Pod.Builder().uid("p").addInitContainer(init).addContainer(app).build();
    CpuManagerState state = policy.start(CpuManagerState.empty());
    state = policy.allocate(state, pod, init, NONE, QuirkLog.of(Behaviour.KUBELET)).state();
    state = policy.allocate(state, pod, app, NONE, QuirkLog.of(Behaviour.KUBELET)).state();
    assertThat(state.containerCpus("p", "app").orElseThrow().isSubsetOf(state.containerCpus("p", "init").orElseThrow()))
        .isTrue();
    assertThat(state.defaultCpuSet()).isEqualTo(CpuSet.parse("2-3,6-7"));
    CpuManagerState removed = policy.removeContainer(state, "p", "init");
    assertThat(removed.defaultCpuSet()).isEqualTo(CpuSet.parse("1-3,5-7"));
  }

  @Test
  void rule26_podLevelPodsWithoutTheGatesAreNeitherHintedNorAllocated() {
    StaticPolicy policy = policy(UpstreamTopologies.dualSocketHt(), 1, DEFAULTS);
    Container container = PolicyFixtures.exclusive("c", 1);
    Pod pod = PolicyFixtures.podLevelPod("p", 2).addContainer(container).build();
    CpuManagerState state = policy.start(CpuManagerState.empty());
    assertThat(policy.allocate(state, pod, container, NONE, QuirkLog.of(Behaviour.KUBELET)).state()).isEqualTo(state);
    assertThat(policy.containerHintList(state, pod, container)).isEmpty();
  }

  @Test
  void rule25_preferenceUsesCapacityNotFreeCpus() {
    StaticPolicy policy = policy(UpstreamTopologies.dualSocketHt(), 0, DEFAULTS);
    Container container = guaranteed("c", "2", "1G");
    CpuManagerState state = CpuManagerState.of(CpuSet.of(0, 3), Map.of(), Map.of());
    assertThat(policy.containerHintList(state, pod("p", container), container))
        .contains(List.of(TopologyHint.of(NumaMask.of(0, 1), false)));
  }

  @Test
  void rule25_theDescribedListNamesTheReusableNodesTheRequestAndThePreferredWidth() {
    StaticPolicy policy = policy(UpstreamTopologies.dualSocketHt(), 0, DEFAULTS);
    assertThat(policy.packedHints(CpuSet.parse("0-11"), CpuSet.of(1), 2).family().orElseThrow().description())
        .isEqualTo("every mask holding NUMA [1] with 2 CPUs free or reusable; preferred width 1");
  }

  @Test
  void rule25_aTopologyDeclaringNoSocketHasNoSocketAlignedHintUnderAlignBySocket() {
    // NUMA nodes per socket taken as 0 (upstream's isHintSocketAligned would divide by the socket count):
    // no hint is socket-aligned, only the narrowest ones are preferred.
    CpuTopology noSocket = CpuTopology.declared(UpstreamTopologies.machine("no-socket", 4,
        id -> Cpu.of(id, id, 0, id / 2, 0)), 4, 4, 0, 0);
    StaticPolicy bySocket = StaticPolicy.create(noSocket, 0, CpuSet.empty(),
        new StaticPolicyOptions.Builder().alignBySocket(true).build(), ALPHA, "none", QuirkLog.of(Behaviour.KUBELET));
    assertThat(bySocket.packedHints(noSocket.cpus(), CpuSet.empty(), 2).hints()).containsExactly(
        TopologyHint.of(NumaMask.of(0), true), TopologyHint.of(NumaMask.of(1), true),
        TopologyHint.of(NumaMask.of(0, 1), false));
  }

  @Test
  void rule25_anExistingAssignmentOfAnotherSizeIsUnsatisfiable() {
    StaticPolicy policy = policy(UpstreamTopologies.dualSocketHt(), 0, DEFAULTS);
    Container container = guaranteed("c", "2", "1G");
    CpuManagerState state = CpuManagerState.of(CpuSet.empty(), Map.of("p", Map.of("c", CpuSet.of(0, 3, 6, 9))), Map.of());
    assertThat(policy.containerHintList(state, pod("p", container), container)).contains(List.of());
  }

  @Test
  void rule610_isolationLevelsAreHostPodAndContainer() {
    StaticPolicy policy = StaticPolicy.create(UpstreamTopologies.dualSocketHt(), 1, CpuSet.of(0), DEFAULTS, POD_LEVEL_GATES, "none", QuirkLog.of(Behaviour.KUBELET));
    Container gu = PolicyFixtures.exclusive("gu", 1);
    Container ngu = PolicyFixtures.shared("ngu");
    Pod pod = PolicyFixtures.podLevelPod("p", 2).addContainers(gu, ngu).build();
    CpuManagerState state = policy.allocatePod(policy.start(CpuManagerState.empty()), pod, NONE, QuirkLog.of(Behaviour.KUBELET)).state();
    assertThat(policy.isolationLevel(state, pod, gu)).isEqualTo(ResourceIsolationLevel.CONTAINER);
    assertThat(policy.isolationLevel(state, pod, ngu)).isEqualTo(ResourceIsolationLevel.POD);
    assertThat(policy.isolationLevel(CpuManagerState.empty(), pod, gu)).isEqualTo(ResourceIsolationLevel.HOST);
  }

  @Test
  void rule26_alignBySocketExpandsTheHintedNumaNodesToTheirSockets() {
    StaticPolicy bySocket = StaticPolicy.create(UpstreamTopologies.dualSocketMultiNumaPerSocketHt(), 0, CpuSet.empty(),
        new StaticPolicyOptions.Builder().alignBySocket(true).build(), ALPHA, "none", QuirkLog.of(Behaviour.KUBELET));
    CpuManagerState state = CpuManagerState.of(CpuSet.of(2, 11, 21, 22), Map.of(), Map.of());
    assertThat(bySocket.allocateCpus(state, 2, java.util.Optional.of(NumaMask.of(0)), CpuSet.empty(), QuirkLog.of(Behaviour.KUBELET)))
        .isEqualTo(CpuSet.of(2, 11));
    assertThat(bySocket.allocateCpus(state, 3, java.util.Optional.of(NumaMask.of(2)), CpuSet.empty(), QuirkLog.of(Behaviour.KUBELET)))
        .contains(21, 22).hasSize(3);
  }
}
