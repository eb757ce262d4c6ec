package io.podtopo.domain.admission;

import org.immutables.value.Value;

/**
 * An error of the Memory Manager's {@code Static} policy at allocation, which upstream returns untyped
 * ({@code [memorymanager] failed to find the default preferred hint} and the like): the memory could
 * not be placed once the Topology Manager had admitted the pod.
 */
@Value.Immutable
public abstract non-sealed class MemoryManagerError implements UnexpectedAdmissionError {

  @Override
  @Value.Parameter
  public abstract String error();

  /** The Memory Manager's error of this text. */
  public static MemoryManagerError of(String error) {
    return ImmutableMemoryManagerError.of(error);
  }
}
