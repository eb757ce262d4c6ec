package io.podtopo.domain.devicemanager;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The Device Manager's hints (rules DEV-1 to DEV-4), on the upstream two-node test machine. */
class DeviceManagerHintsTest {

  private static final String GPU = "vendor.com/gpu";

  private static DeviceManager twoNodes(Device... devices) {
    return DeviceManager.of(List.of(0, 1), List.of(devices));
  }

  private static Container asking(String name, String resource, String count) {
    return new Container.Builder().name(name).putRequest(resource, Quantity.parse(count))
        .putLimit(resource, Quantity.parse(count)).build();
  }

  private static Pod pod(Container... containers) {
    return new Pod.Builder().uid("p").addContainers(containers).build();
  }

  private static TopologyHint hint(boolean preferred, int... nodes) {
    return TopologyHint.of(NumaMask.of(nodes), preferred);
  }

  @Test
  void aResourceWithoutTopologyHasNoPreference_dev2() {
    DeviceManager manager = twoNodes(Device.of(GPU, "a", null), Device.of(GPU, "b", null));
    Pod pod = pod(asking("c", GPU, "1"));
    assertThat(manager.containerHints(DeviceManagerState.empty(), pod, pod.containers().get(0)))
        .containsExactly(Map.entry(GPU, ResourceHints.noPreference()));
  }

  @Test
  void oneDeviceWithTopologyIsEnoughForHints_dev1() {
    DeviceManager manager = twoNodes(Device.of(GPU, "a", null), Device.of(GPU, "b", 1));
    Pod pod = pod(asking("c", GPU, "1"));
    assertThat(manager.containerHints(DeviceManagerState.empty(), pod, pod.containers().get(0)).get(GPU).hints())
        .containsExactly(hint(true, 1));
  }

  /**
   * The masks are those of the nodes that host a device of the resource, held and unhealthy ones
   * included (upstream {@code deviceNUMANodes}, kubernetes/kubernetes#138244): a node without one is
   * in no hint, however many nodes the machine has.
   */
  @Test
  void aNodeThatHostsNoDeviceOfTheResourceIsInNoHint_dev1() {
    DeviceManager twoOfFour = DeviceManager.of(List.of(0, 1, 2, 3), List.of(Device.of(GPU, "a", 0),
        Device.of(GPU, "b", 2), Device.of(GPU, "c", 2)));
    Pod one = pod(asking("c", GPU, "1"));
    assertThat(twoOfFour.containerHints(DeviceManagerState.empty(), one, one.containers().get(0)).get(GPU).hints())
        .containsExactly(hint(true, 0), hint(true, 2), hint(false, 0, 2));

    DeviceManagerState held = DeviceManagerState.of(Map.of("other", Map.of("x", Map.of(GPU, List.of("a")))));
    Pod two = pod(asking("c", GPU, "2"));
    assertThat(twoOfFour.containerHints(held, two, two.containers().get(0)).get(GPU).hints())
        .containsExactly(hint(true, 2), hint(false, 0, 2));

    List<Integer> thirtyFour = IntStream.range(0, 34).boxed().toList();
    DeviceManager large = DeviceManager.of(thirtyFour, List.of(Device.of(GPU, "g0", 0), Device.of(GPU, "g1", 1)));
    assertThat(large.containerHints(DeviceManagerState.empty(), one, one.containers().get(0)).get(GPU).hints())
        .containsExactly(hint(true, 0), hint(true, 1), hint(false, 0, 1));
  }

  @Test
  void preferredIsTheNarrowestWidthAllDevicesCouldEverFillEvenWhenTheyAreHeld_dev1() {
    DeviceManager manager = twoNodes(Device.of(GPU, "a", 0), Device.of(GPU, "b", 1), Device.of(GPU, "c", 0),
        Device.of(GPU, "d", 1));
    DeviceManagerState held = DeviceManagerState.of(Map.of("p", Map.of("other", Map.of(GPU, List.of("a", "b")))));
    Pod pod = pod(asking("c", GPU, "2"));
    assertThat(manager.containerHints(held, pod, pod.containers().get(0)).get(GPU).hints())
        .containsExactly(hint(false, 0, 1));
  }

