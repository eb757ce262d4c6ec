package io.podtopo.domain.devicemanager;

import io.podtopo.domain.admission.DevicesUnavailableError;
import io.podtopo.domain.admission.UnexpectedAdmissionError;
import io.podtopo.domain.admission.UntypedAllocationError;

/**
 * The Device Manager could not give a container the devices of one resource: the failure of its inner
 * step ({@code devicesToAllocate}), which {@link DeviceManager#allocate} turns into its result's cause.
 * The message is upstream's error text (the kubelet reports it as {@code UnexpectedAdmissionError}),
 * and {@link #error()} the same error typed.
 */
public final class DeviceAllocationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient UnexpectedAdmissionError error;

  /** A failure without a type of its own, of upstream's text. */
  DeviceAllocationException(String message) {
    this(UntypedAllocationError.of(message));
  }

  /** A failure typed: fewer available devices than the container still needs, say. */
  DeviceAllocationException(UnexpectedAdmissionError error) {
    super(error.error());
    this.error = error;
  }

  /** The error, typed: {@link DevicesUnavailableError} or {@link UntypedAllocationError}. */
  public UnexpectedAdmissionError error() {
    return error;
  }
}
