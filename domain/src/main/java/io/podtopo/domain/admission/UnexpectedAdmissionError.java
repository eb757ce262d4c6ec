package io.podtopo.domain.admission;

import io.podtopo.domain.topologymanager.AdmissionFailure;

/**
 * An allocation error without a type of its own, which the kubelet reports as upstream's
 * {@code unexpectedAdmissionError}: reason {@value #REASON}, message "Allocate failed due to
 * &lt;error&gt;, which is unexpected". Typed here by what refused: not enough CPUs
 * ({@link NotEnoughCpusError}), devices unavailable ({@link DevicesUnavailableError}), the Memory
 * Manager ({@link MemoryManagerError}), or anything else ({@link UntypedAllocationError}).
 */
public sealed interface UnexpectedAdmissionError extends AdmissionCause
    permits NotEnoughCpusError, DevicesUnavailableError, MemoryManagerError, UntypedAllocationError {

  /** The admission reason. */
  String REASON = AdmissionFailure.UNEXPECTED_ADMISSION_ERROR;

  /** The manager's own error text (upstream {@code err.Error()}), which the message wraps. */
  String error();

  @Override
  default String reason() {
    return REASON;
  }

  @Override
  default String message() {
    return AdmissionFailure.unexpected(error()).message();
  }
}
