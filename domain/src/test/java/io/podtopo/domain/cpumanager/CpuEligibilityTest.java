package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.PolicyFixtures.POD_LEVEL_GATES;
import static io.podtopo.domain.cpumanager.PolicyFixtures.exclusive;
import static io.podtopo.domain.cpumanager.PolicyFixtures.guaranteed;
import static io.podtopo.domain.cpumanager.PolicyFixtures.podLevelPod;
import static io.podtopo.domain.cpumanager.PolicyFixtures.shared;
import static io.podtopo.domain.cpumanager.PolicyFixtures.sidecar;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.admission.EmptyPodSharedPoolError;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import org.junit.jupiter.api.Test;

/** Exclusive eligibility inside pod-level pods (PLRM spec 4.3) and the empty-pool validation (6.3). */
class CpuEligibilityTest {

  private final CpuEligibility eligibility = new CpuEligibility(POD_LEVEL_GATES);

  private long cpusOf(Container container) {
    return eligibility.guaranteedCpus(podLevelPod("p", 4).addContainer(container).build(), container);
  }

  @Test
  void rule43_onlyEquivalentGuaranteedContainersWithIntegralCpuAreExclusive() {
    Container cpuOnly = new Container.Builder().name("c")
        .putRequest(Resources.CPU, Quantity.of(2)).putLimit(Resources.CPU, Quantity.of(2)).build();
    Container burstable = new Container.Builder().from(guaranteed("c", "1", "1Gi"))
        .putLimit(Resources.CPU, Quantity.of(2)).build();
    assertThat(cpusOf(guaranteed("c", "2", "2Gi"))).isEqualTo(2);
    assertThat(cpusOf(guaranteed("c", "1500m", "1Gi"))).isZero();
    assertThat(cpusOf(cpuOnly)).isZero();
    assertThat(cpusOf(burstable)).isZero();
    assertThat(cpusOf(shared("c"))).isZero();
  }

  @Test
  void rule24_aCpuCountIsGosSixtyFourBitIntNotAJavaInt() {
    // Upstream's guaranteedCPUs returns int(cpuQuantity.Value()), 64 bits on every platform the
    // kubelet runs on: 2Gi CPUs is 2147483648, one past Java's int, and two of them add up.
    Container huge = guaranteed("c", "2Gi", "1Gi");
    assertThat(cpusOf(huge)).isEqualTo(2_147_483_648L);
    Pod twoHuge = PolicyFixtures.pod("p", huge, guaranteed("d", "2Gi", "1Gi"));
    assertThat(new CpuEligibility(FeatureGates.defaults()).podGuaranteedCpus(twoHuge)).isEqualTo(4_294_967_296L);
  }

  @Test
  void rule61_thePodBudgetIsTheIntegralPodCpuRequestOfAGuaranteedPod() {
    assertThat(eligibility.podGuaranteedCpus(podLevelPod("p", 6).addContainer(shared("c")).build())).isEqualTo(6);
    Pod burstable = new Pod.Builder().from(podLevelPod("p", 6).addContainer(shared("c")).build())
        .putPodLimit(Resources.CPU, Quantity.of(8)).build();
    assertThat(eligibility.podGuaranteedCpus(burstable)).isZero();
  }

  @Test
  void rule63_aStandardInitLargerThanTheBudgetLeftBySidecarsIsRejected() {
    Pod pod = podLevelPod("p", 3)
        .addInitContainers(sidecar(exclusive("sc", 2)), exclusive("init", 2)).addContainer(exclusive("app", 1)).build();
    assertThat(eligibility.validatePodScopeResources(pod)).map(EmptyPodSharedPoolError::message)
        .contains("pod rejected, largest exclusive init container requests 2 cpus, but only 1 available");
  }

  @Test
  void rule63_aStandardInitFittingExactlyTheBudgetLeftBySidecarsIsAccepted() {
    Pod pod = podLevelPod("p", 3)
        .addInitContainers(sidecar(exclusive("sc", 2)), exclusive("init", 1)).addContainer(exclusive("app", 1)).build();
    assertThat(eligibility.validatePodScopeResources(pod)).isEmpty();
  }

  @Test
  void rule63_aSharedStandardInitAfterSidecarsBeyondTheBudgetIsRejectedAsHavingNoCpus() {
    // The pod-level validation refuses such a pod earlier. Here the shared init is refused for the sidecars
    // taking the whole budget, not as an exclusive init larger than the -1 CPUs they leave.
    Pod pod = podLevelPod("p", 2)
        .addInitContainers(sidecar(exclusive("sc", 3)), shared("init")).addContainer(exclusive("app", 1)).build();
    assertThat(eligibility.validatePodScopeResources(pod)).map(EmptyPodSharedPoolError::message)
        .contains("pod rejected, pod has shared init containers but no cpus available for them");
  }

  @Test
  void rule63_aSharedStandardInitAfterSidecarsTakingTheWholeBudgetIsRejected() {
    Pod pod = podLevelPod("p", 2)
        .addInitContainers(sidecar(exclusive("sc", 2)), shared("init")).addContainer(exclusive("app", 1)).build();
    assertThat(eligibility.validatePodScopeResources(pod)).map(EmptyPodSharedPoolError::message)
        .contains("pod rejected, pod has shared init containers but no cpus available for them");
  }

  @Test
  void rule63_exclusiveContainersMayFillTheBudgetWhenNoneIsShared() {
    Pod pod = podLevelPod("p", 2).addContainers(exclusive("a", 1), exclusive("b", 1)).build();
    assertThat(eligibility.validatePodScopeResources(pod)).isEmpty();
  }
}
