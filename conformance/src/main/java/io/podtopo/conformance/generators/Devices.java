package io.podtopo.conformance.generators;

import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Devices of device plugin resources for generated machines: {@value #GPU} devices, 0 to 3 per NUMA
 * node (now and then one unhealthy, now and then one without topology), and sometimes one
 * {@value #NIC} per NUMA node; pods ask for them through {@link NodePods}.
 */
public final class Devices {

  /** The GPU-like resource of generated machines and pods. */
  public static final String GPU = "example.com/gpu";
  /** The NIC-like resource, one device per NUMA node when present. */
  public static final String NIC = "example.com/nic";

  private Devices() {}

  /** {@code machine} without devices half the time, else with generated devices. */
  public static Gen<Machine> sometimesOn(Machine machine) {
    Gen<Integer> perNode = Generate.range(0, 3);
    return source -> {
      if (!Generate.booleans().generate(source)) {
        return machine;
      }
      List<Device> devices = new ArrayList<>();
      int gpu = 0;
      for (int node : machine.numaNodeIds()) {
        int count = perNode.generate(source);
        for (int i = 0; i < count; i++) {
          boolean healthy = Generate.range(0, 9).generate(source) > 0;
          devices.add(new Device.Builder().resource(GPU).id("gpu-" + gpu++).numaNode(Optional.of(node))
              .healthy(healthy).build());
        }
      }
      if (Generate.range(0, 4).generate(source) == 0) {
        devices.add(Device.of(GPU, "gpu-" + gpu, null));
      }
      if (Generate.booleans().generate(source)) {
        machine.numaNodeIds().forEach(node -> devices.add(Device.of(NIC, "nic-" + node, node)));
      }
      return new Machine.Builder().from(machine).devices(devices).build();
    };
  }
}
