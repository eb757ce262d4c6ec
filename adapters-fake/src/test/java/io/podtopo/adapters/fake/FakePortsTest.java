package io.podtopo.adapters.fake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.ports.in.ContainerRef;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.out.AdmissionResult;
import io.podtopo.ports.out.AllocationStoreException;
import io.podtopo.ports.out.CpusetWrite;
import io.podtopo.ports.out.CpusetWriteException;
import io.podtopo.ports.out.ResourceName;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What the fake driven ports offer tests beyond their port's promises (which the
 * {@code *ContractTest} classes beside this one run): failures on request, counts, event logs,
 * recorded batches, catalog names and shapes, counter keys.
 */
class FakePortsTest {

  private static final NodeSnapshot EMPTY = NodeSnapshot.of(NodeState.empty());

  @Test
  void failNextSaveFailsOnlyTheNextSaveAndTheStoreCountsAndLogsEverySave() {
    EventLog log = new EventLog();
    InMemoryAllocationStore store = new InMemoryAllocationStore(log);
    NodeSnapshot other = new NodeSnapshot.Builder().from(EMPTY).addRemovedContainer(ContainerRef.of("p", "c")).build();
    store.save(EMPTY);
    store.failNextSave();

    assertThatThrownBy(() -> store.save(other)).isInstanceOf(AllocationStoreException.class);

    store.save(other);
    assertThat(store.load()).contains(other);
    assertThat(store.saves()).isEqualTo(2);
    assertThat(log.events()).containsExactly("save", "save failed", "save");
  }

  @Test
  void aStoreHoldingACheckpointLoadsIt() {
    assertThat(InMemoryAllocationStore.holding(EMPTY).load()).contains(EMPTY);
  }

  @Test
  void theWriterRecordsEveryWriteInOrderAndKnowsEachContainersLastCpuset() {
    EventLog log = new EventLog();
    RecordingCpusetWriter writer = new RecordingCpusetWriter(log);
    CpusetWrite first = CpusetWrite.of("p", "app", CpuSet.of(0, 1, 2, 3), NumaMask.of(0, 1));
    CpusetWrite second = CpusetWrite.of("q", "app", CpuSet.of(4), NumaMask.of(1));
    CpusetWrite third = CpusetWrite.of("p", "app", CpuSet.of(2, 3), NumaMask.of(0));

    writer.apply(List.of(first, second));
    writer.apply(List.of(third));

    assertThat(writer.batches()).containsExactly(List.of(first, second), List.of(third));
    assertThat(writer.writes()).containsExactly(first, second, third);
    assertThat(writer.current("p", "app")).contains(third);
    assertThat(writer.currentCpus("q", "app")).contains(CpuSet.of(4));
    assertThat(writer.currentCpus("p", "log")).isEmpty();
    assertThat(log.events()).containsExactly("write p/app cpus=0-3 mems=[0, 1]", "write q/app cpus=4 mems=[1]",
        "write p/app cpus=2-3 mems=[0]");
  }

  @Test
  void failNextApplyFailsOnlyTheNextBatchWithTheGivenMessageAndLogsIt() {
    EventLog log = new EventLog();
    RecordingCpusetWriter writer = new RecordingCpusetWriter(log);
    CpusetWrite write = CpusetWrite.of("p", "app", CpuSet.of(1), NumaMask.of(0));
    writer.failNextApply("cgroup p/app is busy");

    assertThatThrownBy(() -> writer.apply(List.of(write))).isInstanceOf(CpusetWriteException.class)
        .hasMessage("cgroup p/app is busy");
    writer.apply(List.of(write));

    assertThat(writer.batches()).containsExactly(List.of(write));
    assertThat(log.events()).containsExactly("apply failed", "write p/app cpus=1 mems=[0]");
  }

  @Test
  void theMachineSourceTakesACatalogNameOrAShape() {
    assertThat(CatalogMachineSource.of(MachineCatalog.DEFAULT_MACHINE).machine())
        .isEqualTo(MachineCatalog.bundled().machine(MachineCatalog.DEFAULT_MACHINE));
    assertThat(CatalogMachineSource.of("2s2n4c").machine().cpuSet()).isEqualTo(CpuSet.of(0, 1, 2, 3, 4, 5, 6, 7));
    assertThatThrownBy(() -> CatalogMachineSource.of("demo-2z")).isInstanceOf(UnknownMachineException.class)
        .hasMessageContaining("demo-2s");
    assertThatThrownBy(() -> CatalogMachineSource.of("2s3n4c")).isInstanceOf(MachineShapeException.class);
  }

  @Test
  void theMetricsRecorderAddsIncrementsUnderTheirLabels() {
    InMemoryMetricsRecorder metrics = new InMemoryMetricsRecorder();

    metrics.recordAdmission(AdmissionResult.ADMITTED, Optional.empty(), Duration.ofMillis(3));
    metrics.recordAdmission(AdmissionResult.REJECTED, Optional.of("TopologyAffinityError"), Duration.ZERO);
    metrics.recordAdmission(AdmissionResult.REJECTED, Optional.of("TopologyAffinityError"), Duration.ZERO);
    metrics.recordAllocations(ResourceName.CPU,
        new ResourceManagerMetrics.Builder().podAllocations(2).podExclusiveAssignments(1).podSharedAssignments(1).build());
    metrics.recordAllocations(ResourceName.MEMORY, new ResourceManagerMetrics.Builder().nodeAllocationErrors(1).build());
    metrics.recordAllocations(ResourceName.CPU, ResourceManagerMetrics.none());

    assertThat(metrics.counters()).isEqualTo(Map.of(
        "admissions{result=\"admitted\"}", 1L,
        "admissions{result=\"rejected\",reason=\"TopologyAffinityError\"}", 2L,
        "resource_manager_allocations_total{resource_name=\"cpu\",source=\"pod\"}", 2L,
        "resource_manager_container_assignments{resource_name=\"cpu\",assignment_type=\"pod_exclusive\"}", 1L,
        "resource_manager_container_assignments{resource_name=\"cpu\",assignment_type=\"pod_shared\"}", 1L,
        "resource_manager_allocation_errors_total{resource_name=\"memory\",source=\"node\"}", 1L));
  }
}
