package io.podtopo.domain.cpumanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Option names, maturity gating, ParseBool values and incompatible pairs (spec 2.8). */
class StaticPolicyOptionsTest {

  private static final FeatureGates ALPHA = FeatureGates.of(Map.of(FeatureGates.CPU_MANAGER_POLICY_ALPHA_OPTIONS, true));

  @Test
  void rule28_valuesAreParsedLikeGoParseBool() {
    assertThat(StaticPolicyOptions.parse(Map.of("full-pcpus-only", "T"), FeatureGates.defaults()).fullPhysicalCpusOnly())
        .isTrue();
    assertThat(StaticPolicyOptions.parse(Map.of("full-pcpus-only", "0"), FeatureGates.defaults()).fullPhysicalCpusOnly())
        .isFalse();
    assertThatThrownBy(() -> StaticPolicyOptions.parse(Map.of("full-pcpus-only", "enabled!"), FeatureGates.defaults()))
        .hasMessage("bad value for option \"full-pcpus-only\": strconv.ParseBool: parsing \"enabled!\": invalid syntax");
  }

  @Test
  void rule28_unknownOptionsAreRefused() {
    assertThatThrownBy(() -> StaticPolicyOptions.parse(Map.of("badvalue2", "aaaa"), FeatureGates.defaults()))
        .hasMessage("unknown CPU Manager Policy option: \"badvalue2\"");
  }

  @Test
  void rule28_alphaOptionsNeedTheAlphaGate() {
    assertThatThrownBy(() -> StaticPolicyOptions.parse(Map.of("align-by-socket", "true"), FeatureGates.defaults()))
        .hasMessage("CPU Manager Policy Alpha-level Options not enabled, but option \"align-by-socket\" provided");
    assertThat(StaticPolicyOptions.parse(Map.of("align-by-socket", "true"), ALPHA).alignBySocket()).isTrue();
  }

  @Test
  void rule28_betaOptionsNeedTheBetaGateWhichIsOnByDefault() {
    FeatureGates noBeta = FeatureGates.of(Map.of(FeatureGates.CPU_MANAGER_POLICY_BETA_OPTIONS, false));
    assertThatThrownBy(() -> StaticPolicyOptions.parse(Map.of("strict-cpu-reservation", "true"), noBeta))
        .hasMessage("CPU Manager Policy Beta-level Options not enabled, but option \"strict-cpu-reservation\" provided");
    assertThat(StaticPolicyOptions.parse(Map.of("strict-cpu-reservation", "true"), FeatureGates.defaults())
        .strictCpuReservation()).isTrue();
  }

  @Test
  void rule28_incompatiblePairsAreRefused() {
    assertThatThrownBy(() -> StaticPolicyOptions.parse(
        Map.of("full-pcpus-only", "true", "distribute-cpus-across-cores", "true"), ALPHA))
        .hasMessage("static policy options full-pcpus-only and distribute-cpus-across-cores can not be used at the same time");
    assertThatThrownBy(() -> StaticPolicyOptions.parse(
        Map.of("distribute-cpus-across-numa", "true", "distribute-cpus-across-cores", "true"), ALPHA))
        .hasMessage("static policy options distribute-cpus-across-numa and distribute-cpus-across-cores "
            + "can not be used at the same time");
    assertThatThrownBy(() -> StaticPolicyOptions.parse(
        Map.of("prefer-align-cpus-by-uncorecache", "true", "distribute-cpus-across-cores", "true"), ALPHA))
        .hasMessage("static policy options prefer-align-cpus-by-uncorecache and distribute-cpus-across-cores "
            + "can not be used at the same time");
    assertThatThrownBy(() -> StaticPolicyOptions.parse(
        Map.of("prefer-align-cpus-by-uncorecache", "true", "distribute-cpus-across-numa", "true"), ALPHA))
        .hasMessage("static policy options prefer-align-cpus-by-uncorecache and distribute-cpus-across-numa "
            + "can not be used at the same time");
  }

  @Test
  void rule28_alignBySocketIsRefusedWithMoreSocketsThanNumaNodesOrSingleNumaNodePolicy() {
    StaticPolicyOptions options = new StaticPolicyOptions.Builder().alignBySocket(true).build();
    assertThatThrownBy(() -> options.validateFor(UpstreamTopologies.dualSocketHt(), "single-numa-node"))
        .hasMessage("Topolgy manager single-numa-node policy is incompatible with CPUManager align-by-socket policy option");
    CpuTopology twoSocketsOneNode = CpuTopology.of(Machine.ofCpus("2s1n", List.of(Cpu.of(0, 0, 0, 0, 0),
        Cpu.of(1, 1, 1, 0, 0))), 0);
    assertThatThrownBy(() -> options.validateFor(twoSocketsOneNode, "restricted"))
        .hasMessage("Align by socket is not compatible with hardware where number of sockets are more than number of NUMA");
    options.validateFor(UpstreamTopologies.dualSocketHt(), "restricted");
  }

  /** Upstream {@code NewStaticPolicy} validates the options itself, whoever calls it (mutation testing found it untested). */
  @Test
  void rule28_creatingTheStaticPolicyRefusesAlignBySocketWhereItCannotHold() {
    StaticPolicyOptions options = new StaticPolicyOptions.Builder().alignBySocket(true).build();
    assertThatThrownBy(() -> StaticPolicy.create(UpstreamTopologies.dualSocketHt(), 1, CpuSet.empty(), options, ALPHA,
        "single-numa-node", QuirkLog.of(Behaviour.KUBELET)))
        .isInstanceOf(StaticPolicyException.class)
        .hasMessage("Topolgy manager single-numa-node policy is incompatible with CPUManager align-by-socket policy option");
    assertThat(StaticPolicy.create(UpstreamTopologies.dualSocketHt(), 1, CpuSet.empty(), options, ALPHA, "restricted", QuirkLog.of(Behaviour.KUBELET))
        .options().alignBySocket()).isTrue();
  }
}
