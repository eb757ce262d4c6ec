package io.podtopo.conformance.invariants;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** §15.3: the exclusive CPU sets of distinct long-running containers of a pod are disjoint. */
public final class Invariant03LongRunningSlicesDisjoint extends NumberedInvariant implements SnapshotInvariant {

  public Invariant03LongRunningSlicesDisjoint() {
    super(3, "For distinct c1,c2 ∈ LR(p): X(c1) ∩ X(c2) = ∅");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (Pod pod : snapshot.activePods()) {
      List<Container> exclusive = PodRules.longRunning(pod).stream()
          .filter(c -> PodRules.cpuExclusive(snapshot.config(), pod, c)).toList();
      for (int i = 0; i < exclusive.size(); i++) {
        Optional<CpuSet> first = snapshot.state().cpu().containerCpus(pod.uid(), exclusive.get(i).name());
        for (int j = i + 1; j < exclusive.size() && first.isPresent(); j++) {
          Optional<CpuSet> second = snapshot.state().cpu().containerCpus(pod.uid(), exclusive.get(j).name());
          if (second.isPresent() && first.get().intersects(second.get())) {
            violations.add(Violation.ofContainer(number(), pod.uid(), exclusive.get(i).name(), "slice \""
                + first.get() + "\" overlaps the slice \"" + second.get() + "\" of " + exclusive.get(j).name()));
          }
        }
      }
    }
    return violations;
  }
}
