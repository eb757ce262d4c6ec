package io.podtopo.domain.cpumanager;

import org.immutables.value.Value;

/**
 * An allocation error without a type of its own, e.g. "not enough cpus available to satisfy request:
 * requested=2, available=1". Admission reports it as {@code UnexpectedAdmissionError}.
 */
@Value.Immutable
public abstract non-sealed class UntypedCpuAllocationError implements CpuAllocationError {

  /** The admission reason of untyped errors. */
  public static final String REASON = "UnexpectedAdmissionError";

  @Override
  public abstract String message();

  public static UntypedCpuAllocationError of(String message) {
    return new Builder().message(message).build();
  }

  @Override
  public String admissionReason() {
    return REASON;
  }

  @Override
  public String admissionMessage() {
    return "Allocate failed due to " + message() + ", which is unexpected";
  }

  /** Builder: {@code new UntypedCpuAllocationError.Builder().message("...").build()}. */
  public static class Builder extends ImmutableUntypedCpuAllocationError.Builder {}
}
