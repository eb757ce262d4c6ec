package io.podtopo.domain.cpumanager;

import java.util.Optional;
import org.immutables.value.Value;

/**
 * The outcome of an allocation by the {@code static} policy: the new state, or the error and the
 * state it left, and the metric increments either way.
 */
@Value.Immutable
public abstract class CpuAllocationResult {

  /**
   * The state after the operation: the input state when it failed, except that kubelet v1.37 keeps
   * the bubble of a failed pod partition (quirk {@code Q-cpu-partial-bubble}).
   */
  public abstract CpuManagerState state();

  public abstract Optional<CpuAllocationError> error();

  public abstract ResourceManagerMetrics metrics();

  static CpuAllocationResult success(CpuManagerState state, ResourceManagerMetrics metrics) {
    return new Builder().state(state).metrics(metrics).build();
  }

  static CpuAllocationResult failure(CpuManagerState unchanged, CpuAllocationError error,
      ResourceManagerMetrics metrics) {
    return new Builder().state(unchanged).error(error).metrics(metrics).build();
  }

  /** Builder: {@code new CpuAllocationResult.Builder().state(s).metrics(m).build()}. */
  public static class Builder extends ImmutableCpuAllocationResult.Builder {}
}
