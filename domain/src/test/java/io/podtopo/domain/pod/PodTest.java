package io.podtopo.domain.pod;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.gates.FeatureGates;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Pod-level resources, QoS and eligibility as the managers see them (docs/spec PLR-1, PLR-2, D-15). */
class PodTest {

  private static Container container(String name, String cpuRequest, String cpuLimit, String memRequest, String memLimit) {
    Container.Builder builder = new Container.Builder().name(name);
    if (cpuRequest != null) {
      builder.putRequest("cpu", Quantity.parse(cpuRequest));
    }
    if (cpuLimit != null) {
      builder.putLimit("cpu", Quantity.parse(cpuLimit));
    }
    if (memRequest != null) {
      builder.putRequest("memory", Quantity.parse(memRequest));
    }
    if (memLimit != null) {
      builder.putLimit("memory", Quantity.parse(memLimit));
    }
    return builder.build();
  }

  private static Pod.Builder podLevel(String cpuRequest, String cpuLimit, String memRequest, String memLimit) {
    Pod.Builder pod = new Pod.Builder().uid("p");
    if (cpuRequest != null) {
      pod.putPodRequest("cpu", Quantity.parse(cpuRequest));
    }
    if (cpuLimit != null) {
      pod.putPodLimit("cpu", Quantity.parse(cpuLimit));
    }
    if (memRequest != null) {
      pod.putPodRequest("memory", Quantity.parse(memRequest));
    }
    if (memLimit != null) {
      pod.putPodLimit("memory", Quantity.parse(memLimit));
    }
    return pod;
  }

  @Test
  void plr1_podLevelResourcesAreSetOnlyWhenTheStanzaNamesAManagedResource() {
    assertThat(podLevel("4", "4", null, null).build().isPodLevelResourcesSet()).isTrue();
    assertThat(new Pod.Builder().uid("p").putPodLimit("hugepages-2Mi", Quantity.parse("2Mi")).build()
        .isPodLevelResourcesSet()).isTrue();
    assertThat(new Pod.Builder().uid("p").putPodRequest("example.com/gpu", Quantity.of(1)).build()
        .isPodLevelResourcesSet()).isFalse();
    assertThat(new Pod.Builder().uid("p").build().isPodLevelResourcesSet()).isFalse();
  }

  /**
   * Issue 26 item 2: one pod-level predicate. Both KEP-5526 gates and a {@code spec.resources} naming a
   * managed resource; a pod-level pod with either gate off is skipped; a pod without pod-level resources is
   * neither. {@code PodLevelResourceManagers} alone (a configuration the kubelet refuses) manages nothing.
   */
  @Test
  void issue26_item2_aPodIsManagedAtPodLevelWithBothGatesAndSkippedWithEitherOff() {
    FeatureGates both = FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true);
    FeatureGates managersOff = FeatureGates.defaults();
    FeatureGates managersAlone = both.with(FeatureGates.POD_LEVEL_RESOURCES, false);
    Pod podLevel = podLevel("4", "4", "4Gi", "4Gi").build();
    Pod legacy = new Pod.Builder().uid("p").addContainer(container("c", "1", "1", "1Gi", "1Gi")).build();

