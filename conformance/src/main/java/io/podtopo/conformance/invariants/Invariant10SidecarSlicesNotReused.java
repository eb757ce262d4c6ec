package io.podtopo.conformance.invariants;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §15.10: a sidecar's exclusive CPUs meet no later container's CPUs (init or app, exclusive or
 * shared). Standard init slices may be reused by later containers, so they are not checked.
 */
public final class Invariant10SidecarSlicesNotReused extends NumberedInvariant implements SnapshotInvariant {

  public Invariant10SidecarSlicesNotReused() {
    super(10, "Sidecar exclusive sets are disjoint from every later container's set; standard-init exclusive sets MAY "
        + "overlap later app sets (reuse)");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (Pod pod : snapshot.activePods()) {
      List<Container> ordered = pod.initAndAppContainers();
      for (int i = 0; i < ordered.size(); i++) {
        Container sidecar = ordered.get(i);
        Optional<CpuSet> slice = snapshot.state().cpu().containerCpus(pod.uid(), sidecar.name());
        if (!sidecar.restartable() || !PodRules.cpuExclusive(snapshot.config(), pod, sidecar) || slice.isEmpty()) {
          continue;
        }
        for (Container later : ordered.subList(i + 1, ordered.size())) {
          snapshot.state().cpu().containerCpus(pod.uid(), later.name()).ifPresent(cpus -> {
            if (cpus.intersects(slice.get())) {
              violations.add(Violation.ofContainer(number(), pod.uid(), sidecar.name(), "sidecar slice \"" + slice.get()
                  + "\" is reused by later container " + later.name() + " \"" + cpus + "\""));
            }
          });
        }
      }
    }
    return violations;
  }
}
