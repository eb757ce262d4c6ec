package io.podtopo.domain.admission;

import org.immutables.value.Value;

/**
 * Any other allocation error without a type of its own: a CPU selection that failed otherwise
 * ({@code failed to allocate cpus}), a device the Device Manager cannot give (unregistered, unhealthy,
 * a changed request). Known by its text only.
 */
@Value.Immutable
public abstract non-sealed class UntypedAllocationError implements UnexpectedAdmissionError {

  @Override
  @Value.Parameter
  public abstract String error();

  /** The error of this text. */
  public static UntypedAllocationError of(String error) {
    return ImmutableUntypedAllocationError.of(error);
  }
}
