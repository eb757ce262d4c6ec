package io.podtopo.domain.pod;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.gates.FeatureGates;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * D-42, v1.37.2's defaulting of a pod's resources on each way to the kubelet: created through the
 * API server ({@code SetDefaults_Pod} as the request is decoded, then {@code PrepareForCreate}'s
 * {@code DefaultPodLevelResources}, {@code pkg/api/pod/util.go}), or read from the static pod folder
 * (the decoding alone). The vectors of {@code pod_defaulting.json} check the same against the
 * oracle; these tests name each rule.
 */
class PodDefaultsTest {

  private static final FeatureGates GATES = FeatureGates.defaults();
  private static final FeatureGates FIX_DEFAULTING_OFF =
      GATES.with(FeatureGates.POD_LEVEL_RESOURCES_FIX_DEFAULTING, false);

  private static Map<String, Quantity> resources(String... namesAndAmounts) {
    Map<String, Quantity> map = new TreeMap<>();
    for (int i = 0; i < namesAndAmounts.length; i += 2) {
      map.put(namesAndAmounts[i], Quantity.parse(namesAndAmounts[i + 1]));
    }
    return map;
  }

  private static Container container(String name, Map<String, Quantity> requests, Map<String, Quantity> limits) {
    return new Container.Builder().name(name).requests(requests).limits(limits).build();
  }

  private static Container sidecar(String name, Map<String, Quantity> requests, Map<String, Quantity> limits) {
    return new Container.Builder().from(container(name, requests, limits)).restartable(true).build();
  }

  private static Pod.Builder pod(Map<String, Quantity> requests, Map<String, Quantity> limits) {
    return new Pod.Builder().uid("p").podResourcesStanza(true).podRequests(requests).podLimits(limits);
  }

  private static Pod created(Pod.Builder pod) {
    return PodDefaults.created(pod.build(), GATES);
  }

  @Test
  void d42_aContainerRequestMissingBesideItsLimitDefaultsToTheLimitOnBothWays() {
    Pod written = new Pod.Builder().uid("p")
        .addInitContainer(container("init", resources(), resources("cpu", "1")))
        .addContainer(container("app", resources("memory", "1Gi"), resources("cpu", "2", "memory", "2Gi")))
        .build();

    for (Pod pod : new Pod[] {PodDefaults.created(written, GATES), PodDefaults.staticPod(written, GATES)}) {
      assertThat(pod.initContainers().get(0).requests()).isEqualTo(resources("cpu", "1"));
      assertThat(pod.containers().get(0).requests()).isEqualTo(resources("cpu", "2", "memory", "1Gi"));
      assertThat(pod.podRequests()).isEmpty();
      assertThat(pod.podLimits()).isEmpty();
    }
  }

  @Test
  void d42_createdPodLimitsAloneTakeTheirMissingRequestsFromTheContainersNotFromTheLimits() {
    Pod pod = created(pod(resources(), resources("cpu", "4", "memory", "4Gi"))
        .addContainer(container("app", resources(), resources("cpu", "2", "memory", "2Gi"))));

    assertThat(pod.podRequests()).isEqualTo(resources("cpu", "2", "memory", "2Gi"));
    assertThat(pod.podLimits()).isEqualTo(resources("cpu", "4", "memory", "4Gi"));
    assertThat(pod.qosClass(GATES)).isEqualTo(QosClass.BURSTABLE);
  }

  @Test
  void d42_createdPodLimitsWithoutAnyContainerRequestLendTheirValuesToThePodRequests() {
    Pod pod = created(pod(resources(), resources("cpu", "4", "memory", "4Gi"))
        .addContainer(container("app", resources(), resources()))
        .addContainer(container("log", resources("cpu", "1"), resources())));

    assertThat(pod.podRequests()).isEqualTo(resources("cpu", "1", "memory", "4Gi"));
  }

