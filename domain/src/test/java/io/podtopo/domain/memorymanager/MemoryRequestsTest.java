package io.podtopo.domain.memorymanager;

import static io.podtopo.domain.memorymanager.MemoryFixtures.GI;
import static io.podtopo.domain.memorymanager.MemoryFixtures.PLRM_OFF;
import static io.podtopo.domain.memorymanager.MemoryFixtures.PLRM_ON;
import static io.podtopo.domain.memorymanager.MemoryFixtures.gu;
import static io.podtopo.domain.memorymanager.MemoryFixtures.ngu;
import static io.podtopo.domain.memorymanager.MemoryFixtures.podLevel;
import static io.podtopo.domain.memorymanager.MemoryFixtures.sidecar;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Pod;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a pod and a container ask the Memory Manager for (kubelet-algorithms §3.2, PLRM spec §7.1). */
class MemoryRequestsTest {

  @Test
  void legacyPodTotalIsTheLargerOfLongRunningAndLargestInitPlusEarlierSidecars() {
    Pod pod = new Pod.Builder().uid("p")
        .addInitContainer(sidecar(gu("sidecar", "1", "1Gi")))
        .addInitContainer(gu("init", "1", "4Gi", "hugepages-2Mi", "2Mi"))
        .addContainer(gu("a", "1", "1Gi"))
        .addContainer(gu("b", "1", "1Gi"))
        .build();

    assertThat(new MemoryRequests(PLRM_OFF).pod(pod)).isEqualTo(Map.of("memory", 5 * GI));

    Pod longRunningWins = new Pod.Builder().from(pod).addContainer(gu("c", "1", "4Gi")).build();
    assertThat(new MemoryRequests(PLRM_OFF).pod(longRunningWins)).isEqualTo(Map.of("memory", 7 * GI));
  }

  @Test
  void podLevelPodAsksForItsBudgetWithoutZeroTypes() {
    Pod pod = podLevel("p", "2", "3Gi", "hugepages-1Gi", "0", "hugepages-2Mi", "4Mi").addContainer(ngu("c")).build();

    assertThat(new MemoryRequests(PLRM_ON).pod(pod)).isEqualTo(Map.of("memory", 3 * GI, "hugepages-2Mi", 4L << 20));
  }

  @Test
  void onlyEquivalentGuaranteedContainersOfAPodLevelPodAskForExclusiveMemory() {
    Pod pod = podLevel("p", "4", "4Gi")
        .addContainer(gu("exclusive", "1500m", "1Gi"))
        .addContainer(gu("no-memory", "1", "0"))
        .build();
    MemoryRequests requests = new MemoryRequests(PLRM_ON);

    assertThat(requests.container(pod, pod.containers().get(0))).isEqualTo(Map.of("memory", GI));
    assertThat(requests.container(pod, pod.containers().get(1))).isEmpty();
    assertThat(new MemoryRequests(PLRM_OFF).container(pod, pod.containers().get(1))).isEqualTo(Map.of("memory", 0L));
  }

  /** Upstream {@code Quantity.AsInt64}: the largest int64 is still a number of bytes. */
  @Test
  void theLargestInt64IsAWholeNumberOfBytes() {
    Pod pod = new Pod.Builder().uid("p").addContainer(gu("c", "1", "9223372036854775807")).build();

    assertThat(new MemoryRequests(PLRM_OFF).container(pod, pod.containers().get(0)))
        .isEqualTo(Map.of("memory", Long.MAX_VALUE));
  }
}
