package io.podtopo.domain.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import org.junit.jupiter.api.Test;

/**
 * Issue 26 item 1: the typed causes of a rejection give the kubelet's reason and message byte for
 * byte (upstream {@code GetPodAdmitResult}: {@code Type()} and {@code Error()}), from their fields.
 */
class AdmissionCauseTest {

  @Test
  void issue26_item1_anUnexpectedAdmissionErrorWrapsTheManagersOwnText() {
    NotEnoughCpusError cpus = NotEnoughCpusError.of(9, 8);
    assertThat(cpus.error()).isEqualTo("not enough cpus available to satisfy request: requested=9, available=8");
    assertThat(cpus.failure()).isEqualTo(AdmissionFailure.unexpected(cpus.error()));
    assertThat(cpus.failure()).isEqualTo(AdmissionFailure.of("UnexpectedAdmissionError", "Allocate failed due to not "
        + "enough cpus available to satisfy request: requested=9, available=8, which is unexpected"));

    DevicesUnavailableError devices = DevicesUnavailableError.of("vendor.com/gpu", 2, 1);
    assertThat(devices.error())
        .isEqualTo("requested number of devices unavailable for vendor.com/gpu. Requested: 2, Available: 1");
    assertThat(devices.reason()).isEqualTo(UnexpectedAdmissionError.REASON);

    String noAffinity = "[memorymanager] failed to find the default preferred hint";
    assertThat(MemoryManagerError.of(noAffinity).failure()).isEqualTo(AdmissionFailure.unexpected(noAffinity));
    assertThat(UntypedAllocationError.of("failed to allocate cpus").failure())
        .isEqualTo(AdmissionFailure.unexpected("failed to allocate cpus"));
  }

  @Test
  void issue26_item1_theTypedErrorsGiveTheirTypeAsReasonAndTheirTextAsMessage() {
    assertThat(SmtAlignmentError.notMultipleOfCore(5, 2).failure()).isEqualTo(AdmissionFailure.of("SMTAlignmentError",
        "SMT Alignment Error: requested 5 cpus not multiple cpus per core = 2"));
    assertThat(SmtAlignmentError.notEnoughPhysicalCpus(24, 2, 22).failure()).isEqualTo(AdmissionFailure.of(
        "SMTAlignmentError", "SMT Alignment Error: not enough free physical CPUs: available physical CPUs = 22, "
            + "requested CPUs = 24, CPUs per core = 2"));
    assertThat(EmptyPodSharedPoolError.of("pod rejected, x").failure())
        .isEqualTo(AdmissionFailure.of("EmptyPodSharedPoolError", "pod rejected, x"));
    assertThat(TopologyAffinityError.of(AdmissionFailure.TOPOLOGY_AFFINITY_MESSAGE).failure())
        .isEqualTo(AdmissionFailure.topologyAffinity());
    assertThat(KubeletNoAnswer.at(KubeletQuirk.NUMA_REMAINDER_LOOP).failure())
        .isEqualTo(AdmissionFailure.noAnswer(KubeletQuirk.NUMA_REMAINDER_LOOP));
  }

  @Test
  void na5_na7_aPodLevelValidationErrorSaysItsProblemInTheKubeletsWords() {
    assertThat(PodLevelResourcesValidationError.budgetLacks("memory").failure()).isEqualTo(AdmissionFailure.of(
        "PodLevelResourcesValidationError", "pod rejected, pod-level resources must set both cpu and memory requests "
            + "and limits, but memory is taken from the containers"));
    assertThat(PodLevelResourcesValidationError.containersOutsideBudget("hugepages-2Mi").message())
        .isEqualTo("pod rejected, containers request hugepages-2Mi but the pod-level resources do not");
    PodLevelResourcesValidationError exceeds =
        PodLevelResourcesValidationError.aggregateExceeds("cpu", Quantity.parse("5"), Quantity.parse("4"));
    assertThat(exceeds.message())
        .isEqualTo("pod rejected, aggregated container requests of cpu (5) exceed the pod-level request (4)");
    assertThat(exceeds.aggregated()).contains(Quantity.parse("5"));
    assertThat(exceeds.budget()).contains(Quantity.parse("4"));
    assertThat(PodLevelResourcesValidationError.budgetLacks("cpu").aggregated()).isEmpty();
  }

  @Test
  void na22_theResourceFitPredicatesRefusalIsOutOfItsResource() {
    InsufficientResourceError cpu = InsufficientResourceError.of("cpu", 2000, 7000, 8000);
    assertThat(cpu.failure()).isEqualTo(AdmissionFailure.of("OutOfcpu",
        "Node didn't have enough resource: cpu, requested: 2000, used: 7000, capacity: 8000"));
  }

  @Test
  void issue26_item1_aReportedFailureIsItsReasonAndMessageAndNothingMore() {
    AdmissionFailure failure = AdmissionFailure.of("SMTAlignmentError", "SMT Alignment Error: something else");
    assertThat(ReportedFailure.of(failure).failure()).isEqualTo(failure);
  }
}
