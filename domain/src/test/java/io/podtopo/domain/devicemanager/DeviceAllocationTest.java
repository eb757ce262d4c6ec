package io.podtopo.domain.devicemanager;

import static io.podtopo.domain.devicemanager.DeviceAllocations.allocated;
import static io.podtopo.domain.devicemanager.DeviceAllocations.refused;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.admission.DevicesUnavailableError;
import io.podtopo.domain.admission.UnexpectedAdmissionError;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The Device Manager's allocation (rules DEV-6 to DEV-9). */
class DeviceAllocationTest {

  private static final String GPU = "vendor.com/gpu";
  private static final TopologyHint ON_NODE_1 = TopologyHint.of(NumaMask.of(1), true);

  private static Container asking(String name, String count) {
    return new Container.Builder().name(name).putRequest(GPU, Quantity.parse(count))
        .putLimit(GPU, Quantity.parse(count)).build();
  }

  private static DeviceManager fourOnTwoNodes() {
    return DeviceManager.of(List.of(0, 1), List.of(Device.of(GPU, "GPU-0", 0), Device.of(GPU, "GPU-1", 0),
        Device.of(GPU, "GPU-2", 1), Device.of(GPU, "GPU-3", 1)));
  }

  @Test
  void devicesComeFromTheHintsNodesFirst_dev6() {
    Pod pod = new Pod.Builder().uid("p").addContainers(asking("c", "3")).build();
    DeviceManagerState state = allocated(fourOnTwoNodes().allocate(DeviceManagerState.empty(), pod,
        pod.containers().get(0), ON_NODE_1));
    assertThat(state.containerDevices("p", "c", GPU)).containsExactly("GPU-0", "GPU-2", "GPU-3");
  }

  @Test
  void amongTheHintsNodesTheOneWithFewerAvailableDevicesGivesFirst_d39() {
    DeviceManager manager = DeviceManager.of(List.of(0, 1), List.of(Device.of(GPU, "a", 0), Device.of(GPU, "b", 1),
        Device.of(GPU, "c", 1), Device.of(GPU, "d", 1)));
    Pod pod = new Pod.Builder().uid("p").addContainers(asking("c", "2")).build();
    DeviceManagerState state = allocated(manager.allocate(DeviceManagerState.empty(), pod, pod.containers().get(0),
        TopologyHint.of(NumaMask.of(0, 1), false)));
    assertThat(state.containerDevices("p", "c", GPU)).containsExactly("a", "b");
  }

  /** In the hint and outside it, the node with fewer available devices gives first, though its id is higher. */
  @Test
  void theNodeWithFewerAvailableDevicesGivesFirstWhateverItsId_d39() {
    DeviceManager manager = DeviceManager.of(List.of(0, 1, 2), List.of(Device.of(GPU, "a", 0), Device.of(GPU, "b", 0),
        Device.of(GPU, "c", 0), Device.of(GPU, "d", 0), Device.of(GPU, "e", 1), Device.of(GPU, "f", 2),
        Device.of(GPU, "g", 2), Device.of(GPU, "h", 2)));
    Pod two = new Pod.Builder().uid("p").addContainers(asking("c", "2")).build();
    assertThat(allocated(manager.allocate(DeviceManagerState.empty(), two, two.containers().get(0),
        TopologyHint.of(NumaMask.of(0, 1), false))).containerDevices("p", "c", GPU)).containsExactly("a", "e");

    Pod five = new Pod.Builder().uid("p").addContainers(asking("c", "5")).build();
    assertThat(allocated(manager.allocate(DeviceManagerState.empty(), five, five.containers().get(0), ON_NODE_1))
        .containerDevices("p", "c", GPU)).containsExactly("a", "e", "f", "g", "h");
  }

  @Test
  void idsAreTakenInNaturalOrder_d39() {
    DeviceManager manager = DeviceManager.of(List.of(0), List.of(Device.of(GPU, "GPU-10", 0), Device.of(GPU, "GPU-9", 0),
        Device.of(GPU, "GPU-2", 0)));
    Pod pod = new Pod.Builder().uid("p").addContainers(asking("c", "2")).build();
    assertThat(allocated(manager.allocate(DeviceManagerState.empty(), pod, pod.containers().get(0),
        TopologyHint.any(false)))
        .containerDevices("p", "c", GPU)).containsExactly("GPU-2", "GPU-9");
  }

