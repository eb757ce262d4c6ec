package io.podtopo.conformance.properties;

import static io.podtopo.conformance.generators.PropertySeed.qt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.conformance.generators.Hints.MergeInput;
import io.podtopo.conformance.generators.NodePods;
import io.podtopo.conformance.generators.Nodes;
import io.podtopo.conformance.generators.WideHints;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topologymanager.MergeDecision;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.NumaInfo;
import io.podtopo.domain.topologymanager.ProviderAnswer;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyManagerOptions;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyPolicy;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * Issue 9, ADR 0006: the exact merge decides as the fold it replaced ({@link FoldingMergeOracle}),
 * which {@link HintMergeOracleProperties} ties to upstream's literal permutation walk, under every
 * merging policy, with and without {@code prefer-closest-numa-nodes}, for 1 to 4 providers of 1 or 2
 * resources, on hint lists of every shape (nil, empty, random, all masks, shaped as the managers
 * make them), on machines of up to 10 NUMA nodes, and on 16 nodes where the lists stay small; and
 * along whole admissions in both scopes, where every merge of the trace is replayed on the oracle.
 */
class ExactMergeProperties {

  private static final Gen<TopologyManagerPolicy> MERGING_POLICIES = Generate.pick(List.of(
      TopologyManagerPolicy.BEST_EFFORT, TopologyManagerPolicy.RESTRICTED, TopologyManagerPolicy.SINGLE_NUMA_NODE));

  private static MergeDecision assertSameDecision(MergeInput input, TopologyManagerPolicy policy, boolean preferClosest) {
    TopologyManagerOptions options = new TopologyManagerOptions.Builder().preferClosestNumaNodes(preferClosest).build();
    NumaInfo numaInfo = NumaInfo.of(input.nodes(), input.distances());
    MergeDecision exact = TopologyPolicy.of(policy, numaInfo, options).merge(input.providers());
    assertThat(exact).isEqualTo(FoldingMergeOracle.decide(policy, numaInfo, options, input.providers()));
    return exact;
  }

  /**
   * Besides agreeing, the run must have met what the exact merge distinguishes: preferred and
   * non-preferred results of every policy, machines of 9 and 10 nodes, lists of more than 255
   * hints, and four providers.
   */
  @Test
  void theExactMergeDecidesAsTheFoldOnMachinesOfUpTo10NumaNodes() {
    Map<String, Integer> seen = new TreeMap<>();
    qt().withExamples(Examples.scaled(1000)).forAll(WideHints.mergeInputs(1, 10), MERGING_POLICIES, Generate.booleans())
        .checkAssert((input, policy, closest) -> {
          MergeDecision decision = assertSameDecision(input, policy, closest);
          seen.merge(policy + (decision.hint().preferred() ? " preferred" : " not preferred"), 1, Integer::sum);
          int longest = input.providers().stream().flatMap(provider -> provider.resources().values().stream())
              .mapToInt(ResourceHints::size).max().orElse(0);
          seen.merge(input.nodes().size() >= 9 ? "9 or 10 nodes" : "up to 8 nodes", 1, Integer::sum);
          seen.merge(longest > 255 ? "a list of more than 255 hints" : "lists of at most 255 hints", 1, Integer::sum);
          seen.merge(input.providers().size() + " providers", 1, Integer::sum);
        });
    assertThat(seen).containsKeys("best-effort preferred", "best-effort not preferred", "restricted preferred",
        "restricted not preferred", "single-numa-node preferred", "single-numa-node not preferred", "9 or 10 nodes",
        "a list of more than 255 hints", "1 providers", "4 providers");
    System.out.println("ExactMergeProperties, up to 10 NUMA nodes: " + seen);
  }

  @Test
  void theExactMergeDecidesAsTheFoldOn16NumaNodesWithSmallLists() {
    qt().withExamples(Examples.scaled(300)).forAll(WideHints.smallListInputs(16), MERGING_POLICIES, Generate.booleans())
        .checkAssert(ExactMergeProperties::assertSameDecision);
  }

  @Test
  void theExactMergeDecidesAsTheFoldOn11To15NumaNodesWithSmallLists() {
    qt().withExamples(Examples.scaled(200)).forAll(WideHints.nodes(11, 15).flatMap(nodes -> WideHints.smallListInputs(nodes.size())),
        MERGING_POLICIES, Generate.booleans())
        .checkAssert(ExactMergeProperties::assertSameDecision);
  }

  private record Scenario(Machine machine, NodeConfig config, List<Pod> pods) {}

  private static Gen<Scenario> scenarios() {
    return Nodes.manyNodeMachines(1, 10).flatMap(machine -> Nodes.manyNodeConfigs(machine).zip(
        SourceDSL.lists().of(NodePods.pods(3)).ofSizeBetween(1, 4),
        (config, pods) -> new Scenario(machine, config, pods)));
  }

  /**
   * Whole admissions on generated machines of up to 10 NUMA nodes, every policy and scope: each
   * merge the trace records decides as the oracle does on the same providers' answers; at full size
   * the run must have admitted in both scopes under every merging policy ({@link Examples#fullSize}).
   */
  @Test
  void everyMergeOfAnAdmissionDecidesAsTheFoldInBothScopes() {
    Map<String, Integer> seen = new TreeMap<>();
    qt().withExamples(Examples.scaled(150)).forAll(scenarios()).checkAssert(scenario -> {
      NodeResourceManagers managers = NodeResourceManagers.create(scenario.config(), scenario.machine());
      TopologyManagerPolicy policy = scenario.config().topologyManagerPolicy();
      TopologyManagerOptions options = TopologyManagerOptions.parse(
          scenario.config().topologyManagerPolicyOptions(), scenario.config().featureGates());
      NumaInfo numaInfo = NumaInfo.forMachine(scenario.machine(), policy, options);
      NodeState state = managers.initialState();
      for (int i = 0; i < scenario.pods().size(); i++) {
        Pod pod = new Pod.Builder().from(scenario.pods().get(i)).uid("pod" + i).name("pod" + i).build();
        Admission admission = managers.admit(state, pod);
        for (MergeTrace merge : admission.trace().merges()) {
          List<io.podtopo.domain.topologymanager.ProviderHints> answers =
              merge.answers().stream().map(ProviderAnswer::hints).toList();
          MergeDecision oracle = FoldingMergeOracle.decide(policy, numaInfo, options, answers);
          assertThat(MergeDecision.of(merge.bestHint(), merge.admit())).as("merge %s", merge).isEqualTo(oracle);
          seen.merge(scenario.config().topologyManagerScope() + " " + policy + (merge.admit() ? " admit" : " reject"),
              1, Integer::sum);
        }
        state = admission.state();
      }
    });
    assertThat(seen).as("admissions").isNotEmpty();
    if (!Examples.fullSize()) {
      return;
    }
    assertThat(seen).containsKeys("pod best-effort admit", "container best-effort admit",
        "pod restricted admit", "container restricted admit", "pod single-numa-node admit",
        "container single-numa-node admit");
  }
}
