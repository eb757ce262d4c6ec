package io.podtopo.conformance.audit;

import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.topology.Device;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code devices-disjoint} (invariant 37, rule DEV-15): a device is given to one container at a
 * time. The answers list sidecars and app containers, never standard init containers (the only ones
 * whose devices a later container may reuse), so no device may be reported by two listed
 * containers, of one pod or of two.
 */
final class DevicesDisjoint extends AnswerRule {

  DevicesDisjoint() {
    super("devices-disjoint", "no device is in the devices of two containers (a device has one holder)");
  }

  @Override
  List<String> violations(AuditInput input) {
    Map<String, String> holderOf = new LinkedHashMap<>();
    List<String> violations = new ArrayList<>();
    for (PodResources pod : input.pods().pods()) {
      for (ContainerResources container : pod.containers()) {
        String name = AuditWording.container(pod, container);
        for (Device device : container.devices()) {
          String key = device.resource() + " " + device.id();
          String first = holderOf.putIfAbsent(key, name);
          if (first != null && !first.equals(name)) {
            violations.add(first + " and " + name + " both report device " + key);
          }
        }
      }
    }
    return violations;
  }
}
