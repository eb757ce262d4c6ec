package io.podtopo.conformance.invariants;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import org.junit.jupiter.api.Test;

/** The expectations the invariants are checked against, pinned to the spec's tables (§4.3, §6.3). */
class PodRulesTest {

  private static final NodeConfig POD_SCOPE = new NodeConfig.Builder().cpuManagerPolicy(CpuManagerPolicy.STATIC)
      .memoryManagerPolicy(MemoryManagerPolicy.STATIC).topologyManagerPolicy(TopologyManagerPolicy.RESTRICTED)
      .topologyManagerScope(TopologyManagerScope.POD)
      .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true)).build();

  private static Container container(String cpuRequest, String cpuLimit, String memory) {
    Container.Builder container = new Container.Builder().name("c");
    if (cpuRequest != null) {
      container.putRequest("cpu", Quantity.parse(cpuRequest)).putLimit("cpu", Quantity.parse(cpuLimit));
    }
    if (memory != null) {
      container.putRequest("memory", Quantity.parse(memory)).putLimit("memory", Quantity.parse(memory));
    }
    return container.build();
  }

  private static Pod pod(String cpu, Container... containers) {
    return new Pod.Builder().uid("p").putPodRequest("cpu", Quantity.parse(cpu)).putPodLimit("cpu", Quantity.parse(cpu))
        .putPodRequest("memory", Quantity.parse("8Gi")).putPodLimit("memory", Quantity.parse("8Gi"))
        .containers(java.util.List.of(containers)).build();
  }

  private static boolean[] eligibility(Container container) {
    Pod pod = pod("5", container);
    return new boolean[] {PodRules.cpuExclusive(POD_SCOPE, pod, container), PodRules.memoryExclusive(POD_SCOPE, pod, container)};
  }

  @Test
  void spec4_3_eligibilityTableRowByRow() {
    assertThat(eligibility(container(null, null, null))).containsExactly(false, false);
    assertThat(eligibility(container("2", "2", "2Gi"))).containsExactly(true, true);
    assertThat(eligibility(container("1500m", "1500m", "1Gi"))).containsExactly(false, true);
    assertThat(eligibility(container("2", "2", null))).containsExactly(false, false);
    assertThat(eligibility(container("1", "2", "1Gi"))).containsExactly(false, false);
    assertThat(eligibility(new Container.Builder().name("c").putRequest("memory", Quantity.parse("1Gi"))
        .putLimit("memory", Quantity.parse("1Gi")).build())).containsExactly(false, false);
  }

  @Test
  void spec6_1_aFractionalPodBudgetGivesNoExclusiveCpus() {
    Container eligible = container("2", "2", "2Gi");
    assertThat(PodRules.cpuExclusive(POD_SCOPE, pod("4500m", eligible), eligible)).isFalse();
    assertThat(PodRules.memoryExclusive(POD_SCOPE, pod("4500m", eligible), eligible)).isTrue();
  }

  @Test
  void spec6_3_consequencesOfTheEmptySharedPoolWalk() {
    Container shared = new Container.Builder().name("shared").build();
    Container three = new Container.Builder().from(container("3", "3", "1Gi")).name("three").build();
    Container two = new Container.Builder().from(container("2", "2", "1Gi")).name("two").build();
    assertThat(PodRules.cpuPoolProblem(pod("5", three, two))).isEmpty();
    assertThat(PodRules.cpuPoolProblem(pod("5", three, shared))).isEmpty();
    assertThat(PodRules.cpuPoolProblem(pod("5", three, two, shared))).isPresent();
  }

  @Test
  void spec3_modesFollowGatesScopeAndQos() {
    Container eligible = container("2", "2", "2Gi");
    Pod podLevel = pod("4", eligible);
    assertThat(PodRules.mode(POD_SCOPE, podLevel)).isEqualTo(PodRules.Mode.POD_LEVEL);
    assertThat(PodRules.mode(new NodeConfig.Builder().from(POD_SCOPE).topologyManagerPolicy(TopologyManagerPolicy.NONE)
        .build(), podLevel)).isEqualTo(PodRules.Mode.CONTAINER_LEVEL);
    assertThat(PodRules.mode(new NodeConfig.Builder().from(POD_SCOPE).featureGates(FeatureGates.defaults()).build(),
        podLevel)).isEqualTo(PodRules.Mode.GATED_OFF);
    assertThat(PodRules.mode(POD_SCOPE, new Pod.Builder().from(podLevel).putPodLimit("cpu", Quantity.of(8)).build()))
        .isEqualTo(PodRules.Mode.NOT_GUARANTEED);
    assertThat(PodRules.mode(POD_SCOPE, new Pod.Builder().uid("legacy").addContainer(eligible).build()))
        .isEqualTo(PodRules.Mode.LEGACY);
  }
}