  @Test
  void appContainersReuseTheDevicesOfStandardInitContainersButNotOfSidecars_dev7() {
    DeviceManager manager = fourOnTwoNodes();
    Container sidecar = new Container.Builder().from(asking("side", "1")).restartable(true).build();
    Pod pod = new Pod.Builder().uid("p").addInitContainers(asking("init", "2"), sidecar)
        .addContainers(asking("app", "1")).build();
    DeviceManagerState state = DeviceManagerState.empty();
    for (Container container : pod.initAndAppContainers()) {
      state = allocated(manager.allocate(state, pod, container, ON_NODE_1));
    }
    assertThat(state.containerDevices("p", "init", GPU)).containsExactly("GPU-2", "GPU-3");
    assertThat(state.containerDevices("p", "side", GPU)).containsExactly("GPU-2");
    assertThat(state.containerDevices("p", "app", GPU)).containsExactly("GPU-3");
    assertThat(state.allocated(GPU)).containsExactly("GPU-2", "GPU-3");
  }

  @Test
  void appContainersNeverReuseEachOthersDevices_dev7() {
    DeviceManager manager = fourOnTwoNodes();
    Pod pod = new Pod.Builder().uid("p").addContainers(asking("a1", "1"), asking("a2", "1")).build();
    DeviceManagerState state = DeviceManagerState.empty();
    for (Container container : pod.containers()) {
      state = allocated(manager.allocate(state, pod, container, ON_NODE_1));
    }
    assertThat(state.containerDevices("p", "a1", GPU)).containsExactly("GPU-2");
    assertThat(state.containerDevices("p", "a2", GPU)).containsExactly("GPU-3");
  }

  @Test
  void aContainerHoldingItsDevicesGetsNothingMoreAndAChangedCountIsRefused_dev8() {
    DeviceManager manager = fourOnTwoNodes();
    Pod pod = new Pod.Builder().uid("p").addContainers(asking("c", "1")).build();
    DeviceManagerState once = allocated(manager.allocate(DeviceManagerState.empty(), pod, pod.containers().get(0),
        ON_NODE_1));
    assertThat(allocated(manager.allocate(once, pod, pod.containers().get(0), ON_NODE_1))).isEqualTo(once);
    Pod grown = new Pod.Builder().uid("p").addContainers(asking("c", "2")).build();
    assertThat(refused(manager.allocate(once, grown, grown.containers().get(0), ON_NODE_1)).error())
        .isEqualTo("pod \"p\" container \"c\" changed request for resource \"vendor.com/gpu\" from 1 to 2");
  }

  /**
   * Upstream {@code isDevicePluginResource}: cpu, memory and an extended resource no plugin advertises
   * are not the Device Manager's to allocate.
   */
  @Test
  void aContainerGetsDevicesOfDevicePluginResourcesOnly_dev1() {
    Container container = new Container.Builder().from(asking("c", "1"))
        .putRequest("cpu", Quantity.parse("1")).putLimit("cpu", Quantity.parse("1"))
        .putRequest("memory", Quantity.parse("1Gi")).putLimit("memory", Quantity.parse("1Gi"))
        .putLimit("example.com/dongle", Quantity.parse("1")).build();
    Pod pod = new Pod.Builder().uid("p").addContainers(container).build();
    assertThat(allocated(fourOnTwoNodes().allocate(DeviceManagerState.empty(), pod, container, ON_NODE_1))
        .devicesOf("p", "c"))
        .containsOnlyKeys(GPU);
  }

  @Test
  void asManyDevicesAsAreAvailableAreServed_dev9() {
    assertThat(fourOnTwoNodes().devicesToAllocate(DeviceManagerState.empty(), "p", "c", GPU, 4, new TreeSet<>(),
        ON_NODE_1)).containsExactly("GPU-0", "GPU-1", "GPU-2", "GPU-3");
  }

