package io.podtopo.conformance.properties;

import static io.podtopo.conformance.generators.PropertySeed.qt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.conformance.audit.Audit;
import io.podtopo.conformance.audit.AuditInput;
import io.podtopo.conformance.audit.AuditScope;
import io.podtopo.conformance.audit.RuleResult;
import io.podtopo.conformance.audit.RuleStatus;
import io.podtopo.conformance.generators.OperationPlans;
import io.podtopo.conformance.invariants.ObservedNode;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The audit rules on the answers (AU-1 to AU-8) hold for any correct node, so they never fire on
 * the reference node: over generated machines, configurations (both scopes, gates on and off) and
 * operation sequences, the audit of every PodResources view and allocatable answer finds nothing.
 */
class AuditProperties {

  @Test
  void theAuditFindsNothingInAnyAnswerOfTheReferenceNode_au1to8() {
    Map<String, Integer> checked = new TreeMap<>();
    qt().withExamples(Examples.scaled(100)).withShrinkCycles(100).forAll(OperationPlans.scenarios(12)).checkAssert(scenario -> {
      NodeInvariantsProperties.Run run = new NodeInvariantsProperties.Run(scenario, new TreeMap<>());
      NodeResourceManagers managers = run.managers();
      for (ObservedNode snapshot : run.snapshots()) {
        AuditInput input = new AuditInput(managers.podResources(snapshot.state(), snapshot.activePods()),
            managers.allocatable(snapshot.state()), scope(managers.config()), Optional.empty());
        List<RuleResult> failed = Audit.run(input).results().stream()
            .filter(result -> result.status() == RuleStatus.FAIL).toList();
        assertThat(failed).as("answers %s\nafter %s", input.pods(), run.log()).isEmpty();
        Audit.run(input).violationsByRule().keySet().forEach(rule -> checked.merge(rule, 1, Integer::sum));
      }
    });
    assertThat(checked).containsKeys("container-cpus-in-pod-cpus", "container-cpus-disjoint", "pod-cpus-disjoint",
        "cpus-allocatable", "pod-shared-pool-not-empty", "memory-within-allocatable", "container-memory-in-pod-memory",
        "pod-fields-empty-outside-pod-scope");
  }

  /** What a caller reading the node's kubelet configuration knows. */
  private static AuditScope scope(NodeConfig config) {
    return config.topologyManagerScope() == TopologyManagerScope.POD && config.featureGates().podLevelResourceManagers()
        ? AuditScope.podScope("generated configuration")
        : AuditScope.withoutPodLevelFields("generated configuration");
  }
}
