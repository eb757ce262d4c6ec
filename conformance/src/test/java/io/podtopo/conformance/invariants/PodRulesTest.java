package io.podtopo.conformance.invariants;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.QosClass;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.ports.in.ScenarioStep;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The expectations the invariants are checked against, pinned to the spec's tables (§4.1, §4.3,
 * §6.3), and derived from the pods' requests and limits, not from the domain's own classification: a
 * pod or container whose domain methods answer wrongly is still judged by the spec, and the domain's
 * wrong answer is reported by the invariants.
 */
class PodRulesTest {

  private static final long GI = 1L << 30;

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

  private static Pod podStanza(String cpuRequest, String cpuLimit, String memoryRequest, String memoryLimit) {
    Pod.Builder pod = new Pod.Builder().uid("p").addContainer(Container.named("c"));
    if (cpuRequest != null) {
      pod.putPodRequest("cpu", Quantity.parse(cpuRequest));
    }
    if (cpuLimit != null) {
      pod.putPodLimit("cpu", Quantity.parse(cpuLimit));
    }
    if (memoryRequest != null) {
      pod.putPodRequest("memory", Quantity.parse(memoryRequest));
    }
    if (memoryLimit != null) {
      pod.putPodLimit("memory", Quantity.parse(memoryLimit));
    }
    return pod.build();
  }

  @Test
  void spec4_1_withPodLevelResourcesTheQosClassComesFromThePodStanzaAlone() {
    assertThat(PodRules.qosClass(podStanza("2", "2", "1Gi", "1Gi"))).isEqualTo(QosClass.GUARANTEED);
    assertThat(PodRules.qosClass(podStanza("2000m", "2", "1024Mi", "1Gi"))).isEqualTo(QosClass.GUARANTEED);
    assertThat(PodRules.qosClass(podStanza("1", "2", "1Gi", "1Gi"))).isEqualTo(QosClass.BURSTABLE);
    assertThat(PodRules.qosClass(podStanza("2", "2", null, null))).as("memory absent").isEqualTo(QosClass.BURSTABLE);
    assertThat(PodRules.qosClass(podStanza("2", "2", "0", "0"))).as("zero counts as unset").isEqualTo(QosClass.BURSTABLE);
    assertThat(PodRules.qosClass(new Pod.Builder().from(podStanza(null, null, null, null))
        .putPodRequest("hugepages-2Mi", Quantity.parse("4Mi")).putPodLimit("hugepages-2Mi", Quantity.parse("4Mi"))
        .addContainer(container("2", "2", "1Gi")).build()))
        .as("a stanza of hugepages only: set, but nothing of cpu or memory").isEqualTo(QosClass.BEST_EFFORT);
  }

  @Test
  void spec4_1_withoutPodLevelResourcesTheQosClassComesFromTheContainers() {
    Container pinned = container("2", "2", "1Gi");
    Pod.Builder legacy = new Pod.Builder().uid("legacy");
    assertThat(PodRules.qosClass(legacy.addContainer(pinned).build())).isEqualTo(QosClass.GUARANTEED);
    assertThat(PodRules.qosClass(new Pod.Builder().uid("l").addContainer(pinned).addInitContainer(
        container("1", "2", "1Gi")).build())).isEqualTo(QosClass.BURSTABLE);
    assertThat(PodRules.qosClass(new Pod.Builder().uid("l").addContainers(pinned, Container.named("none")).build()))
        .as("a container without limits").isEqualTo(QosClass.BURSTABLE);
    assertThat(PodRules.qosClass(new Pod.Builder().uid("l").addContainer(Container.named("none")).build()))
        .isEqualTo(QosClass.BEST_EFFORT);
    assertThat(PodRules.podLevelResourcesSet(new Pod.Builder().uid("l").putPodRequest("example.com/gpu",
        Quantity.of(1)).addContainer(pinned).build())).as("a stanza naming no managed resource").isFalse();
  }

  @Test
  void spec1_integralCpuAmountsAreWholeNumbers() {
    assertThat(PodRules.integral(Quantity.parse("2"))).isTrue();
    assertThat(PodRules.integral(Quantity.parse("3000m"))).isTrue();
    assertThat(PodRules.integral(Quantity.parse("2500m"))).isFalse();
    assertThat(PodRules.integral(Quantity.parse("2.0001"))).isFalse();
  }

