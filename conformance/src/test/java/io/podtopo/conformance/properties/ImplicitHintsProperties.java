package io.podtopo.conformance.properties;

import static io.podtopo.conformance.generators.PropertySeed.qt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.conformance.generators.NodePods;
import io.podtopo.conformance.generators.Nodes;
import io.podtopo.conformance.generators.WideHints;
import io.podtopo.domain.cpumanager.StaticPolicyOptions;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.MaskFamily;
import io.podtopo.domain.topologymanager.MergeDecision;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.NumaInfo;
import io.podtopo.domain.topologymanager.ProviderAnswer;
import io.podtopo.domain.topologymanager.ProviderHints;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import io.podtopo.domain.topologymanager.TopologyManagerOptions;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * Issue 9, ADR 0007: the described hint lists ({@link MaskFamily}) and the merge that queries them
 * decide exactly as the enumerated lists and the listing merge, on generated machines of 1 to 12
 * NUMA nodes, under every Topology Manager policy and scope, with and without
 * {@code prefer-closest-numa-nodes} and {@code align-by-socket}, along sequences of admissions and
 * removals (so that free CPUs, memory groups and reusable memory vary):
 * <ul>
 *   <li>whole admissions agree, merged from the descriptions on every machine size and from the
 *       enumerated lists ({@link #admissionsDecideTheSameFromDescriptionsAsFromEnumeratedLists});</li>
 *   <li>every description has exactly the members and preferred members of its enumerated list,
 *       and answers upstream's {@code findBestHint} over the members containing a mask as the list
 *       does ({@link #everyDescriptionHasTheMembersOfItsEnumeratedList});</li>
 *   <li>the merge of descriptions beside arbitrary listed lists (a device plugin's) decides as the
 *       fold of the enumerated lists ({@link FoldingMergeOracle})
 *       ({@link #descriptionsBesideListedListsMergeAsTheFold}).</li>
 * </ul>
 */
class ImplicitHintsProperties {

  private record Scenario(Machine machine, NodeConfig config, List<Pod> pods, List<Integer> removals) {}

  private static Gen<Scenario> scenarios(int minNodes, int maxNodes) {
    return Nodes.manyNodeMachines(minNodes, maxNodes).flatMap(machine -> Nodes.manyNodeConfigs(machine)
        .zip(Generate.booleans(), (config, bySocket) -> withAlignBySocket(config, bySocket))
        .zip(SourceDSL.lists().of(NodePods.pods(3)).ofSizeBetween(1, 6),
            SourceDSL.lists().of(Generate.range(0, 5)).ofSizeBetween(0, 2),
            (config, pods, removals) -> new Scenario(machine, config, pods, removals)));
  }

  private static NodeConfig withAlignBySocket(NodeConfig config, boolean bySocket) {
    if (!bySocket || config.topologyManagerPolicy() == TopologyManagerPolicy.SINGLE_NUMA_NODE) {
      return config;
    }
    return new NodeConfig.Builder().from(config)
        .featureGates(config.featureGates().with(FeatureGates.CPU_MANAGER_POLICY_ALPHA_OPTIONS, true))
        .putCpuManagerPolicyOption(StaticPolicyOptions.ALIGN_BY_SOCKET, "true")
        .build();
  }

  private static NodeResourceManagers managers(Scenario scenario, int implicitAbove) {
    NodeConfig config = new NodeConfig.Builder().from(scenario.config()).implicitHintsAboveNumaNodes(implicitAbove)
        .build();
    return NodeResourceManagers.create(config, scenario.machine());
  }

  private static boolean startsOn(Scenario scenario) {
    try {
      managers(scenario, 0);
      return true;
    } catch (RuntimeException invalid) {
      return false;
    }
  }

  /** Runs the scenario on one node, giving every admission to {@code each}. */
  private static void run(Scenario scenario, NodeResourceManagers managers, java.util.function.Consumer<Admission> each) {
    NodeState state = managers.initialState();
    List<Pod> admitted = new ArrayList<>();
    for (int i = 0; i < scenario.pods().size(); i++) {
      Pod pod = new Pod.Builder().from(scenario.pods().get(i)).uid("pod" + i).name("pod" + i).build();
      Admission admission = managers.admit(state, pod);
      each.accept(admission);
      state = admission.state();
      if (admission.admitted()) {
        admitted.add(pod);
      }
      if (i < scenario.removals().size() && !admitted.isEmpty()) {
        Pod removed = admitted.remove(scenario.removals().get(i) % admitted.size());
        state = managers.removePod(state, removed);
      }
    }
  }

  /** Runs the scenario merging lists and merging descriptions (forced): the admissions are equal. */
  private static List<Admission> assertSameAdmissions(Scenario scenario) {
    List<Admission> listed = new ArrayList<>();
    run(scenario, managers(scenario, 64), listed::add);
    List<Admission> described = new ArrayList<>();
    run(scenario, managers(scenario, 0), described::add);
    assertThat(described).isEqualTo(listed);
    return described;
  }

  @Test
  void admissionsDecideTheSameFromDescriptionsAsFromEnumeratedLists() {
    Map<String, Integer> seen = new TreeMap<>();
    qt().withExamples(Examples.scaled(400)).forAll(scenarios(1, 12).assuming(ImplicitHintsProperties::startsOn))
        .checkAssert(scenario -> {
          for (Admission admission : assertSameAdmissions(scenario)) {
            for (MergeTrace merge : admission.trace().merges()) {
              seen.merge(scenario.config().topologyManagerPolicy() + (merge.bestHint().preferred() ? " preferred"
                  : " not preferred"), 1, Integer::sum);
            }
          }
          seen.merge(scenario.machine().numaNodeIds().size() > 10 ? "11 or 12 nodes" : "up to 10 nodes", 1,
              Integer::sum);
        });
    assertThat(seen).containsKeys("best-effort preferred", "best-effort not preferred", "restricted preferred",
        "restricted not preferred", "single-numa-node preferred", "11 or 12 nodes");
    System.out.println("ImplicitHintsProperties, admissions: " + seen);
  }

  /** Targeted: 16 NUMA nodes, where the Topology Manager merges descriptions by default. */
  @Test
  void admissionsOn16NumaNodesDecideTheSameFromDescriptionsAsFromEnumeratedLists() {
    qt().withExamples(Examples.scaled(25)).forAll(scenarios(16, 16).assuming(ImplicitHintsProperties::startsOn))
        .checkAssert(ImplicitHintsProperties::assertSameAdmissions);
  }

  @Test
  void everyDescriptionHasTheMembersOfItsEnumeratedList() {
    int[] families = {0};
    int examples = Examples.scaled(200);
    qt().withExamples(examples).forAll(scenarios(1, 9).assuming(ImplicitHintsProperties::startsOn))
        .checkAssert(scenario -> run(scenario, managers(scenario, 0), admission -> {
          for (MergeTrace merge : admission.trace().merges()) {
            for (ProviderAnswer answer : merge.answers()) {
              for (ResourceHints hints : answer.hints().resources().values()) {
                hints.family().ifPresent(family -> {
                  assertSameMembers(family);
                  families[0]++;
                });
              }
            }
          }
        }));
    assertThat(families[0]).as("descriptions checked, over half the examples").isGreaterThan(examples / 2);
  }

  private static void assertSameMembers(MaskFamily family) {
    List<TopologyHint> listed = family.materialised().hints();
    Map<Long, Boolean> preferred = new TreeMap<>();
    listed.forEach(hint -> preferred.put(hint.affinity().orElseThrow().bits(), hint.preferred()));
    List<Integer> nodes = NumaMask.fromBits(family.nodes()).nodes();
    NumaMask.forEachCombinationBits(nodes, mask -> {
      assertThat(family.contains(mask)).as("member %s of %s", NumaMask.fromBits(mask), family)
          .isEqualTo(preferred.containsKey(mask));
      if (preferred.containsKey(mask)) {
        assertThat(family.isPreferred(mask)).as("preferred %s of %s", NumaMask.fromBits(mask), family)
            .isEqualTo(preferred.get(mask));
      }
      assertThat(family.best(mask)).as("best containing %s of %s", NumaMask.fromBits(mask), family)
          .isEqualTo(findBestHint(listed, mask));
    });
    assertThat(family.best(0)).isEqualTo(findBestHint(listed, 0));
  }

  /** Upstream {@code findBestHint} over the listed hints containing {@code containing}. */
  private static OptionalLong findBestHint(List<TopologyHint> hints, long containing) {
    TopologyHint best = null;
    for (TopologyHint hint : hints) {
      NumaMask mask = hint.affinity().orElseThrow();
      if ((mask.bits() & containing) != containing) {
        continue;
      }
      if (best == null || (hint.preferred() && !best.preferred())
          || (hint.preferred() == best.preferred() && mask.isNarrowerThan(best.affinity().orElseThrow()))) {
        best = hint;
      }
    }
    return best == null ? OptionalLong.empty() : OptionalLong.of(best.affinity().orElseThrow().bits());
  }

  @Test
  void descriptionsBesideListedListsMergeAsTheFold() {
    Map<String, Integer> seen = new TreeMap<>();
    qt().withExamples(Examples.scaled(150)).forAll(scenarios(1, 10).assuming(ImplicitHintsProperties::startsOn), Generate.longRange(0,
        Long.MAX_VALUE)).checkAssert((scenario, seed) -> {
          TopologyManagerPolicy policy = scenario.config().topologyManagerPolicy();
          if (policy == TopologyManagerPolicy.NONE) {
            return;
          }
          TopologyManagerOptions options = TopologyManagerOptions.parse(
              scenario.config().topologyManagerPolicyOptions(), scenario.config().featureGates());
          NumaInfo numaInfo = NumaInfo.forMachine(scenario.machine(), policy, options);
          TopologyPolicy described = TopologyPolicy.of(policy, numaInfo, options).withImplicitHintsAbove(0);
          Random random = new Random(seed);
          run(scenario, managers(scenario, 0), admission -> {
            for (MergeTrace merge : admission.trace().merges()) {
              List<ProviderHints> answers = new ArrayList<>(merge.answers().stream().map(ProviderAnswer::hints).toList());
              answers.add(random.nextInt(answers.size() + 1), WideHints.deviceLike(numaInfo.nodes(), random));
              MergeDecision decision = described.merge(answers);
              assertThat(decision).as("merge of %s", answers)
                  .isEqualTo(FoldingMergeOracle.decide(policy, numaInfo, options, answers));
              seen.merge(policy + (decision.hint().preferred() ? " preferred" : " not preferred"), 1, Integer::sum);
            }
          });
        });
    assertThat(seen).containsKeys("best-effort preferred", "best-effort not preferred", "restricted not preferred");
    System.out.println("ImplicitHintsProperties, beside listed lists: " + seen);
  }
}
