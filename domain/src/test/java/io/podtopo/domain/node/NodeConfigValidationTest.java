package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.PLRM_ON;
import static io.podtopo.domain.node.NodeFixtures.config;
import static io.podtopo.domain.node.NodeFixtures.twoSocketsNoSmt;
import static io.podtopo.domain.node.NodeFixtures.twoSocketsSmt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Start-up validation of a node configuration and of a restored state (rules NA-1, NA-2). */
class NodeConfigValidationTest {

  private static NodeConfig.Builder valid() {
    return config(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD, PLRM_ON);
  }

  private static void assertInvalid(NodeConfig config, Machine machine, String field, String text) {
    assertThatThrownBy(() -> NodeResourceManagers.create(config, machine))
        .isInstanceOfSatisfying(InvalidNodeConfigException.class, e -> assertThat(e.field()).isEqualTo(field))
        .hasMessage(field + ": " + text);
  }

  /** {@code nodes} NUMA nodes with two CPUs each. */
  private static Machine numaNodes(int nodes) {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < nodes * 2; id++) {
      cpus.add(Cpu.of(id, id, 0, id / 2, 0));
    }
    return Machine.ofCpus("numa-" + nodes, cpus);
  }

  @Test
  void na1_kubeletDefaultsManageNothing() {
    NodeResourceManagers node = NodeResourceManagers.create(NodeConfig.defaults(), twoSocketsNoSmt());
    NodeState state = node.initialState();
    Pod pod = new Pod.Builder().uid("p").addContainers(NodeFixtures.gu("c", "2", "1Gi")).build();

    Admission admission = node.admit(state, pod);

    assertThat(state).isEqualTo(NodeState.empty());
    assertThat(admission.admitted()).isTrue();
    assertThat(admission.state()).isEqualTo(state);
    assertThat(node.allocatable(state).cpuIds()).isEqualTo(CpuSet.empty());
    assertThat(node.allocatable(state).memory()).isEmpty();
  }

  @Test
  void na1_cpuPolicyNoneRefusesOptions() {
    assertInvalid(new NodeConfig.Builder().putCpuManagerPolicyOption("full-pcpus-only", "true").build(), twoSocketsNoSmt(),
        "cpuManagerPolicyOptions", "None policy: cpu manager policy options not supported");
  }

  @Test
  void na1_staticPolicyNeedsReservedCpus() {
    assertInvalid(valid().reservedSystemCpus(java.util.Optional.empty()).build(), twoSocketsNoSmt(),
        "kubeReserved/systemReserved cpu",
        "the static policy requires systemreserved.cpu + kubereserved.cpu to be greater than zero");
  }

  @Test
  void na1_reservedCpusMustBeCpusOfTheMachine() {
    assertInvalid(valid().reservedSystemCpus(CpuSet.of(0, 40)).build(), twoSocketsNoSmt(),
        "reservedSystemCPUs", "CPUs \"40\" are not CPUs of the machine \"0-15\"");
  }

  @Test
  void na1_reservedCpuCountIsTakenByTheStaticPolicy() {
    NodeResourceManagers node = NodeResourceManagers.create(
        valid().reservedSystemCpus(java.util.Optional.empty()).reservedCpuCount(2).build(), twoSocketsSmt());

    assertThat(node.cpuPolicy().reservedCpus()).isEqualTo(CpuSet.of(0, 12));
    assertThat(node.allocatable(node.initialState()).cpuIds()).isEqualTo(CpuSet.range(0, 23).difference(CpuSet.of(0, 12)));
  }

  @Test
  void na1_cpuPolicyOptionsAreCheckedWithUpstreamTexts() {
    assertInvalid(valid().putCpuManagerPolicyOption("no-such-option", "true").build(), twoSocketsNoSmt(),
        "cpuManagerPolicyOptions", "unknown CPU Manager Policy option: \"no-such-option\"");
    assertInvalid(config(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD, PLRM_ON)
            .putCpuManagerPolicyOption("align-by-socket", "true")
            .featureGates(PLRM_ON.with("CPUManagerPolicyAlphaOptions", true)).build(), twoSocketsNoSmt(),
        "cpuManagerPolicyOptions",
        "Topolgy manager single-numa-node policy is incompatible with CPUManager align-by-socket policy option");
  }

  @Test
  void na1_staticMemoryPolicyNeedsReservedMemory() {
    assertInvalid(valid().reservedMemory(new TreeMap<>()).build(), twoSocketsNoSmt(),
        "reservedMemory", "[memorymanager] you should specify the system reserved memory");
  }

  @Test
  void na1_reservedMemoryMustNameNumaNodesOfTheMachine() {
    assertInvalid(valid().putReservedMemory(7, new TreeMap<>(Map.of("memory", 1L))).build(), twoSocketsNoSmt(),
        "reservedMemory", "NUMA node 7 does not exist on the machine [0, 1]");
  }

  @Test
  void na1_reservedMemoryMayBeZeroOnANodeButNeverNegative() {
    NodeResourceManagers node = NodeResourceManagers.create(valid()
        .putReservedMemory(1, new TreeMap<>(Map.of("memory", 0L, "hugepages-1Gi", 0L))).build(), twoSocketsNoSmt());
    NodeState state = node.initialState();
    assertThat(state.memory().machineState().table(0, "memory").orElseThrow().systemReserved()).isEqualTo(NodeFixtures.GI);
    assertThat(state.memory().machineState().table(1, "memory").orElseThrow().systemReserved()).isZero();
    assertThat(state.memory().machineState().table(1, "hugepages-1Gi").orElseThrow().systemReserved()).isZero();

    assertInvalid(valid().putReservedMemory(1, new TreeMap<>(Map.of("memory", -1L))).build(), twoSocketsNoSmt(),
        "reservedMemory", "NUMA node 1: negative memory -1");
  }

  @Test
  void na1_topologyManagerRefusesMoreThanTheAllowedNumaNodes() {
    NodeConfig nine = new NodeConfig.Builder().topologyManagerPolicy(TopologyManagerPolicy.BEST_EFFORT).build();
    assertInvalid(nine, numaNodes(9), "topologyManagerPolicy", "unsupported on machines with more than 8 NUMA Nodes");

    NodeConfig raised = new NodeConfig.Builder().from(nine).putTopologyManagerPolicyOption("max-allowable-numa-nodes", "9")
        .build();
    assertThat(NodeResourceManagers.create(raised, numaNodes(9)).initialState()).isEqualTo(NodeState.empty());
  }

  /**
   * Issue 9, ADR 0007: the hint lists are described rather than enumerated, so podtopo starts on as
   * many NUMA nodes as a hint mask holds (64) once {@code max-allowable-numa-nodes} allows them;
   * it no longer refuses more than 20.
   */
  @Test
  void upTo64NumaNodesStartOnceMaxAllowableNumaNodesAllowsThem_issue9() {
    NodeConfig raised = new NodeConfig.Builder().topologyManagerPolicy(TopologyManagerPolicy.BEST_EFFORT)
        .putTopologyManagerPolicyOption("max-allowable-numa-nodes", "64").build();
    assertThat(NodeResourceManagers.create(raised, numaNodes(21)).initialState()).isEqualTo(NodeState.empty());
    assertThat(NodeResourceManagers.create(raised, numaNodes(64)).initialState()).isEqualTo(NodeState.empty());
    // without the option the kubelet's own refusal comes first
    assertInvalid(new NodeConfig.Builder().topologyManagerPolicy(TopologyManagerPolicy.BEST_EFFORT).build(), numaNodes(21),
        "topologyManagerPolicy", "unsupported on machines with more than 8 NUMA Nodes");
    // the none policy enumerates nothing
    assertThat(NodeResourceManagers.create(NodeConfig.defaults(), numaNodes(64)).initialState()).isEqualTo(NodeState.empty());
  }

  /**
   * ADR 0007: on up to {@code implicitHintsAboveNumaNodes} NUMA nodes (10 by default, not a kubelet
   * setting) the described hint lists are listed and merged as lists, where a description search that
   * gives up falls back to listing; 0 forces the descriptions everywhere, without that fallback.
   */
  @Test
  void adr0007_describedListsAreMergedAsListsOnUpToTenNumaNodesByDefault() {
    assertThat(NodeConfig.defaults().implicitHintsAboveNumaNodes()).isEqualTo(10);
    assertThat(valid().build().implicitHintsAboveNumaNodes()).isEqualTo(10);
  }

  @Test
  void na1_managerPoliciesAreNamedAsInAKubeletConfiguration() {
    assertThat(CpuManagerPolicy.parse("static")).isEqualTo(CpuManagerPolicy.STATIC);
    assertThat(CpuManagerPolicy.STATIC.kubeletName()).isEqualTo("static");
    assertThat(CpuManagerPolicy.NONE).hasToString("none");
    assertThat(MemoryManagerPolicy.parse("Static")).isEqualTo(MemoryManagerPolicy.STATIC);
    assertThat(MemoryManagerPolicy.STATIC.kubeletName()).isEqualTo("Static");
    assertThat(MemoryManagerPolicy.NONE).hasToString("None");
    assertThatThrownBy(() -> MemoryManagerPolicy.parse("static")).isInstanceOf(InvalidNodeConfigException.class)
        .hasMessage("memoryManagerPolicy: unknown policy: \"static\"");
  }

  @Test
  void na1_badTopologyManagerOptionsNameTheirField() {
    assertInvalid(valid().putTopologyManagerPolicyOption("max-allowable-numa-nodes", "x").build(), twoSocketsNoSmt(),
        "topologyManagerPolicyOptions",
        "unable to convert policy option to integer \"max-allowable-numa-nodes\": strconv.Atoi: parsing \"x\": "
            + "invalid syntax");
  }

  @Test
  void na1_featureGatesTheKubeletsGateRegistryRefusesAreRefusedBeforeAnyManagerIsBuilt() {
    assertInvalid(valid().featureGates(PLRM_ON.with(FeatureGates.POD_LEVEL_RESOURCES, false)
            .with(FeatureGates.POD_LEVEL_RESOURCES_FIX_DEFAULTING, false)
            .with(FeatureGates.POD_LEVEL_RESOURCES_FIX_KUBELET_QOS_CLASS, false)
            .with(FeatureGates.IN_PLACE_POD_LEVEL_RESOURCES_VERTICAL_SCALING, false)).build(), twoSocketsNoSmt(),
        "featureGates", "PodLevelResourceManagers is enabled, but depends on features that are disabled: "
            + "[PodLevelResources]");
    assertInvalid(valid().featureGates(PLRM_ON.with(FeatureGates.IN_PLACE_POD_VERTICAL_SCALING, false)).build(),
        twoSocketsNoSmt(), "featureGates",
        "cannot set feature gate InPlacePodVerticalScaling to false, feature is locked to true");
  }

  @Test
  void na2_startRefusesARestoredMemoryStateInTheKubeletsWordsNamingTheMemoryManager() {
    NodeResourceManagers node = NodeResourceManagers.create(valid().build(), twoSocketsNoSmt());
    NodeState admitted = node.admit(node.initialState(),
        NodeFixtures.podLevel("p", "2", "2Gi").addContainers(NodeFixtures.gu("c", "2", "2Gi")).build()).state();
    NodeResourceManagers moreReserved = NodeResourceManagers.create(valid()
        .putReservedMemory(0, new TreeMap<>(Map.of("memory", 2 * NodeFixtures.GI))).build(), twoSocketsNoSmt());

    // cm/container_manager_linux.go Start: fmt.Errorf("start memory manager error: %w", err).
    assertThatThrownBy(() -> moreReserved.start(admitted)).isInstanceOf(InvalidNodeStateException.class)
        .hasMessage("start memory manager error: [memorymanager] the expected machine state is different from the "
            + "real one");
  }

  @Test
  void na2_startRefusesAnInconsistentRestoredStateInTheKubeletsWordsNamingTheCpuManager() {
    NodeResourceManagers node = NodeResourceManagers.create(valid().build(), twoSocketsNoSmt());
    NodeState broken = new NodeState.Builder().from(node.initialState())
        .cpu(CpuManagerState.of(CpuSet.range(1, 15), Map.of(), Map.of()))
        .build();

    assertThatThrownBy(() -> node.start(broken)).isInstanceOf(InvalidNodeStateException.class)
        .hasMessage("start cpu manager error: not all reserved cpus: \"0\" are present in defaultCpuSet: \"1-15\"");
  }

  @Test
  void na2_startKeepsAConsistentRestoredStateAndForgetsTheTopologyManagersStoredHints() {
    NodeResourceManagers node = NodeResourceManagers.create(valid().build(), twoSocketsNoSmt());
    Pod pod = NodeFixtures.podLevel("p", "4", "2Gi").addContainers(Container.named("c")).build();
    NodeState admitted = node.startContainers(node.admit(node.initialState(), pod).state(), pod);
    assertThat(admitted.topologyHints()).containsOnlyKeys("p");
    assertThat(admitted.startedContainers()).containsOnlyKeys("p");

    // The managers' checkpoints come back as they were; the Topology Manager's maps, kept in memory only, do not.
    assertThat(node.start(admitted))
        .isEqualTo(new NodeState.Builder().from(admitted).topologyHints(TrackedSortedMap.empty()).startedContainers(TrackedSortedMap.empty()).build());
  }

  @Test
  void roleOfTellsInitSidecarAppAndEphemeralContainersApart() {
    NodeResourceManagers node = NodeResourceManagers.create(NodeConfig.defaults(), twoSocketsNoSmt());
    Pod pod = new Pod.Builder().uid("p")
        .addInitContainers(Container.named("i"), NodeFixtures.sidecar(Container.named("s")))
        .addContainers(Container.named("a")).addEphemeralContainer(Container.named("e")).build();

    assertThat(List.of("i", "s", "a", "e")).extracting(name -> node.roleOf(pod, Container.named(name)))
        .containsExactly(ContainerRole.INIT, ContainerRole.SIDECAR, ContainerRole.APP, ContainerRole.EPHEMERAL);
    assertThatThrownBy(() -> node.roleOf(pod, Container.named("x"))).isInstanceOf(IllegalArgumentException.class);
  }
}
