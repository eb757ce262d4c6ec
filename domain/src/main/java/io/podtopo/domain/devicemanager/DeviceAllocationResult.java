package io.podtopo.domain.devicemanager;

import io.podtopo.domain.admission.UnexpectedAdmissionError;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * The outcome of the Device Manager's allocation for one container: the new state, or the cause that
 * refuses the pod and the state unchanged ({@link io.podtopo.domain.admission.AdmissionCause}'s
 * convention for the managers' allocations).
 */
@Value.Immutable
public abstract class DeviceAllocationResult {

  /** The state after the allocation; the input state when it refused the pod. */
  public abstract DeviceManagerState state();

  /**
   * Why the allocation refused the pod: a {@link io.podtopo.domain.admission.DevicesUnavailableError}
   * or an {@link io.podtopo.domain.admission.UntypedAllocationError}; empty when it did not.
   */
  public abstract Optional<UnexpectedAdmissionError> error();

  static DeviceAllocationResult success(DeviceManagerState state) {
    return ImmutableDeviceAllocationResult.builder().state(state).build();
  }

  static DeviceAllocationResult failure(DeviceManagerState unchanged, UnexpectedAdmissionError error) {
    return ImmutableDeviceAllocationResult.builder().state(unchanged).error(error).build();
  }
}
