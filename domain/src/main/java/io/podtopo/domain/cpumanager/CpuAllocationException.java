package io.podtopo.domain.cpumanager;

import io.podtopo.domain.admission.NotEnoughCpusError;
import io.podtopo.domain.admission.UnexpectedAdmissionError;
import io.podtopo.domain.admission.UntypedAllocationError;

/**
 * The CPU selection could not satisfy a request: an inner step's failure ({@code takeByTopology},
 * {@code allocateCPUs}), which the policy's allocations turn into their result's cause. The message is
 * upstream's error text, e.g. {@code not enough cpus available to satisfy request: requested=5,
 * available=4}, and {@link #error()} the same error typed.
 */
public final class CpuAllocationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient UnexpectedAdmissionError error;

  /** A failure without a type of its own, of upstream's text. */
  CpuAllocationException(String message) {
    this(UntypedAllocationError.of(message));
  }

  private CpuAllocationException(UnexpectedAdmissionError error) {
    super(error.error());
    this.error = error;
  }

  /** Fewer CPUs to take from than requested. */
  static CpuAllocationException notEnough(long requested, long available) {
    return new CpuAllocationException(NotEnoughCpusError.of(requested, available));
  }

  /** The error, typed: {@link NotEnoughCpusError} or {@link UntypedAllocationError}. */
  public UnexpectedAdmissionError error() {
    return error;
  }
}
