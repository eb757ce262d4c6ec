package io.podtopo.ports.out;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The promises of {@link MetricsRecorder}'s Javadoc, for every adapter: a test class implements this
 * interface with a fresh recorder per test and reads its counters back in the port's terms.
 *
 * <p>Not here: the reason of a rejection and the time a decision took, which an adapter may leave
 * out (each adapter's own tests show where it keeps them).
 */
public interface MetricsRecorderContract {

  /** A recorder that has counted nothing; new for each test. */
  MetricsRecorder newRecorder();

  /** How many admissions of {@code result} the last {@link #newRecorder} counted. */
  long admissions(AdmissionResult result);

  /** The resource-manager counters of {@code resource} the last {@link #newRecorder} holds, by label. */
  ResourceManagerMetrics counted(ResourceName resource);

  /** Every counter different, so that one added under another's label shows. */
  private static ResourceManagerMetrics increments(int base) {
    return new ResourceManagerMetrics.Builder().nodeAllocations(base).podAllocations(base + 1)
        .nodeAllocationErrors(base + 2).podAllocationErrors(base + 3).nodeExclusiveAssignments(base + 4)
        .podExclusiveAssignments(base + 5).podSharedAssignments(base + 6).build();
  }

  @Test
  default void recordAdmission_countsEveryAdmissionUnderItsResult() {
    MetricsRecorder recorder = newRecorder();

    recorder.recordAdmission(AdmissionResult.ADMITTED, Optional.empty(), Duration.ofMillis(2));
    recorder.recordAdmission(AdmissionResult.REJECTED, Optional.of("TopologyAffinityError"), Duration.ofMillis(3));
    recorder.recordAdmission(AdmissionResult.REJECTED, Optional.of("SMTAlignmentError"), Duration.ZERO);

    assertThat(admissions(AdmissionResult.ADMITTED)).isEqualTo(1);
    assertThat(admissions(AdmissionResult.REJECTED)).isEqualTo(2);
  }

  @Test
  default void recordAllocations_addsEachIncrementToTheCounterOfItsResourceAndLabel() {
    MetricsRecorder recorder = newRecorder();

    recorder.recordAllocations(ResourceName.CPU, increments(1));
    recorder.recordAllocations(ResourceName.MEMORY, increments(20));
    recorder.recordAllocations(ResourceName.CPU, increments(100));
    recorder.recordAllocations(ResourceName.CPU, ResourceManagerMetrics.none());

    assertThat(counted(ResourceName.CPU)).isEqualTo(new ResourceManagerMetrics.Builder().nodeAllocations(101)
        .podAllocations(103).nodeAllocationErrors(105).podAllocationErrors(107).nodeExclusiveAssignments(109)
        .podExclusiveAssignments(111).podSharedAssignments(113).build());
    assertThat(counted(ResourceName.MEMORY)).isEqualTo(increments(20));
  }

  /** Counters only ever grow, and recording never fails the operation: an increment below zero is no change. */
  @Test
  default void recordAllocations_ofIncrementsBelowZeroChangesNoCounterAndThrowsNothing() {
    MetricsRecorder recorder = newRecorder();
    recorder.recordAllocations(ResourceName.MEMORY, increments(20));

    recorder.recordAllocations(ResourceName.MEMORY, increments(-10));

    assertThat(counted(ResourceName.MEMORY)).isEqualTo(increments(20));
  }

  /** Threading: recordings from many threads at once are all counted. */
  @Test
  default void recordings_fromManyThreadsAtOnceAreAllCounted() throws Exception {
    MetricsRecorder recorder = newRecorder();
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> recordings = new ArrayList<>();
      for (int thread = 0; thread < 4; thread++) {
        recordings.add(threads.submit(() -> {
          for (int i = 0; i < 2_000; i++) {
            recorder.recordAdmission(AdmissionResult.ADMITTED, Optional.empty(), Duration.ZERO);
            recorder.recordAllocations(ResourceName.CPU, increments(1));
          }
        }));
      }
      for (Future<?> recording : recordings) {
        recording.get();
      }
    } finally {
      threads.shutdownNow();
    }

    assertThat(admissions(AdmissionResult.ADMITTED)).isEqualTo(8_000);
    assertThat(counted(ResourceName.CPU)).isEqualTo(new ResourceManagerMetrics.Builder().nodeAllocations(8_000)
        .podAllocations(16_000).nodeAllocationErrors(24_000).podAllocationErrors(32_000)
        .nodeExclusiveAssignments(40_000).podExclusiveAssignments(48_000).podSharedAssignments(56_000).build());
  }
}
