package io.podtopo.domain.devicemanager;

import static io.podtopo.domain.devicemanager.DeviceAllocations.allocated;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Device Manager's state as a value: whether it holds anything (decision D-40 leaves the manager
 * out of a node that has no device and holds none), its equality with the reuse bookkeeping of the
 * pod being admitted (DEV-7), and its text.
 */
class DeviceManagerStateTest {

  private static final String GPU = "vendor.com/gpu";

  private static Container asking(String name, String count) {
    return new Container.Builder().name(name).putRequest(GPU, Quantity.parse(count))
        .putLimit(GPU, Quantity.parse(count)).build();
  }

  @Test
  void aStateIsEmptyUntilAContainerHoldsADeviceAndAgainOnceItsPodIsRemoved_d40() {
    DeviceManagerState holding = DeviceManagerState.of(Map.of("p", Map.of("c", Map.of(GPU, List.of("a")))));

    assertThat(DeviceManagerState.empty().isEmpty()).isTrue();
    assertThat(DeviceManagerState.of(Map.of("p", Map.of("c", Map.of(GPU, List.of())))).isEmpty()).isTrue();
    assertThat(holding.isEmpty()).isFalse();
    assertThat(holding.withoutPod("p").isEmpty()).isTrue();
  }

  @Test
  void statesDifferByWhatThePodBeingAdmittedMayReuse_dev7() {
    DeviceManager manager = DeviceManager.of(List.of(0), List.of(Device.of(GPU, "a", 0), Device.of(GPU, "b", 0)));
    Pod pod = new Pod.Builder().uid("p").addInitContainers(asking("init", "1")).addContainers(asking("app", "1"))
        .build();
    TopologyHint node0 = TopologyHint.of(NumaMask.of(0), true);
    DeviceManagerState afterInit = allocated(manager.allocate(DeviceManagerState.empty(), pod,
        pod.initContainers().get(0), node0));
    DeviceManagerState same = DeviceManagerState.of(afterInit.allocations()).withReusable(afterInit.reusable());

    assertThat(afterInit).isEqualTo(same).hasSameHashCodeAs(same)
        .isNotEqualTo(DeviceManagerState.of(afterInit.allocations()))
        .doesNotHaveSameHashCodeAs(DeviceManagerState.of(afterInit.allocations()));
    assertThat(afterInit.reusable()).isNotEqualTo(ReusableDevices.none().trackingOnly("p"))
        .isNotEqualTo(ReusableDevices.none().trackingOnly("q").plus(afterInit.devicesOf("p", "init")));
    assertThat(ReusableDevices.none().trackingOnly("p")).isNotEqualTo(ReusableDevices.none())
        .doesNotHaveSameHashCodeAs(ReusableDevices.none());
  }

  /** The allocations, then what the pod being admitted may reuse when there is something. */
  @Test
  void aStateReadsAsItsAllocationsAndWhatMayBeReused() {
    DeviceManager manager = DeviceManager.of(List.of(0), List.of(Device.of(GPU, "a", 0), Device.of(GPU, "b", 0)));
    Pod pod = new Pod.Builder().uid("p").addInitContainers(asking("init", "1")).addContainers(asking("app", "2"))
        .build();
    TopologyHint node0 = TopologyHint.of(NumaMask.of(0), true);
    DeviceManagerState afterInit = allocated(manager.allocate(DeviceManagerState.empty(), pod,
        pod.initContainers().get(0), node0));

    assertThat(afterInit).hasToString("{p={init={vendor.com/gpu=[a]}}} reusable p{vendor.com/gpu=[a]}");
    assertThat(DeviceManagerState.of(afterInit.allocations())).hasToString("{p={init={vendor.com/gpu=[a]}}}");
    assertThat(ReusableDevices.none()).hasToString("{}");
  }
}
