package io.podtopo.conformance.invariants;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.devicemanager.DeviceManagerState;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The device invariants can fail: from a real admission of a GPU pod that satisfies every
 * invariant, each test corrupts the devices the way the invariant forbids.
 */
class DeviceInvariantsCanFailTest {

  private static final String GPU = "example.com/gpu";
  private static final long MI = 1L << 20;

  private NodeResourceManagers managers;
  private ObservedNode admitted;

  private static Machine machine() {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < 8; id++) {
      cpus.add(Cpu.of(id, id, id / 4, id / 4, id / 4));
    }
    return new Machine.Builder().name("gpu").cpus(cpus)
        .numaNodes(List.of(NumaNode.of(0, 4L << 30), NumaNode.of(1, 4L << 30)))
        .addDevices(Device.of(GPU, "g0", 0), Device.of(GPU, "g1", 0), Device.of(GPU, "g2", 1), Device.of(GPU, "g3", 1))
        .build();
  }

  private static Container pinned(String name, String gpus, boolean sidecar) {
    return new Container.Builder().name(name).restartable(sidecar)
        .putRequest("cpu", Quantity.of(1)).putLimit("cpu", Quantity.of(1))
        .putRequest("memory", Quantity.of(128 * MI)).putLimit("memory", Quantity.of(128 * MI))
        .putRequest(GPU, Quantity.parse(gpus)).putLimit(GPU, Quantity.parse(gpus)).build();
  }

  /** A legacy Guaranteed pod: standard init with 2 GPUs, app with 1 (reused), sidecar with 1. */
  private static Pod pod(String uid) {
    return new Pod.Builder().uid(uid).addInitContainers(pinned("init", "2", false), pinned("side", "1", true))
        .addContainers(pinned("app", "1", false)).build();
  }

  @BeforeEach
  void admit() {
    NodeConfig config = new NodeConfig.Builder().cpuManagerPolicy(CpuManagerPolicy.STATIC).reservedCpuCount(1)
        .topologyManagerPolicy(TopologyManagerPolicy.RESTRICTED).topologyManagerScope(TopologyManagerScope.POD)
        .memoryManagerPolicy(MemoryManagerPolicy.STATIC)
        .putReservedMemory(0, new TreeMap<>(Map.of("memory", 256 * MI)))
        .putReservedMemory(1, new TreeMap<>(Map.of("memory", 256 * MI)))
        .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true))
        .build();
    managers = NodeResourceManagers.create(config, machine());
    Admission admission = managers.admit(managers.initialState(), pod("p"));
    assertThat(admission.admitted()).as(admission.toString()).isTrue();
    admitted = ObservedNode.of(managers, admission.state(), List.of(pod("p")));
    assertThat(admission.state().devices().containerDevices("p", "init", GPU)).hasSize(2);
    assertThat(Invariants.check(admitted)).isEmpty();
  }

  private ObservedNode withDevices(DeviceManagerState devices) {
    return admitted.withState(new NodeState.Builder().from(admitted.state()).devices(devices).build());
  }

  private static List<Integer> reported(ObservedNode snapshot) {
    return Invariants.check(snapshot).stream().map(Violation::invariant).distinct().toList();
  }

  @Test
  void invariant37_a_device_two_long_running_containers_hold() {
    DeviceManagerState devices = admitted.state().devices();
    String appGpu = devices.containerDevices("p", "app", GPU).first();
    assertThat(reported(withDevices(devices.withContainerDevices("p", "side", GPU, List.of(appGpu)))))
        .containsExactly(37);
  }

  @Test
  void invariant37_a_device_of_another_pod_an_unknown_device_and_a_count_other_than_the_limit() {
    DeviceManagerState devices = admitted.state().devices();
    String appGpu = devices.containerDevices("p", "app", GPU).first();
    ObservedNode twoPods = withDevices(devices.withContainerDevices("q", "app", GPU, List.of(appGpu)));
    assertThat(reported(twoPods)).containsExactly(37);
    assertThat(reported(withDevices(devices.withContainerDevices("p", "app", GPU, List.of("g9"))))).containsExactly(37);
    assertThat(reported(withDevices(devices.withContainerDevices("p", "app", GPU, List.of("g0", "g1")))))
        .contains(37);
  }

  @Test
  void invariant38_an_aligned_container_holding_a_device_off_its_numa_node() {
    DeviceManagerState devices = admitted.state().devices();
    String node = admitted.state().topologyHint("p", "app").orElseThrow().affinity().orElseThrow().nodes().get(0) == 0
        ? "g2" : "g0";
    assertThat(reported(withDevices(devices.withContainerDevices("p", "app", GPU, List.of(node))))).containsExactly(38);
  }

  /**
   * The found case of the invariant properties (seed 20260811): a pod whose containers are all removed
   * is still active and keeps its devices until it is removed (upstream frees devices of pods no longer
   * active), the init container's device reused by the app included; that is no violation.
   */
  @Test
  void invariant37_holdsForAPodWhoseContainersAreAllRemovedUntilThePodIsRemoved() {
    NodeState state = admitted.state();
    for (String name : List.of("init", "side", "app")) {
      state = managers.removeContainer(state, "p", name);
    }
    ObservedNode emptied = admitted.withState(state);

    assertThat(state.devices().containersOf("p")).containsKeys("init", "app");
    assertThat(Invariants.check(emptied)).isEmpty();
    assertThat(managers.removePod(state, pod("p")).devices().containersOf("p")).isEmpty();
  }
}
