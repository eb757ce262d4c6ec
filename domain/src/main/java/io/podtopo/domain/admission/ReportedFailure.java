package io.podtopo.domain.admission;

import io.podtopo.domain.topologymanager.AdmissionFailure;
import org.immutables.value.Value;

/**
 * A rejection known only by the reason and the message someone reported: an implementation's answer
 * read back, a failure written by hand. Nothing is read from its text, so an explanation restates
 * it.
 */
@Value.Immutable
public abstract non-sealed class ReportedFailure implements AdmissionCause {

  @Override
  @Value.Parameter
  public abstract String reason();

  @Override
  @Value.Parameter
  public abstract String message();

  /** The failure as it was reported. */
  public static ReportedFailure of(AdmissionFailure failure) {
    return ImmutableReportedFailure.of(failure.reason(), failure.message());
  }
}
