package io.podtopo.domain.topologymanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topology.NumaNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Policy, scope and option parsing and the NUMA info checks of upstream {@code NewManager} (§1.3). */
class TopologyManagerConfigTest {

  private static TopologyManagerOptions parse(Map<String, String> options) {
    return TopologyManagerOptions.parse(options, FeatureGates.defaults());
  }

  @Test
  void policiesAndScopesParseFromKubeletNames() {
    assertThat(TopologyManagerPolicy.parse("none")).isEqualTo(TopologyManagerPolicy.NONE);
    assertThat(TopologyManagerPolicy.parse("best-effort")).isEqualTo(TopologyManagerPolicy.BEST_EFFORT);
    assertThat(TopologyManagerPolicy.parse("restricted")).isEqualTo(TopologyManagerPolicy.RESTRICTED);
    assertThat(TopologyManagerPolicy.parse("single-numa-node")).isEqualTo(TopologyManagerPolicy.SINGLE_NUMA_NODE);
    assertThat(TopologyManagerScope.parse("pod")).isEqualTo(TopologyManagerScope.POD);
    assertThat(TopologyManagerScope.parse("container")).isEqualTo(TopologyManagerScope.CONTAINER);
    assertThat(TopologyManagerScope.defaultScope()).isEqualTo(TopologyManagerScope.CONTAINER);
    assertThat(TopologyManagerPolicy.SINGLE_NUMA_NODE.kubeletName()).isEqualTo("single-numa-node");
  }

  @Test
  void unknownPolicyOrScopeIsRejectedWithUpstreamsText() {
    assertThatThrownBy(() -> TopologyManagerPolicy.parse("Restricted"))
        .isInstanceOf(InvalidTopologyManagerConfigException.class).hasMessage("unknown policy: \"Restricted\"");
    assertThatThrownBy(() -> TopologyManagerScope.parse("node"))
        .isInstanceOf(InvalidTopologyManagerConfigException.class).hasMessage("unknown scope: \"node\"");
  }

