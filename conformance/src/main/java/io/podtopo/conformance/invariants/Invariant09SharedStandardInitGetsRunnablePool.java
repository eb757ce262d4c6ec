package io.podtopo.conformance.invariants;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §15.9: an ineligible standard init container of a pod-level pod runs on the bubble minus the slices
 * of the sidecars declared before it (exactly, while those sidecars are all present).
 */
public final class Invariant09SharedStandardInitGetsRunnablePool extends NumberedInvariant
    implements SnapshotInvariant {

  public Invariant09SharedStandardInitGetsRunnablePool() {
    super(9, "Standard ineligible init container's set == B − ∪X(sidecars declared before it)");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (PodPartition partition : PodPartition.all(snapshot)) {
      Pod pod = partition.pod();
      for (int i = 0; i < pod.initContainers().size(); i++) {
        Container init = pod.initContainers().get(i);
        Optional<CpuSet> cpus = snapshot.state().cpu().containerCpus(pod.uid(), init.name());
        if (init.restartable() || PodRules.cpuEligible(init) || cpus.isEmpty()) {
          continue;
        }
        List<Container> sidecars = PodRules.eligibleSidecarsBefore(pod, i);
        boolean allPresent = sidecars.stream()
            .allMatch(s -> snapshot.state().cpu().containerCpus(pod.uid(), s.name()).isPresent());
        CpuSet runnable = partition.bubble().difference(Invariant08StandardInitSliceWithinRunnablePool.sidecarSlices(snapshot, pod, i));
        boolean wrong = allPresent ? !cpus.get().equals(runnable) : !cpus.get().isSubsetOf(runnable);
        if (wrong) {
          violations.add(Violation.ofContainer(number(), pod.uid(), init.name(), "set \"" + cpus.get()
              + "\" is not the bubble minus earlier sidecar slices \"" + runnable + "\""));
        }
      }
    }
    return violations;
  }
}
