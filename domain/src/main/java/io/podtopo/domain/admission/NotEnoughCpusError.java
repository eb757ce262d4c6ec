package io.podtopo.domain.admission;

import org.immutables.value.Value;

/**
 * The CPU selection had fewer CPUs to take from than requested (upstream {@code takeByTopology}'s
 * "not enough cpus available to satisfy request"), reached after the Topology Manager admitted the
 * pod.
 */
@Value.Immutable
public abstract non-sealed class NotEnoughCpusError implements UnexpectedAdmissionError {

  @Value.Parameter
  public abstract long requested();

  /** The CPUs there were to take from. */
  @Value.Parameter
  public abstract long available();

  /** {@code requested} CPUs asked of {@code available}. */
  public static NotEnoughCpusError of(long requested, long available) {
    return ImmutableNotEnoughCpusError.of(requested, available);
  }

  @Override
  public String error() {
    return "not enough cpus available to satisfy request: requested=" + requested() + ", available=" + available();
  }
}
