package io.podtopo.domain.admission;

import org.immutables.value.Value;

/**
 * The Device Manager had fewer available devices of a resource than the container still needs
 * (upstream {@code devicesToAllocate}'s "requested number of devices unavailable"), reached after the
 * Topology Manager admitted the pod.
 */
@Value.Immutable
public abstract non-sealed class DevicesUnavailableError implements UnexpectedAdmissionError {

  /** The device plugin resource, e.g. {@code nvidia.com/gpu}. */
  @Value.Parameter
  public abstract String resource();

  /** The devices the container still needs. */
  @Value.Parameter
  public abstract long requested();

  /** The healthy devices of the resource no container holds. */
  @Value.Parameter
  public abstract long available();

  /** {@code requested} devices of {@code resource} asked of {@code available}. */
  public static DevicesUnavailableError of(String resource, long requested, long available) {
    return ImmutableDevicesUnavailableError.of(resource, requested, available);
  }

  @Override
  public String error() {
    return String.format("requested number of devices unavailable for %s. Requested: %d, Available: %d", resource(),
        requested(), available());
  }
}
