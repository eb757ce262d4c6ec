package io.podtopo.domain.pod;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * D-42, the API server's defaulting of pod resources (upstream {@code SetDefaults_Pod},
 * {@code pkg/apis/core/v1/defaults.go}): container requests from their limits, then at pod level
 * {@code defaultHugePagePodLimits}, {@code defaultPodRequests} and {@code defaultPodLimits}, each
 * with KEP-753's aggregate of the containers.
 */
class PodDefaultsTest {

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
    return new Pod.Builder().uid("p").podRequests(requests).podLimits(limits);
  }

  @Test
  void d42_aContainerRequestMissingBesideItsLimitDefaultsToTheLimitInInitAndAppContainers() {
    Pod pod = PodDefaults.apply(new Pod.Builder().uid("p")
        .addInitContainer(container("init", resources(), resources("cpu", "1")))
        .addContainer(container("app", resources("memory", "1Gi"), resources("cpu", "2", "memory", "2Gi")))
        .build());

    assertThat(pod.initContainers().get(0).requests()).isEqualTo(resources("cpu", "1"));
    assertThat(pod.containers().get(0).requests()).isEqualTo(resources("cpu", "2", "memory", "1Gi"));
    assertThat(pod.podRequests()).isEmpty();
    assertThat(pod.podLimits()).isEmpty();
  }

  @Test
  void d42_podLimitsAloneTakeTheirMissingRequestsFromTheContainersNotFromTheLimits() {
    Pod pod = PodDefaults.apply(pod(resources(), resources("cpu", "4", "memory", "4Gi"))
        .addContainer(container("app", resources(), resources("cpu", "2", "memory", "2Gi"))).build());

    assertThat(pod.podRequests()).isEqualTo(resources("cpu", "2", "memory", "2Gi"));
    assertThat(pod.podLimits()).isEqualTo(resources("cpu", "4", "memory", "4Gi"));
    assertThat(pod.qosClass(true)).isEqualTo(QosClass.BURSTABLE);
  }

  @Test
  void d42_podLimitsWithoutAnyContainerRequestLendTheirValuesToThePodRequests() {
    Pod pod = PodDefaults.apply(pod(resources(), resources("cpu", "4", "memory", "4Gi"))
        .addContainer(container("app", resources(), resources()))
        .addContainer(container("log", resources("cpu", "1"), resources())).build());

    assertThat(pod.podRequests()).isEqualTo(resources("cpu", "1", "memory", "4Gi"));
  }

  @Test
  void d42_theAggregateIsKep753sLargestInitWithItsSidecarsAgainstAppsPlusSidecars() {
    Pod pod = PodDefaults.apply(pod(resources(), resources("cpu", "10", "memory", "10Gi"))
        .addInitContainer(sidecar("proxy", resources("cpu", "1", "memory", "1Gi"), resources()))
        .addInitContainer(container("setup", resources("cpu", "6", "memory", "1Gi"), resources()))
        .addContainer(container("a", resources("cpu", "2", "memory", "2Gi"), resources()))
        .addContainer(container("b", resources("cpu", "1", "memory", "3Gi"), resources()))
        .build());

    // cpu: max(proxy 1 + setup 6, a 2 + b 1 + proxy 1) = 7; memory: max(1Gi + 1Gi, 2Gi + 3Gi + 1Gi) = 6Gi.
    assertThat(pod.podRequests()).isEqualTo(resources("cpu", "7", "memory", "6Gi"));
  }

  @Test
  void d42_aHugepageSizeTheContainersLimitBecomesAPodLimitAndRequest() {
    Pod pod = PodDefaults.apply(pod(resources("cpu", "4", "memory", "4Gi"), resources("cpu", "4", "memory", "4Gi"))
        .addContainer(container("dpdk", resources(), resources("cpu", "2", "memory", "2Gi", "hugepages-1Gi", "2Gi")))
        .addContainer(container("ctl", resources(), resources("hugepages-2Mi", "64Mi", "hugepages-1Gi", "1Gi")))
        .build());

    assertThat(pod.podLimits()).isEqualTo(
        resources("cpu", "4", "memory", "4Gi", "hugepages-1Gi", "3Gi", "hugepages-2Mi", "64Mi"));
    assertThat(pod.podRequests()).isEqualTo(pod.podLimits());
    assertThat(pod.qosClass(true)).isEqualTo(QosClass.GUARANTEED);
  }

  @Test
  void d42_aHugepageSizeThePodRequestsOrLimitsKeepsThePodsOwnValue() {
    Pod requested = PodDefaults.apply(pod(resources("hugepages-1Gi", "4Gi"), resources("cpu", "1"))
        .addContainer(container("app", resources(), resources("hugepages-1Gi", "1Gi"))).build());
    Pod limited = PodDefaults.apply(pod(resources(), resources("hugepages-1Gi", "4Gi"))
        .addContainer(container("app", resources(), resources("hugepages-1Gi", "1Gi"))).build());

    assertThat(requested.podLimits()).isEqualTo(resources("cpu", "1"));
    assertThat(requested.podRequests()).isEqualTo(resources("cpu", "1", "hugepages-1Gi", "4Gi"));
    assertThat(limited.podLimits()).isEqualTo(resources("hugepages-1Gi", "4Gi"));
    assertThat(limited.podRequests()).isEqualTo(resources("hugepages-1Gi", "4Gi"));
  }

  @Test
  void d42_withoutAPodStanzaNothingIsDefaultedAtPodLevel() {
    Pod pod = PodDefaults.apply(new Pod.Builder().uid("p")
        .addContainer(container("app", resources(), resources("cpu", "2", "memory", "2Gi", "hugepages-1Gi", "1Gi")))
        .build());

    assertThat(pod.podRequests()).isEmpty();
    assertThat(pod.podLimits()).isEmpty();
    assertThat(pod.isPodLevelResourcesSet()).isFalse();
  }

  @Test
  void d42_podRequestsAloneTakeLimitsOnlyWhereEveryInitAndAppContainerLimitsTheResource() {
    Pod pod = PodDefaults.apply(pod(resources("cpu", "2", "memory", "2Gi"), resources())
        .addInitContainer(container("setup", resources(), resources("cpu", "3")))
        .addContainer(container("a", resources(), resources("cpu", "1", "memory", "1Gi")))
        .addContainer(container("b", resources(), resources("cpu", "2")))
        .build());

    // cpu: every container limits it, max(setup 3, a 1 + b 2) = 3; memory: b has no limit.
    assertThat(pod.podLimits()).isEqualTo(resources("cpu", "3"));
    assertThat(pod.podRequests()).isEqualTo(resources("cpu", "2", "memory", "2Gi"));
  }

  @Test
  void d42_aHugepageLimitLiftedToThePodCountsAsAPodLimitSoCpuAndMemoryLimitsAreNotDefaulted() {
    Pod pod = PodDefaults.apply(pod(resources("cpu", "2", "memory", "2Gi"), resources())
        .addContainer(container("a", resources(), resources("cpu", "2", "memory", "2Gi", "hugepages-2Mi", "8Mi")))
        .build());

    assertThat(pod.podLimits()).isEqualTo(resources("hugepages-2Mi", "8Mi"));
    assertThat(pod.podRequests()).isEqualTo(resources("cpu", "2", "memory", "2Gi", "hugepages-2Mi", "8Mi"));
    assertThat(pod.qosClass(true)).isEqualTo(QosClass.BURSTABLE);
  }

  @Test
  void d42_aPodLevelCpuBudgetWithContainersPinningMemoryGetsAMemoryRequestAndNoMemoryLimit_q3() {
    Pod pod = PodDefaults.apply(pod(resources("cpu", "4"), resources("cpu", "4"))
        .addContainer(container("a", resources(), resources("cpu", "2", "memory", "1Gi")))
        .addContainer(container("b", resources(), resources("cpu", "1", "memory", "1Gi")))
        .build());

    assertThat(pod.podRequests()).isEqualTo(resources("cpu", "4", "memory", "2Gi"));
    assertThat(pod.podLimits()).isEqualTo(resources("cpu", "4"));
    assertThat(pod.qosClass(true)).isEqualTo(QosClass.BURSTABLE);
  }

  /**
   * Upstream's {@code IsSupportedPodLevelResource} (cpu, memory, hugepages) bounds both steps: a pod
   * limit of another resource lends no request, and a pod request of another resource alone does
   * not make the pod's limits default (API validation refuses such pod-level resources; a library
   * may still build them).
   */
  @Test
  void d42_onlyCpuMemoryAndHugepagesAreDefaultedAtPodLevel() {
    Pod limited = PodDefaults.apply(pod(resources(), resources("cpu", "1", "ephemeral-storage", "1Gi"))
        .addContainer(container("app", resources(), resources())).build());
    Pod requested = PodDefaults.apply(pod(resources("ephemeral-storage", "1Gi"), resources())
        .addContainer(container("app", resources(), resources("cpu", "1"))).build());

    assertThat(limited.podRequests()).isEqualTo(resources("cpu", "1"));
    assertThat(requested.podLimits()).isEmpty();
  }
}