    assertThat(podLevel.managedAtPodLevel(both)).isTrue();
    assertThat(podLevel.podLevelUnmanaged(both)).isFalse();
    for (FeatureGates off : new FeatureGates[] {managersOff, managersAlone}) {
      assertThat(podLevel.managedAtPodLevel(off)).as(off.toString()).isFalse();
      assertThat(podLevel.podLevelUnmanaged(off)).as(off.toString()).isTrue();
    }
    assertThat(managersAlone.kubeletRefusal()).as("the kubelet never runs with the managers' gate alone").isPresent();
    for (FeatureGates gates : new FeatureGates[] {both, managersOff, managersAlone}) {
      assertThat(legacy.managedAtPodLevel(gates)).as(gates.toString()).isFalse();
      assertThat(legacy.podLevelUnmanaged(gates)).as(gates.toString()).isFalse();
    }
  }

  @Test
  void d15_withTheGateOnThePodStanzaAloneDecidesTheQosClass() {
    Pod pod = podLevel("4", "4", "4Gi", "4Gi").addContainer(container("shared", null, null, null, null)).build();
    assertThat(pod.qosClass(true)).isEqualTo(QosClass.GUARANTEED);
    assertThat(pod.qosClass(false)).isEqualTo(QosClass.BEST_EFFORT);
  }

  @Test
  void d15_aPodStanzaWithRequestBelowLimitOrOnlyCpuIsBurstable() {
    assertThat(podLevel("2", "4", "4Gi", "4Gi").build().qosClass(true)).isEqualTo(QosClass.BURSTABLE);
    assertThat(podLevel("4", "4", null, null).build().qosClass(true)).isEqualTo(QosClass.BURSTABLE);
  }

  @Test
  void legacyQosNeedsEveryContainerToPinCpuAndMemoryToTheirLimits() {
    Pod guaranteed = new Pod.Builder().uid("p")
        .addInitContainer(container("init", "1", "1", "1Gi", "1Gi"))
        .addContainer(container("app", "2", "2", "2Gi", "2Gi")).build();
    Pod burstable = new Pod.Builder().uid("p")
        .addContainer(container("app", "2", "2", "2Gi", "2Gi"))
        .addContainer(container("side", null, null, null, null)).build();
    assertThat(guaranteed.qosClass(true)).isEqualTo(QosClass.GUARANTEED);
    assertThat(burstable.qosClass(true)).isEqualTo(QosClass.BURSTABLE);
    assertThat(new Pod.Builder().uid("p").addContainer(Container.named("c")).build().qosClass(true))
        .isEqualTo(QosClass.BEST_EFFORT);
  }

  /**
   * D-42, upstream's {@code ComputePodQOS}: with {@code PodLevelResourcesFixKubeletQOSClass} on (the
   * v1.37 default) only pod-level resources that name cpu, memory or hugepages decide the class; with
   * it off, any {@code spec.resources} stanza does, so an empty one makes the pod BestEffort whatever
   * its containers ask.
   */
  @Test
  void d42_anEmptyPodStanzaDecidesTheQosClassOnlyWithFixKubeletQosClassOff() {
    Pod pod = new Pod.Builder().uid("p").podResourcesStanza(true)
        .addContainer(container("app", "1", "1", "1Gi", "1Gi")).build();
    FeatureGates fixOff = FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCES_FIX_KUBELET_QOS_CLASS, false);

    assertThat(pod.qosClass(FeatureGates.defaults())).isEqualTo(QosClass.GUARANTEED);
    assertThat(pod.qosClass(fixOff)).isEqualTo(QosClass.BEST_EFFORT);
    assertThat(pod.qosClass(fixOff.with(FeatureGates.POD_LEVEL_RESOURCES, false))).isEqualTo(QosClass.GUARANTEED);
  }

  /**
   * Upstream's {@code requirementsQOS}: cpu and memory each take a shape, and a zero request equal to
   * a zero limit is BestEffort's shape, so a container pinning only cpu is Burstable, as is a
   * Guaranteed container beside a BestEffort one.
   */
  @Test
  void d42_eachContainerHasAShapePerResourceAndMixedShapesAreBurstable() {
    assertThat(new Pod.Builder().uid("p").addContainer(container("c", "1", "1", "0", "0")).build().qosClass(true))
        .isEqualTo(QosClass.BURSTABLE);
    assertThat(new Pod.Builder().uid("p").addContainer(container("c", "0", "0", null, null)).build().qosClass(true))
        .isEqualTo(QosClass.BEST_EFFORT);
    assertThat(new Pod.Builder().uid("p").addContainer(container("a", "1", "1", "1Gi", "1Gi"))
        .addContainer(container("b", "0", "0", null, null)).build().qosClass(true)).isEqualTo(QosClass.BURSTABLE);
  }

  @Test
  void plr2_exclusiveEligibilityNeedsCpuAndMemoryPinnedToNonZeroLimits() {
    assertThat(container("c", "2", "2", "2Gi", "2Gi").isEquivalentGuaranteed()).isTrue();
    assertThat(container("c", "1500m", "1500m", "1Gi", "1Gi").isEquivalentGuaranteed()).isTrue();
    assertThat(container("c", "2", "2", null, null).isEquivalentGuaranteed()).isFalse();
    assertThat(container("c", "1", "2", "1Gi", "1Gi").isEquivalentGuaranteed()).isFalse();
    assertThat(container("c", null, null, "1Gi", "1Gi").isEquivalentGuaranteed()).isFalse();
    assertThat(container("c", "0", "0", "1Gi", "1Gi").isEquivalentGuaranteed()).isFalse();
  }

  @Test
  void initAndAppContainersAreWalkedInitFirstInSpecOrder() {
    Pod pod = new Pod.Builder().uid("p")
        .addInitContainer(Container.named("i1"))
        .addInitContainer(new Container.Builder().name("sidecar").restartable(true).build())
        .addContainer(Container.named("app")).build();
    assertThat(pod.initAndAppContainers()).extracting(Container::name).containsExactly("i1", "sidecar", "app");
    assertThat(pod.container("sidecar")).get().extracting(Container::restartable).isEqualTo(true);
  }

  /**
   * KEP-753 (upstream {@code AggregateContainerRequests}/{@code ...Limits}): apps and sidecars summed
   * against each standard init container with only the sidecars declared before it; ephemeral
   * containers take no part.
   */
  @Test
  void theAggregateOfTheContainersIsKep753sForRequestsAndLimitsAlike() {
    Pod pod = new Pod.Builder().uid("p")
        .addInitContainer(new Container.Builder().from(container("early", "1", "1", null, null)).restartable(true).build())
        .addInitContainer(container("setup", "4", "5", "1Gi", "1Gi"))
        .addInitContainer(new Container.Builder().from(container("late", "2", "2", null, null)).restartable(true).build())
        .addContainer(container("app", "1", "1", "2Gi", "2Gi"))
        .addEphemeralContainer(container("debug", "8", "8", "8Gi", "8Gi"))
        .build();

    // cpu requests: max(early 1 + setup 4, app 1 + early 1 + late 2) = 5; limits: max(1 + 5, 4) = 6.
    assertThat(pod.aggregatedContainerRequests()).containsOnly(
        Map.entry("cpu", Quantity.parse("5")), Map.entry("memory", Quantity.parse("2Gi")));
    assertThat(pod.aggregatedContainerLimits()).containsOnly(
        Map.entry("cpu", Quantity.parse("6")), Map.entry("memory", Quantity.parse("2Gi")));
  }
}
