package io.podtopo.domain.memorymanager;

import io.podtopo.domain.admission.AdmissionCause;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * The outcome of an allocation by the Memory Manager's policy: the new state, or the cause that
 * refuses the pod and the state unchanged ({@link AdmissionCause}'s convention for the managers'
 * allocations).
 */
@Value.Immutable
public abstract class MemoryAllocationResult {

  /** The state after the allocation; the input state when it refused the pod. */
  public abstract MemoryManagerState state();

  /**
   * Why the allocation refused the pod: an {@link io.podtopo.domain.admission.EmptyPodSharedPoolError}
   * or a {@link io.podtopo.domain.admission.MemoryManagerError}; empty when it did not.
   */
  public abstract Optional<AdmissionCause> error();

  static MemoryAllocationResult success(MemoryManagerState state) {
    return ImmutableMemoryAllocationResult.builder().state(state).build();
  }

  static MemoryAllocationResult failure(MemoryManagerState unchanged, AdmissionCause error) {
    return ImmutableMemoryAllocationResult.builder().state(unchanged).error(error).build();
  }
}
