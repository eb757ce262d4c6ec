package io.podtopo.domain.cpumanager;

import io.podtopo.domain.admission.AdmissionCause;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * The outcome of an allocation by the {@code static} policy: the new state, or the cause that refuses
 * the pod and the state it left, and the metric increments either way ({@link AdmissionCause}'s
 * convention for the managers' allocations).
 */
@Value.Immutable
public abstract class CpuAllocationResult {

  /**
   * The state after the operation: the input state when it failed, except that kubelet v1.37 keeps
   * the bubble of a failed pod partition (quirk {@code Q-cpu-partial-bubble}).
   */
  public abstract CpuManagerState state();

  /**
   * Why the allocation refused the pod: an {@link io.podtopo.domain.admission.SmtAlignmentError}, an
   * {@link io.podtopo.domain.admission.EmptyPodSharedPoolError} or an
   * {@link io.podtopo.domain.admission.UnexpectedAdmissionError}; empty when it did not.
   */
  public abstract Optional<AdmissionCause> error();

  public abstract ResourceManagerMetrics metrics();

  static CpuAllocationResult success(CpuManagerState state, ResourceManagerMetrics metrics) {
    return new Builder().state(state).metrics(metrics).build();
  }

  static CpuAllocationResult failure(CpuManagerState unchanged, AdmissionCause error,
      ResourceManagerMetrics metrics) {
    return new Builder().state(unchanged).error(error).metrics(metrics).build();
  }

  /** Builder: {@code new CpuAllocationResult.Builder().state(s).metrics(m).build()}. */
  public static class Builder extends ImmutableCpuAllocationResult.Builder {}
}