  @Test
  void errorsUseUpstreamsTexts_dev9() {
    DeviceManager manager = DeviceManager.of(List.of(0), List.of(Device.of(GPU, "a", 0),
        new Device.Builder().resource("vendor.com/nic").id("n").numaNode(Optional.of(0)).healthy(false).build()));
    Pod tooMany = new Pod.Builder().uid("p").addContainers(asking("c", "2")).build();
    assertThat(refused(manager.allocate(DeviceManagerState.empty(), tooMany, tooMany.containers().get(0),
        TopologyHint.any(false)))).as("issue 26 item 1: typed, with its numbers")
        .isEqualTo(DevicesUnavailableError.of("vendor.com/gpu", 2, 1))
        .extracting(UnexpectedAdmissionError::error)
        .isEqualTo("requested number of devices unavailable for vendor.com/gpu. Requested: 2, Available: 1");
    Container nic = new Container.Builder().name("c").putLimit("vendor.com/nic", Quantity.parse("1")).build();
    Pod unhealthy = new Pod.Builder().uid("p").addContainers(nic).build();
    assertThat(refused(manager.allocate(DeviceManagerState.empty(), unhealthy, nic, TopologyHint.any(false))).error())
        .isEqualTo("no healthy devices present; cannot allocate unhealthy devices vendor.com/nic");
    DeviceManagerState heldGone = DeviceManagerState.of(Map.of("q", Map.of("c", Map.of("vendor.com/fpga",
        List.of("f")))));
    Container fpga = new Container.Builder().name("c").putLimit("vendor.com/fpga", Quantity.parse("1")).build();
    Pod unregistered = new Pod.Builder().uid("p").addContainers(fpga).build();
    assertThat(refused(manager.allocate(heldGone, unregistered, fpga, TopologyHint.any(false))).error())
        .isEqualTo("cannot allocate unregistered device vendor.com/fpga");
  }

  /**
   * Upstream {@code devicesToAllocate} asks the plugin among the hint's devices only when they are
   * more than needed, and among all available devices once the hint's are all taken.
   */
  @Test
  void thePluginIsAskedOnlyWhereThereIsAChoice_dev6() {
    List<String> asked = new ArrayList<>();
    DeviceManager manager = fourOnTwoNodes().withPreferredAllocation((resource, available, mustInclude, size) -> {
      asked.add(available + " must include " + mustInclude);
      return Optional.of(List.of("GPU-0", "GPU-3"));
    });

    assertThat(manager.devicesToAllocate(DeviceManagerState.empty(), "p", "c", GPU, 2, new TreeSet<>(), ON_NODE_1))
        .containsExactly("GPU-2", "GPU-3");
    assertThat(asked).isEmpty();
    assertThat(manager.devicesToAllocate(DeviceManagerState.empty(), "p", "c", GPU, 1, new TreeSet<>(), ON_NODE_1))
        .containsExactly("GPU-3");
    assertThat(manager.devicesToAllocate(DeviceManagerState.empty(), "p", "c", GPU, 3, new TreeSet<>(), ON_NODE_1))
        .containsExactly("GPU-0", "GPU-2", "GPU-3");
    assertThat(asked).containsExactly("[GPU-2, GPU-3] must include []",
        "[GPU-0, GPU-1, GPU-2, GPU-3] must include [GPU-2, GPU-3]");
  }

  @Test
  void thePluginsPreferenceIsTakenWhereItIsAligned_dev6() {
    DeviceManager manager = DeviceManager.of(List.of(0, 1), List.of(Device.of(GPU, "a", 0), Device.of(GPU, "b", 0),
        Device.of(GPU, "c", 0), Device.of(GPU, "d", 1))).withPreferredAllocation(
            (resource, available, mustInclude, size) -> Optional.of(List.of("d", "c")));
    assertThat(manager.devicesToAllocate(DeviceManagerState.empty(), "p", "c", GPU, 2, new TreeSet<>(),
        TopologyHint.of(NumaMask.of(0), true))).containsExactly("a", "c");
  }
}