  @Test
  void d42_createdPodRequestsAloneAlsoTakeTheirMissingCpuAndMemoryRequestsFromTheContainers() {
    Pod pod = created(pod(resources("memory", "256Mi"), resources())
        .addContainer(container("c1", resources("cpu", "100m", "memory", "128Mi"), resources("cpu", "100m")))
        .addContainer(container("c2", resources("cpu", "200m", "memory", "128Mi"), resources("cpu", "200m"))));

    assertThat(pod.podRequests()).isEqualTo(resources("cpu", "300m", "memory", "256Mi"));
    assertThat(pod.podLimits()).isEqualTo(resources("cpu", "300m"));
  }

  @Test
  void d42_theAggregateIsKep753sLargestInitWithItsSidecarsAgainstAppsPlusSidecars() {
    Pod pod = created(pod(resources(), resources("cpu", "10", "memory", "10Gi"))
        .addInitContainer(sidecar("proxy", resources("cpu", "1", "memory", "1Gi"), resources()))
        .addInitContainer(container("setup", resources("cpu", "6", "memory", "1Gi"), resources()))
        .addContainer(container("a", resources("cpu", "2", "memory", "2Gi"), resources()))
        .addContainer(container("b", resources("cpu", "1", "memory", "3Gi"), resources())));

    // cpu: max(proxy 1 + setup 6, a 2 + b 1 + proxy 1) = 7; memory: max(1Gi + 1Gi, 2Gi + 3Gi + 1Gi) = 6Gi.
    assertThat(pod.podRequests()).isEqualTo(resources("cpu", "7", "memory", "6Gi"));
  }

  @Test
  void d42_createdHugepageSizeTheContainersLimitBecomesAPodLimitAndRequest() {
    Pod pod = created(pod(resources("cpu", "4", "memory", "4Gi"), resources("cpu", "4", "memory", "4Gi"))
        .addContainer(container("dpdk", resources(), resources("cpu", "2", "memory", "2Gi", "hugepages-1Gi", "2Gi")))
        .addContainer(container("ctl", resources(), resources("hugepages-2Mi", "64Mi", "hugepages-1Gi", "1Gi"))));

    assertThat(pod.podLimits()).isEqualTo(
        resources("cpu", "4", "memory", "4Gi", "hugepages-1Gi", "3Gi", "hugepages-2Mi", "64Mi"));
    assertThat(pod.podRequests()).isEqualTo(pod.podLimits());
    assertThat(pod.qosClass(GATES)).isEqualTo(QosClass.GUARANTEED);
  }

  @Test
  void d42_createdHugepageSizeThePodRequestsIsLimitedAtTheLargerOfItsRequestAndTheContainers() {
    Pod requested = created(pod(resources("hugepages-1Gi", "4Gi"), resources("cpu", "1"))
        .addContainer(container("app", resources(), resources("hugepages-1Gi", "1Gi"))));
    Pod limited = created(pod(resources(), resources("hugepages-1Gi", "4Gi"))
        .addContainer(container("app", resources(), resources("hugepages-1Gi", "1Gi"))));

    assertThat(requested.podLimits()).isEqualTo(resources("cpu", "1", "hugepages-1Gi", "4Gi"));
    assertThat(requested.podRequests()).isEqualTo(resources("cpu", "1", "hugepages-1Gi", "4Gi"));
    assertThat(limited.podLimits()).isEqualTo(resources("hugepages-1Gi", "4Gi"));
    assertThat(limited.podRequests()).isEqualTo(resources("hugepages-1Gi", "4Gi"));
  }

  @Test
  void d42_withoutAPodStanzaNothingIsDefaultedAtPodLevel() {
    Pod pod = PodDefaults.created(new Pod.Builder().uid("p")
        .addContainer(container("app", resources(), resources("cpu", "2", "memory", "2Gi", "hugepages-1Gi", "1Gi")))
        .build(), GATES);

    assertThat(pod.podRequests()).isEmpty();
    assertThat(pod.podLimits()).isEmpty();
    assertThat(pod.isPodLevelResourcesSet()).isFalse();
  }

