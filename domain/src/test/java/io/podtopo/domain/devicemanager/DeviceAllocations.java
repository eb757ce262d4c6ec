package io.podtopo.domain.devicemanager;

import io.podtopo.domain.admission.UnexpectedAdmissionError;

/** What the Device Manager's allocations answer, for the tests. */
final class DeviceAllocations {

  private DeviceAllocations() {}

  /** The state an allocation gives; an allocation that refuses the pod fails the test. */
  static DeviceManagerState allocated(DeviceAllocationResult result) {
    if (result.error().isPresent()) {
      throw new AssertionError("the allocation refused the pod: " + result.error().get());
    }
    return result.state();
  }

  /** Why an allocation refused the pod; one that does not fails the test. */
  static UnexpectedAdmissionError refused(DeviceAllocationResult result) {
    return result.error().orElseThrow(() -> new AssertionError("the allocation refused nothing: " + result.state()));
  }
}
