package io.podtopo.adapters.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import org.junit.jupiter.api.Test;

/**
 * {@link PinningCounts}: the CPU and Memory Managers' pinning counters as the kubelet's static
 * policies move them ({@code Allocate} per container, {@code AllocatePod} per pod), read off one
 * admission's resource-manager increments.
 */
class PinningCountsTest {

  @Test
  void cpuCountsOneRequestPerExclusiveContainerOnEitherPath() {
    ResourceManagerMetrics node = new ResourceManagerMetrics.Builder().nodeAllocations(3).nodeExclusiveAssignments(3).build();
    ResourceManagerMetrics pod = new ResourceManagerMetrics.Builder()
        .podAllocations(4).podExclusiveAssignments(1).podSharedAssignments(3).build();

    assertThat(PinningCounts.cpuRequests(node)).isEqualTo(3);
    assertThat(PinningCounts.cpuRequests(pod)).isEqualTo(1);
  }

  @Test
  void aPodOfSharedContainersOnlyPinsNoCpuButOnePodOfMemory() {
    ResourceManagerMetrics shared = new ResourceManagerMetrics.Builder().podAllocations(2).podSharedAssignments(2).build();

    assertThat(PinningCounts.cpuRequests(shared)).isZero();
    assertThat(PinningCounts.memoryRequests(shared)).isEqualTo(1);
  }

  @Test
  void memoryCountsOneRequestPerContainerOnTheContainerPathAndOnePerPodOnThePodPath() {
    ResourceManagerMetrics node = new ResourceManagerMetrics.Builder().nodeAllocations(2).nodeExclusiveAssignments(2).build();
    ResourceManagerMetrics pod = new ResourceManagerMetrics.Builder()
        .podAllocations(3).podExclusiveAssignments(2).podSharedAssignments(1).build();

    assertThat(PinningCounts.memoryRequests(node)).isEqualTo(2);
    assertThat(PinningCounts.memoryRequests(pod)).isEqualTo(1);
  }

  @Test
  void aFailedAllocateIsARequestAndAnErrorAFailedAllocatePodAnErrorAndForMemoryARequest() {
    ResourceManagerMetrics failedAllocate = new ResourceManagerMetrics.Builder().nodeAllocationErrors(1).build();
    ResourceManagerMetrics failedAllocatePod = new ResourceManagerMetrics.Builder().podAllocationErrors(1).build();

    assertThat(PinningCounts.cpuRequests(failedAllocate)).isEqualTo(1);
    assertThat(PinningCounts.memoryRequests(failedAllocate)).isEqualTo(1);
    assertThat(PinningCounts.errors(failedAllocate)).isEqualTo(1);
    assertThat(PinningCounts.cpuRequests(failedAllocatePod)).isZero();
    assertThat(PinningCounts.memoryRequests(failedAllocatePod)).isEqualTo(1);
    assertThat(PinningCounts.errors(failedAllocatePod)).isEqualTo(1);
  }

  @Test
  void nothingAllocatedCountsNothing() {
    assertThat(PinningCounts.cpuRequests(ResourceManagerMetrics.none())).isZero();
    assertThat(PinningCounts.memoryRequests(ResourceManagerMetrics.none())).isZero();
    assertThat(PinningCounts.errors(ResourceManagerMetrics.none())).isZero();
  }
}