  @Test
  void d42_createdPodRequestTakesALimitOnlyWhereEveryInitAndAppContainerLimitsTheResource() {
    Pod pod = created(pod(resources("cpu", "2", "memory", "2Gi"), resources())
        .addInitContainer(container("setup", resources(), resources("cpu", "3")))
        .addContainer(container("a", resources(), resources("cpu", "1", "memory", "1Gi")))
        .addContainer(container("b", resources(), resources("cpu", "2"))));

    // cpu: every container limits it, max(setup 3, a 1 + b 2) = 3 over the request 2; memory: b has no limit.
    assertThat(pod.podLimits()).isEqualTo(resources("cpu", "3"));
    assertThat(pod.podRequests()).isEqualTo(resources("cpu", "2", "memory", "2Gi"));
  }

  @Test
  void d42_createdPodLimitIsThePodRequestWhereItExceedsTheContainersAggregateLimit() {
    Pod pod = created(pod(resources("cpu", "4"), resources())
        .addContainer(container("a", resources(), resources("cpu", "1")))
        .addContainer(container("b", resources(), resources("cpu", "1"))));

    assertThat(pod.podLimits()).isEqualTo(resources("cpu", "4"));
  }

  @Test
  void d42_createdLimitDefaultingIsPerResourceSoALiftedHugepageLimitDoesNotStopIt() {
    Pod pod = created(pod(resources("cpu", "2", "memory", "2Gi"), resources())
        .addContainer(container("a", resources(), resources("cpu", "2", "memory", "2Gi", "hugepages-2Mi", "8Mi"))));

    assertThat(pod.podLimits()).isEqualTo(resources("cpu", "2", "memory", "2Gi", "hugepages-2Mi", "8Mi"));
    assertThat(pod.podRequests()).isEqualTo(resources("cpu", "2", "memory", "2Gi", "hugepages-2Mi", "8Mi"));
    assertThat(pod.qosClass(GATES)).isEqualTo(QosClass.GUARANTEED);
  }

  @Test
  void d42_createdCpuBudgetOverContainersPinningMemoryGetsAMemoryRequestAndLimitAndIsGuaranteed_q3() {
    Pod pod = created(pod(resources("cpu", "4"), resources("cpu", "4"))
        .addContainer(container("a", resources(), resources("cpu", "2", "memory", "1Gi")))
        .addContainer(container("b", resources(), resources("cpu", "1", "memory", "1Gi"))));

    assertThat(pod.podRequests()).isEqualTo(resources("cpu", "4", "memory", "2Gi"));
    assertThat(pod.podLimits()).isEqualTo(resources("cpu", "4", "memory", "2Gi"));
    assertThat(pod.qosClass(GATES)).isEqualTo(QosClass.GUARANTEED);
  }

  @Test
  void d42_createdEphemeralContainerWithoutALimitStopsLimitDefaultingAsAllContainersAreVisited() {
    Pod pod = created(pod(resources("cpu", "2"), resources())
        .addContainer(container("a", resources(), resources("cpu", "2")))
        .addEphemeralContainer(Container.named("debug")));

    assertThat(pod.podLimits()).isEmpty();
  }

  /**
   * Upstream's {@code IsSupportedPodLevelResource} (cpu, memory, hugepages) bounds every step: a pod
   * limit of another resource lends no request, and a pod request of another resource gets no limit
   * (API validation refuses such pod-level resources; a library may still build them).
   */
  @Test
  void d42_onlyCpuMemoryAndHugepagesAreDefaultedAtPodLevel() {
    Pod limited = created(pod(resources(), resources("cpu", "1", "ephemeral-storage", "1Gi"))
        .addContainer(container("app", resources(), resources())));
    Pod requested = created(pod(resources("ephemeral-storage", "1Gi"), resources())
        .addContainer(container("app", resources(), resources("cpu", "1", "ephemeral-storage", "1Gi"))));

    assertThat(limited.podRequests()).isEqualTo(resources("cpu", "1"));
    // cpu is requested (from the container) and limited; ephemeral-storage, limited by the container too, is not.
    assertThat(requested.podRequests()).isEqualTo(resources("cpu", "1", "ephemeral-storage", "1Gi"));
    assertThat(requested.podLimits()).isEqualTo(resources("cpu", "1"));
  }