  @Test
  void optionsDefaultToNoClosestAndEightNodes() {
    TopologyManagerOptions options = parse(Map.of());
    assertThat(options.preferClosestNumaNodes()).isFalse();
    assertThat(options.maxAllowableNumaNodes()).isEqualTo(8);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1", "t", "T", "TRUE", "true", "True"})
  void preferClosestAcceptsGoTrueSpellings(String value) {
    assertThat(parse(Map.of("prefer-closest-numa-nodes", value)).preferClosestNumaNodes()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "f", "F", "FALSE", "false", "False"})
  void preferClosestAcceptsGoFalseSpellings(String value) {
    assertThat(parse(Map.of("prefer-closest-numa-nodes", value)).preferClosestNumaNodes()).isFalse();
  }

  @Test
  void badBooleanIsRejectedLikeStrconvParseBool() {
    assertThatThrownBy(() -> parse(Map.of("prefer-closest-numa-nodes", "yes")))
        .isInstanceOf(InvalidTopologyManagerConfigException.class)
        .hasMessage("bad value for option \"prefer-closest-numa-nodes\": strconv.ParseBool: parsing \"yes\": invalid syntax");
  }

  @Test
  void maxAllowableNumaNodesBelowEightIsAnError() {
    assertThat(parse(Map.of("max-allowable-numa-nodes", "16")).maxAllowableNumaNodes()).isEqualTo(16);
    assertThat(parse(Map.of("max-allowable-numa-nodes", "+8")).maxAllowableNumaNodes()).isEqualTo(8);
    assertThatThrownBy(() -> parse(Map.of("max-allowable-numa-nodes", "4")))
        .hasMessage("the minimum value of \"max-allowable-numa-nodes\" should not be less than 8");
    assertThatThrownBy(() -> parse(Map.of("max-allowable-numa-nodes", "-9")))
        .hasMessage("the minimum value of \"max-allowable-numa-nodes\" should not be less than 8");
    assertThatThrownBy(() -> new TopologyManagerOptions.Builder().maxAllowableNumaNodes(7).build())
        .isInstanceOf(InvalidTopologyManagerConfigException.class);
  }

  @Test
  void maxAllowableNumaNodesMustBeAnIntegerLikeStrconvAtoi() {
    assertThatThrownBy(() -> parse(Map.of("max-allowable-numa-nodes", "x")))
        .hasMessage("unable to convert policy option to integer \"max-allowable-numa-nodes\": "
            + "strconv.Atoi: parsing \"x\": invalid syntax");
    assertThatThrownBy(() -> parse(Map.of("max-allowable-numa-nodes", "99999999999999999999")))
        .hasMessage("unable to convert policy option to integer \"max-allowable-numa-nodes\": "
            + "strconv.Atoi: parsing \"99999999999999999999\": value out of range");
  }

  @Test
  void unknownOptionIsRejectedAndErrorsComeInNameOrder() {
    assertThatThrownBy(() -> parse(Map.of("unknown-option", "true")))
        .isInstanceOf(InvalidTopologyManagerConfigException.class)
        .hasMessage("unknown Topology Manager Policy option: \"unknown-option\"");
    assertThatThrownBy(() -> parse(Map.of("zz", "1", "max-allowable-numa-nodes", "1")))
        .hasMessageContaining("minimum value");
  }

  @Test
  void bothOptionsAreStableSoMaturityGatesDoNotMatter() {
    FeatureGates off = FeatureGates.of(Map.of(
        FeatureGates.TOPOLOGY_MANAGER_POLICY_ALPHA_OPTIONS, false,
        FeatureGates.TOPOLOGY_MANAGER_POLICY_BETA_OPTIONS, false));
    TopologyManagerOptions options = TopologyManagerOptions.parse(
        Map.of("prefer-closest-numa-nodes", "true", "max-allowable-numa-nodes", "9"), off);
    assertThat(options.preferClosestNumaNodes()).isTrue();
    assertThat(options.maxAllowableNumaNodes()).isEqualTo(9);
  }

  @Test
  void alphaAndBetaOptionsNeedTheirGates() {
    Map<String, TopologyManagerOptions.Maturity> table = Map.of(
        "a", TopologyManagerOptions.Maturity.ALPHA, "b", TopologyManagerOptions.Maturity.BETA);
    assertThatThrownBy(() -> TopologyManagerOptions.checkAvailable("a", table, FeatureGates.defaults()))
        .hasMessage("Topology Manager Policy Alpha-level Options not enabled, but option \"a\" provided");
    FeatureGates betaOff = FeatureGates.defaults().with(FeatureGates.TOPOLOGY_MANAGER_POLICY_BETA_OPTIONS, false);
    assertThatThrownBy(() -> TopologyManagerOptions.checkAvailable("b", table, betaOff))
        .hasMessage("Topology Manager Policy Beta-level Options not enabled, but option \"b\" provided");
    FeatureGates alphaOn = FeatureGates.defaults().with(FeatureGates.TOPOLOGY_MANAGER_POLICY_ALPHA_OPTIONS, true);
    TopologyManagerOptions.checkAvailable("a", table, alphaOn);
    TopologyManagerOptions.checkAvailable("b", table, FeatureGates.defaults());
  }

  private static Machine machine(int nodes, boolean withDistances) {
    List<Cpu> cpus = new ArrayList<>();
    Machine.Builder builder = new Machine.Builder().name(nodes + "-nodes");
    for (int node = 0; node < nodes; node++) {
      cpus.add(Cpu.of(node, node, 0, node, 0));
      builder.addNumaNode(NumaNode.of(node, 0));
      if (withDistances) {
        int from = node;
        builder.putDistance(node, IntStream.range(0, nodes).mapToObj(to -> to == from ? 10 : 20).toList());
      }
    }
    return builder.addAllCpus(cpus).build();
  }

  @Test
  void moreNumaNodesThanAllowedIsUnsupportedUnlessPolicyIsNone_spec1_3() {
    TopologyManagerOptions defaults = TopologyManagerOptions.defaults();
    assertThatThrownBy(() -> NumaInfo.forMachine(machine(9, false), TopologyManagerPolicy.BEST_EFFORT, defaults))
        .isInstanceOf(InvalidTopologyManagerConfigException.class)
        .hasMessage("unsupported on machines with more than 8 NUMA Nodes");
    assertThat(NumaInfo.forMachine(machine(9, false), TopologyManagerPolicy.NONE, defaults).nodes()).hasSize(9);
    TopologyManagerOptions raised = new TopologyManagerOptions.Builder().maxAllowableNumaNodes(9).build();
    assertThat(NumaInfo.forMachine(machine(9, false), TopologyManagerPolicy.RESTRICTED, raised).nodes()).hasSize(9);
    assertThat(NumaInfo.forMachine(machine(8, false), TopologyManagerPolicy.RESTRICTED, defaults).nodes()).hasSize(8);
  }

  @Test
  void distancesAreRequiredOnlyWithPreferClosest_spec1_3() {
    TopologyManagerOptions closest = new TopologyManagerOptions.Builder().preferClosestNumaNodes(true).build();
    assertThatThrownBy(() -> NumaInfo.forMachine(machine(2, false), TopologyManagerPolicy.BEST_EFFORT, closest))
        .hasMessage("cannot discover NUMA topology: error getting NUMA distances from cadvisor");
    assertThat(NumaInfo.forMachine(machine(2, false), TopologyManagerPolicy.BEST_EFFORT,
        TopologyManagerOptions.defaults()).distances()).isEmpty();
    assertThat(NumaInfo.forMachine(machine(2, true), TopologyManagerPolicy.BEST_EFFORT, closest).distances())
        .containsEntry(1, List.of(20L, 10L));
  }

  @Test
  void averageDistanceIncludesTheDiagonal_spec1_4() {
    NumaInfo info = NumaInfo.of(List.of(0, 1, 2), Map.of(
        0, List.of(10L, 21L, 30L), 1, List.of(21L, 10L, 30L), 2, List.of(30L, 30L, 10L)));
    assertThat(info.averageDistance(NumaMask.of(0, 1))).isEqualTo((10 + 21 + 21 + 10) / 4.0);
    assertThat(info.averageDistance(NumaMask.of(2))).isEqualTo(10.0);
    assertThat(info.averageDistance(NumaMask.empty())).isZero();
  }

  @Test
  void sparseNodeIdsIndexDistanceRowsByPosition() {
    NumaInfo info = NumaInfo.of(List.of(0, 4), Map.of(0, List.of(10L, 16L), 4, List.of(16L, 10L)));
    assertThat(info.averageDistance(NumaMask.of(0, 4))).isEqualTo(13.0);
  }

  @Test
  void aMissingDistanceIsNamedByItsNodes_spec1_4() {
    NumaInfo info = NumaInfo.of(List.of(0, 1), Map.of(0, List.of(10L), 1, List.of(20L, 10L)));
    assertThat(info.averageDistance(NumaMask.of(1))).isEqualTo(10.0);
    assertThatThrownBy(() -> info.averageDistance(NumaMask.of(0, 1)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("no NUMA distance from node 0 to node 1");
    NumaInfo withoutRow = NumaInfo.of(List.of(0, 1), Map.of(1, List.of(20L, 10L)));
    assertThatThrownBy(() -> withoutRow.averageDistance(NumaMask.of(0)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("no NUMA distance from node 0 to node 0");
  }

  @Test
  void nodeIdsAbove63AreRefusedOnlyWhereHintMasksAreBuilt_spec1_3() {
    Machine machine = new Machine.Builder().name("numa-64")
        .addAllCpus(List.of(Cpu.of(0, 0, 0, 0, 0), Cpu.of(1, 1, 0, 64, 0)))
        .addNumaNode(NumaNode.of(0, 0)).addNumaNode(NumaNode.of(64, 0)).build();
    TopologyManagerOptions defaults = TopologyManagerOptions.defaults();
    assertThat(NumaInfo.forMachine(machine, TopologyManagerPolicy.NONE, defaults).nodes()).containsExactly(0, 64);
    assertThatThrownBy(() -> NumaInfo.forMachine(machine, TopologyManagerPolicy.BEST_EFFORT, defaults))
        .isInstanceOf(InvalidTopologyManagerConfigException.class)
        .hasMessage("NUMA node 64 is outside 0..63, the range of a topology hint mask");
  }

  @Test
  void policiesAndScopesPrintAsTheirKubeletNames() {
    for (TopologyManagerPolicy policy : TopologyManagerPolicy.values()) {
      assertThat(policy).hasToString(policy.kubeletName());
    }
    for (TopologyManagerScope scope : TopologyManagerScope.values()) {
      assertThat(scope).hasToString(scope.kubeletName());
    }
    assertThat(TopologyManagerPolicy.SINGLE_NUMA_NODE).hasToString("single-numa-node");
    assertThat(TopologyManagerScope.POD).hasToString("pod");
  }

  @Test
  void hintMasksHoldOnlyNodes0To63() {
    assertThatThrownBy(() -> NumaInfo.of(List.of(0, 72)))
        .isInstanceOf(InvalidTopologyManagerConfigException.class)
        .hasMessageContaining("NUMA node 72");
  }
}
