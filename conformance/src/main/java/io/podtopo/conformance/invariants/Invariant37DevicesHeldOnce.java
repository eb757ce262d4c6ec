package io.podtopo.conformance.invariants;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Device;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * Devices (podtopo's addition to §15, rule DEV-15): a device is held by the containers of at most
 * one pod, and within it by at most one container that is not a standard init container (standard
 * init containers run one after the other and hand their devices on to later containers); every
 * device held is one the machine advertises; a container holds exactly its limit of each device
 * plugin resource it holds.
 */
public final class Invariant37DevicesHeldOnce extends NumberedInvariant implements SnapshotInvariant {

  public Invariant37DevicesHeldOnce() {
    super(37, "A device is given to at most one container at a time, except a standard init container's device reused"
        + " by a later container of its pod; a container holds exactly its limit");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    Map<String, String> podOfDevice = new TreeMap<>();
    for (Map.Entry<String, SortedMap<String, SortedMap<String, SortedSet<String>>>> pod
        : snapshot.state().devices().allocations().entrySet()) {
      String uid = pod.getKey();
      Optional<Pod> spec = snapshot.pod(uid);
      Map<String, String> longRunningHolder = new TreeMap<>();
      for (Map.Entry<String, SortedMap<String, SortedSet<String>>> container : pod.getValue().entrySet()) {
        String name = container.getKey();
        boolean standardInit = spec.map(p -> PodRules.isStandardInit(p, name)).orElse(false);
        container.getValue().forEach((resource, ids) -> {
          spec.flatMap(p -> p.container(name)).map(Container::limits).map(limits -> limits.get(resource))
              .filter(limit -> limit.value() != ids.size())
              .ifPresent(limit -> violations.add(Violation.ofContainer(number(), uid, name, "holds " + ids.size()
                  + " " + resource + " " + ids + " for a limit of " + limit)));
          for (String id : ids) {
            String key = resource + " " + id;
            if (snapshot.machine().devicesOf(resource).stream().map(Device::id).noneMatch(id::equals)) {
              violations.add(Violation.ofContainer(number(), uid, name, "holds " + key
                  + ", which the machine does not advertise"));
            }
            String otherPod = podOfDevice.putIfAbsent(key, uid);
            if (otherPod != null && !otherPod.equals(uid)) {
              violations.add(Violation.ofContainer(number(), uid, name, key + " is held by pod " + otherPod + " too"));
            }
            if (!standardInit) {
              String other = longRunningHolder.putIfAbsent(key, name);
              if (other != null) {
                violations.add(Violation.ofContainer(number(), uid, name, key + " is held by container " + other
                    + " too"));
              }
            }
          }
        });
      }
    }
    return violations;
  }
}