  @Test
  void d42_createdWithPodLevelResourcesOffDropsSpecResources() {
    Pod pod = PodDefaults.created(pod(resources("cpu", "2"), resources("cpu", "2"))
        .addContainer(container("app", resources(), resources("cpu", "1"))).build(),
        GATES.with(FeatureGates.POD_LEVEL_RESOURCES, false));

    assertThat(pod.podRequests()).isEmpty();
    assertThat(pod.podLimits()).isEmpty();
    assertThat(pod.podResourcesStanza()).isFalse();
  }

  @Test
  void d42_withFixDefaultingOffBothWaysDefaultAsTheOlderSetDefaultsPodAndNeverALimit() {
    Pod written = pod(resources("cpu", "2"), resources("memory", "4Gi"))
        .addContainer(container("app", resources("cpu", "1", "memory", "1Gi"), resources("cpu", "2", "hugepages-2Mi", "8Mi")))
        .build();

    for (Pod pod : new Pod[] {PodDefaults.created(written, FIX_DEFAULTING_OFF),
        PodDefaults.staticPod(written, FIX_DEFAULTING_OFF)}) {
      assertThat(pod.podLimits()).isEqualTo(resources("memory", "4Gi", "hugepages-2Mi", "8Mi"));
      assertThat(pod.podRequests()).isEqualTo(resources("cpu", "2", "memory", "1Gi", "hugepages-2Mi", "8Mi"));
    }
  }

  @Test
  void d42_withFixDefaultingOffPodRequestsAloneTakeNothingFromTheContainers() {
    Pod pod = PodDefaults.created(pod(resources("memory", "256Mi"), resources())
        .addContainer(container("c1", resources("cpu", "100m"), resources("cpu", "100m"))).build(), FIX_DEFAULTING_OFF);

    assertThat(pod.podRequests()).isEqualTo(resources("memory", "256Mi"));
    assertThat(pod.podLimits()).isEmpty();
  }

  @Test
  void d42_staticPodKeepsSpecResourcesAsWrittenSoLimitsAloneMakeItBurstable() {
    Pod written = pod(resources(), resources("cpu", "4", "memory", "4Gi"))
        .addContainer(container("app", resources(), resources())).build();

    Pod fromFolder = PodDefaults.staticPod(written, GATES);
    Pod created = PodDefaults.created(written, GATES);

    assertThat(fromFolder.podRequests()).isEmpty();
    assertThat(fromFolder.podLimits()).isEqualTo(resources("cpu", "4", "memory", "4Gi"));
    assertThat(fromFolder.qosClass(GATES)).isEqualTo(QosClass.BURSTABLE);
    assertThat(created.podRequests()).isEqualTo(resources("cpu", "4", "memory", "4Gi"));
    assertThat(created.qosClass(GATES)).isEqualTo(QosClass.GUARANTEED);
  }

  /**
   * D-42, {@code defaultPodLevelLimits}: the pod-level limit is the containers' aggregate, replaced by the pod
   * request only when the request exceeds it ({@code podReq.Cmp(val) > 0}); an equal request leaves the
   * aggregate, written as the aggregate is (kubelet v1.37.2 gives {@code 1073741824}, vector
   * {@code pod-create/requests-only/defaulted-pod-limit-equal-to-the-pod-request-keeps-the-aggregate}).
   */
  @Test
  void d42_aPodRequestEqualToTheContainersAggregateLimitLeavesTheAggregateAsTheLimit() {
    Pod created = PodDefaults.created(pod(resources("memory", "1Gi"), Map.of())
        .addContainers(container("app", Map.of(), resources("memory", "1073741824"))).build(), GATES);

    assertThat(created.podLimits().get("memory").goString()).isEqualTo("1073741824");
    assertThat(created.podRequests().get("memory").goString()).isEqualTo("1Gi");
  }
}

