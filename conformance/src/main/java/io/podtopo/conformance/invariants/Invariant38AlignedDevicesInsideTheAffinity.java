package io.podtopo.conformance.invariants;

import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;

/**
 * Devices (podtopo's addition to §15, rule DEV-16): a container whose stored hint is preferred and
 * names NUMA nodes holds only devices on those nodes (or without topology). A preferred merge means
 * the Device Manager offered that very mask as preferred, so enough devices were free there.
 */
public final class Invariant38AlignedDevicesInsideTheAffinity extends NumberedInvariant implements SnapshotInvariant {

  public Invariant38AlignedDevicesInsideTheAffinity() {
    super(38, "An aligned (preferred) container's devices lie inside its merged NUMA affinity");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (Map.Entry<String, SortedMap<String, SortedMap<String, SortedSet<String>>>> pod
        : snapshot.state().devices().allocations().entrySet()) {
      for (Map.Entry<String, SortedMap<String, SortedSet<String>>> container : pod.getValue().entrySet()) {
        Optional<TopologyHint> hint = snapshot.state().topologyHint(pod.getKey(), container.getKey())
            .filter(TopologyHint::preferred);
        if (hint.isEmpty() || hint.get().affinity().isEmpty()) {
          continue;
        }
        NumaMask affinity = hint.get().affinity().get();
        container.getValue().forEach((resource, ids) -> {
          for (Device device : snapshot.machine().devicesOf(resource)) {
            if (ids.contains(device.id()) && device.numaNode().filter(node -> !affinity.isSet(node)).isPresent()) {
              violations.add(Violation.ofContainer(number(), pod.getKey(), container.getKey(), resource + " "
                  + device.id() + " on NUMA node " + device.numaNode().get() + " lies outside the preferred hint "
                  + hint.get()));
            }
          }
        });
      }
    }
    return violations;
  }
}