  @Test
  void moreThanAvailableIsAnEmptyListAndOtherExtendedResourcesAreNotTheManagers_dev1() {
    DeviceManager manager = twoNodes(Device.of(GPU, "a", 0), Device.of(GPU, "b", 1));
    Container container = new Container.Builder().from(asking("c", GPU, "3"))
        .putLimit("example.com/dongle", Quantity.parse("1")).build();
    SortedMap<String, ResourceHints> hints = manager.containerHints(DeviceManagerState.empty(), pod(container),
        container);
    assertThat(hints).containsOnlyKeys(GPU);
    assertThat(hints.get(GPU).isUnsatisfiable()).isTrue();
  }

  @Test
  void podHintsAreForDevicePluginResourcesOnly_dev1_dev5() {
    DeviceManager manager = twoNodes(Device.of(GPU, "a", 0), Device.of(GPU, "b", 1));
    Container container = new Container.Builder().from(asking("c", GPU, "1"))
        .putRequest("cpu", Quantity.parse("1")).putLimit("cpu", Quantity.parse("1"))
        .putRequest("memory", Quantity.parse("1Gi")).putLimit("memory", Quantity.parse("1Gi"))
        .putLimit("example.com/dongle", Quantity.parse("1")).build();
    assertThat(manager.podHints(DeviceManagerState.empty(), pod(container))).containsOnlyKeys(GPU);
  }

  /** A mask holds NUMA nodes 0 to 63 (upstream {@code IsSet} is false above): node 63 counts, node 64 never. */
  @Test
  void devicesCountOnTheNodesAMaskCanHold_dev1() {
    DeviceManager sparse = DeviceManager.of(List.of(0, 63), List.of(Device.of(GPU, "a", 63)));
    Pod pod = pod(asking("c", GPU, "1"));
    assertThat(sparse.containerHints(DeviceManagerState.empty(), pod, pod.containers().get(0)).get(GPU).hints())
        .containsExactly(hint(true, 63));

    DeviceManager beyond = twoNodes(Device.of(GPU, "a", 64), Device.of(GPU, "b", 1));
    assertThat(beyond.containerHints(DeviceManagerState.empty(), pod, pod.containers().get(0)).get(GPU).hints())
        .containsExactly(hint(true, 1));
  }

  @Test
  void devicesAlreadyHeldGiveTheirHintsAgainOrNoneWhenTheCountChanged_dev3() {
    DeviceManager manager = twoNodes(Device.of(GPU, "a", 0), Device.of(GPU, "b", 0), Device.of(GPU, "c", 1),
        Device.of(GPU, "d", 1));
    DeviceManagerState held = DeviceManagerState.of(Map.of("p", Map.of("c", Map.of(GPU, List.of("a", "b")))));
    Pod two = pod(asking("c", GPU, "2"));
    assertThat(manager.containerHints(held, two, two.containers().get(0)).get(GPU).hints())
        .containsExactly(hint(true, 0), hint(false, 0, 1));
    Pod four = pod(asking("c", GPU, "4"));
    assertThat(manager.containerHints(held, four, four.containers().get(0)).get(GPU).isUnsatisfiable()).isTrue();
  }

  @Test
  void podHintsComeAgainFromTheDevicesAnyContainerOfThePodHolds_dev3() {
    DeviceManager manager = twoNodes(Device.of(GPU, "a", 0), Device.of(GPU, "b", 0), Device.of(GPU, "c", 1),
        Device.of(GPU, "d", 1));
    DeviceManagerState held = DeviceManagerState.of(Map.of("p", Map.of("c2", Map.of(GPU, List.of("a", "b")))));
    Pod pod = pod(asking("c1", GPU, "1"), asking("c2", GPU, "1"));
    assertThat(manager.podHints(held, pod).get(GPU).hints()).containsExactly(hint(true, 0), hint(false, 0, 1));
  }

  @Test
  void aReusableDeviceOnAnyNodeMustLieInEveryHint_dev4() {
    DeviceManager manager = twoNodes(Device.of(GPU, "a", 0), Device.of(GPU, "b", 1));
    DeviceManagerState state = DeviceManagerState.of(Map.of("p", Map.of("init", Map.of(GPU, List.of("b")))))
        .withReusable(ReusableDevices.none().trackingOnly("p").plus(new TreeMap<>(Map.of(GPU,
            new TreeSet<>(List.of("b"))))));
    Pod pod = new Pod.Builder().uid("p").addInitContainers(asking("init", GPU, "1"))
        .addContainers(asking("app", GPU, "1")).build();
    assertThat(manager.containerHints(state, pod, pod.containers().get(0)).get(GPU).hints())
        .containsExactly(hint(true, 1), hint(false, 0, 1));
  }

