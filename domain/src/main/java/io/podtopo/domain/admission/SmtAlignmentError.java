package io.podtopo.domain.admission;

import org.immutables.value.Value;

/**
 * Upstream {@code SMTAlignmentError} of {@code full-pcpus-only}: either the request is not a multiple
 * of the CPUs per core, or ({@link #causedByPhysicalCpus()}) there are not enough free CPUs once the
 * SMT siblings of reserved CPUs are excluded.
 */
@Value.Immutable
public abstract non-sealed class SmtAlignmentError implements AdmissionCause {

  /** Upstream {@code ErrorSMTAlignment}: the admission reason. */
  public static final String REASON = "SMTAlignmentError";

  public abstract long requestedCpus();

  public abstract int cpusPerCore();

  /** Free CPUs outside the reserved cores; 0 unless {@link #causedByPhysicalCpus()}. */
  @Value.Default
  public int availablePhysicalCpus() {
    return 0;
  }

  @Value.Default
  public boolean causedByPhysicalCpus() {
    return false;
  }

  /** The request is not a multiple of {@code cpusPerCore}. */
  public static SmtAlignmentError notMultipleOfCore(long requestedCpus, int cpusPerCore) {
    return new Builder().requestedCpus(requestedCpus).cpusPerCore(cpusPerCore).build();
  }

  /** Fewer free physical CPUs than requested. */
  public static SmtAlignmentError notEnoughPhysicalCpus(long requestedCpus, int cpusPerCore, int available) {
    return new Builder().requestedCpus(requestedCpus).cpusPerCore(cpusPerCore)
        .availablePhysicalCpus(available).causedByPhysicalCpus(true).build();
  }

  @Override
  public String message() {
    if (causedByPhysicalCpus()) {
      return "SMT Alignment Error: not enough free physical CPUs: available physical CPUs = "
          + availablePhysicalCpus() + ", requested CPUs = " + requestedCpus() + ", CPUs per core = " + cpusPerCore();
    }
    return "SMT Alignment Error: requested " + requestedCpus() + " cpus not multiple cpus per core = " + cpusPerCore();
  }

  @Override
  public String reason() {
    return REASON;
  }

  /** Builder: {@code new SmtAlignmentError.Builder().requestedCpus(3).cpusPerCore(2).build()}. */
  public static class Builder extends ImmutableSmtAlignmentError.Builder {}
}