  /** A pod whose domain methods classify it the other way round: QoS and pod-level resources lie. */
  private static Pod lyingPod(Pod pod) {
    return new Pod() {
      @Override
      public String uid() {
        return pod.uid();
      }

      @Override
      public java.util.SortedMap<String, Quantity> podRequests() {
        return pod.podRequests();
      }

      @Override
      public java.util.SortedMap<String, Quantity> podLimits() {
        return pod.podLimits();
      }

      @Override
      public List<Container> initContainers() {
        return pod.initContainers();
      }

      @Override
      public List<Container> containers() {
        return pod.containers();
      }

      @Override
      public List<Container> ephemeralContainers() {
        return pod.ephemeralContainers();
      }

      @Override
      public QosClass qosClass(io.podtopo.domain.gates.FeatureGates gates) {
        return pod.qosClass(gates) == QosClass.GUARANTEED ? QosClass.BURSTABLE : QosClass.GUARANTEED;
      }

      @Override
      public String toString() {
        return "lying " + pod;
      }
    };
  }

  /** A container whose domain method calls it container-equivalent Guaranteed whatever its resources. */
  private static Container lyingContainer(Container container) {
    return new Container() {
      @Override
      public String name() {
        return container.name();
      }

      @Override
      public java.util.SortedMap<String, Quantity> requests() {
        return container.requests();
      }

      @Override
      public java.util.SortedMap<String, Quantity> limits() {
        return container.limits();
      }

      @Override
      public boolean isEquivalentGuaranteed() {
        return true;
      }
    };
  }

  @Test
  void spec4_podRulesJudgeByTheRequestsAndLimitsNotByTheDomainsClassification() {
    Pod burstable = podStanza("2", "4", "1Gi", "1Gi");
    assertThat(PodRules.mode(POD_SCOPE, lyingPod(burstable))).isEqualTo(PodRules.Mode.NOT_GUARANTEED);
    Pod guaranteed = pod("4", container("2", "2", "2Gi"));
    assertThat(PodRules.mode(POD_SCOPE, lyingPod(guaranteed))).isEqualTo(PodRules.Mode.POD_LEVEL);
    Container cpuOnly = lyingContainer(container("2", "2", null));
    assertThat(PodRules.cpuEligible(cpuOnly)).isFalse();
    assertThat(PodRules.memoryExclusive(POD_SCOPE, pod("4", cpuOnly), cpuOnly)).isFalse();
  }

  private static final Machine MACHINE = new Machine.Builder()
      .from(Machine.ofCpus("8cpus", java.util.stream.IntStream.range(0, 8).mapToObj(id -> Cpu.of(id, id, 0, 0, 0)).toList()))
      .numaNodes(List.of(NumaNode.of(0, 16 * GI))).build();

  /** Admits {@code pod} on the reference node and checks every invariant along the admission. */
  private static List<Violation> violationsOfAdmitting(Pod pod) {
    NodeResourceManagers managers = NodeResourceManagers.create(new NodeConfig.Builder().from(POD_SCOPE)
        .reservedCpuCount(1).putReservedMemory(0, new java.util.TreeMap<>(java.util.Map.of("memory", GI))).build(),
        MACHINE);
    ObservedNode empty = ObservedNode.of(managers, managers.initialState(), List.of());
    Admission admission = managers.admit(empty.state(), pod);
    ObservedNode after = ObservedNode.of(managers, admission.state(), admission.admitted() ? List.of(pod) : List.of());
    List<Violation> violations = new java.util.ArrayList<>(Invariants.check(after));
    violations.addAll(Invariants.checkTransition(empty, ScenarioStep.admit(pod), Optional.of(admission), after));
    return violations;
  }

  @Test
  void invariant14_aDomainCallingABurstablePodLevelPodGuaranteedIsCaught() {
    Pod burstable = new Pod.Builder().from(podStanza("2", "4", "1Gi", "1Gi"))
        .containers(List.of(container("1", "1", "512Mi"), Container.named("shared"))).build();
    assertThat(violationsOfAdmitting(burstable)).as("the honest domain").isEmpty();
    assertThat(violationsOfAdmitting(lyingPod(burstable))).extracting(Violation::invariant).contains(14);
  }

  @Test
  void invariant13_aDomainCallingACpuOnlyContainerEquivalentGuaranteedIsCaught() {
    Container cpuOnly = new Container.Builder().from(container("2", "2", null)).name("cpu-only").build();
    Pod pod = new Pod.Builder().from(pod("4", cpuOnly)).addContainer(Container.named("shared")).build();
    assertThat(violationsOfAdmitting(pod)).as("the honest domain").isEmpty();
    Pod lying = new Pod.Builder().from(pod).containers(List.of(lyingContainer(cpuOnly), Container.named("shared")))
        .build();
    assertThat(violationsOfAdmitting(lying)).extracting(Violation::invariant).contains(13);
  }
}