  @Test
  void reusableInitDevicesMustLieInEveryHintAndCountTowardsTheRequest_dev4() {
    DeviceManager manager = twoNodes(Device.of(GPU, "a", 0), Device.of(GPU, "b", 1), Device.of(GPU, "c", 1));
    DeviceManagerState state = DeviceManagerState.of(Map.of("p", Map.of("init", Map.of(GPU, List.of("a")))))
        .withReusable(ReusableDevices.none().trackingOnly("p").plus(new java.util.TreeMap<>(Map.of(GPU,
            new java.util.TreeSet<>(List.of("a"))))));
    Pod pod = new Pod.Builder().uid("p").addInitContainers(asking("init", GPU, "1"))
        .addContainers(asking("app", GPU, "2")).build();
    assertThat(manager.containerHints(state, pod, pod.containers().get(0)).get(GPU).hints())
        .containsExactly(hint(false, 0, 1));
  }

  @Test
  void podHintsAggregateInitAndAppContainersAsPodLimitsDoes_dev5() {
    DeviceManager manager = twoNodes(Device.of(GPU, "a", 0), Device.of(GPU, "b", 0), Device.of(GPU, "c", 0),
        Device.of(GPU, "d", 1), Device.of(GPU, "e", 1), Device.of(GPU, "f", 1));
    Pod initHeavy = new Pod.Builder().uid("p").addInitContainers(asking("i1", GPU, "2"), asking("i2", GPU, "3"))
        .addContainers(asking("a1", GPU, "1"), asking("a2", GPU, "1")).build();
    assertThat(manager.podHints(DeviceManagerState.empty(), initHeavy).get(GPU).hints())
        .containsExactly(hint(true, 0), hint(true, 1), hint(false, 0, 1));
    Pod appHeavy = new Pod.Builder().uid("p").addInitContainers(asking("i1", GPU, "2"))
        .addContainers(asking("a1", GPU, "2"), asking("a2", GPU, "2")).build();
    assertThat(manager.podHints(DeviceManagerState.empty(), appHeavy).get(GPU).hints())
        .containsExactly(hint(true, 0, 1));
    Pod withSidecar = new Pod.Builder().uid("p")
        .addInitContainers(new Container.Builder().from(asking("side", GPU, "1")).restartable(true).build(),
            asking("i1", GPU, "3"))
        .addContainers(asking("a1", GPU, "1")).build();
    assertThat(manager.podHints(DeviceManagerState.empty(), withSidecar).get(GPU).hints())
        .containsExactly(hint(true, 0, 1));
    Pod sidecarsAndAppsHeavy = new Pod.Builder().uid("p")
        .addInitContainers(new Container.Builder().from(asking("side", GPU, "2")).restartable(true).build(),
            asking("i1", GPU, "1"))
        .addContainers(asking("a1", GPU, "2")).build();
    assertThat(manager.podRequests(DeviceManagerState.empty(), sidecarsAndAppsHeavy))
        .containsExactly(Map.entry(GPU, 4L));
  }

  @Test
  void theDescribedListHoldsExactlyTheEnumeratedMasks_dev1() {
    DeviceManager manager = DeviceManager.of(List.of(0, 1, 2, 3), List.of(Device.of(GPU, "a", 0),
        Device.of(GPU, "b", 1), Device.of(GPU, "c", 1), Device.of(GPU, "d", 3), Device.of(GPU, "e", null)));
    Pod pod = pod(asking("c", GPU, "2"));
    ResourceHints hints = manager.containerHints(DeviceManagerState.empty(), pod, pod.containers().get(0)).get(GPU);
    var family = hints.family().orElseThrow();
    List<TopologyHint> listed = hints.hints();
    for (long bits = 1; bits < 16; bits++) {
      NumaMask mask = NumaMask.fromBits(bits);
      boolean member = listed.stream().anyMatch(h -> h.affinity().orElseThrow().equals(mask));
      assertThat(family.contains(bits)).as("mask %s", mask).isEqualTo(member);
      if (member) {
        assertThat(family.isPreferred(bits)).isEqualTo(listed.contains(TopologyHint.of(mask, true)));
      }
    }
    assertThat(listed).contains(hint(true, 1)).doesNotContain(hint(true, 0), hint(false, 0));
    assertThat(family.description())
        .isEqualTo("every mask holding NUMA [] with 2 vendor.com/gpu devices available or reusable; preferred width 1");
  }
}
