package io.podtopo.conformance.invariants;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §15.29 (spec §9.2): for a pod-level pod the PodResources pod {@code cpu_ids} is its bubble and pod
 * {@code memory} its pod memory entry (sizes == budget); a container reports its own CPUs only when
 * exclusive (else empty), always inside the pod's {@code cpu_ids}, and its memory blocks only when its
 * memory is exclusive.
 */
public final class Invariant29PodResourcesInPodScope extends NumberedInvariant implements PodResourcesInvariant {

  public Invariant29PodResourcesInPodScope() {
    super(29,
        "PodResources (pod scope): pod.cpu_ids == B(p); container.cpu_ids == X(c) for exclusive c, empty otherwise; "
        + "every container.cpu_ids ⊆ pod.cpu_ids; pod.memory sizes == pod budget");
  }

  @Override
  public List<Violation> checkPodResources(ObservedNode snapshot, PodResourcesView view) {
    List<Violation> violations = new ArrayList<>();
    for (Pod pod : snapshot.activePods()) {
      Optional<PodResources> listed = view.pod(pod.name(), pod.namespace());
      if (listed.isEmpty() || PodRules.mode(snapshot.config(), pod) != PodRules.Mode.POD_LEVEL) {
        continue;
      }
      CpuSet bubble = snapshot.state().cpu().podCpus(pod.uid()).orElse(CpuSet.empty());
      if (!listed.get().cpuIds().equals(bubble)) {
        violations.add(Violation.ofPod(number(), pod.uid(), "pod cpu_ids \"" + listed.get().cpuIds()
            + "\", bubble \"" + bubble + "\""));
      }
      List<MemoryBlock> podMemory = snapshot.state().memory().podBlocks(pod.uid()).orElse(List.of());
      if (!java.util.Set.copyOf(listed.get().memory()).equals(java.util.Set.copyOf(podMemory))) {
        violations.add(Violation.ofPod(number(), pod.uid(), "pod memory " + listed.get().memory() + ", pod entry "
            + podMemory));
      }
      if (!podMemory.isEmpty() && !StateViews.sizesByType(listed.get().memory()).equals(PodRules.podMemoryBudget(pod))) {
        violations.add(Violation.ofPod(number(), pod.uid(), "pod memory " + listed.get().memory()
            + " is not the budget " + PodRules.podMemoryBudget(pod)));
      }
      for (ContainerResources container : listed.get().containers()) {
        violations.addAll(ContainerReport.check(number(), snapshot, pod, container));
        if (!container.cpuIds().isSubsetOf(listed.get().cpuIds())) {
          violations.add(Violation.ofContainer(number(), pod.uid(), container.name(), "cpu_ids \"" + container.cpuIds()
              + "\" not inside pod cpu_ids \"" + listed.get().cpuIds() + "\""));
        }
      }
    }
    return violations;
  }

  /** What one container of a PodResources answer must report, in any scope. */
  static final class ContainerReport {

    private ContainerReport() {}

    static List<Violation> check(int number, ObservedNode snapshot, Pod pod, ContainerResources listed) {
      List<Violation> violations = new ArrayList<>();
      Optional<Container> container = pod.container(listed.name());
      if (container.isEmpty()) {
        return violations;
      }
      CpuSet expectedCpus = PodRules.cpuExclusive(snapshot.config(), pod, container.get())
          ? snapshot.state().cpu().containerCpus(pod.uid(), listed.name()).orElse(CpuSet.empty()) : CpuSet.empty();
      if (!listed.cpuIds().equals(expectedCpus)) {
        violations.add(Violation.ofContainer(number, pod.uid(), listed.name(), "cpu_ids \"" + listed.cpuIds()
            + "\", expected \"" + expectedCpus + "\""));
      }
      List<MemoryBlock> expectedMemory = PodRules.memoryExclusive(snapshot.config(), pod, container.get())
          ? snapshot.state().memory().containerBlocks(pod.uid(), listed.name()).orElse(List.of()) : List.of();
      if (!java.util.Set.copyOf(listed.memory()).equals(java.util.Set.copyOf(expectedMemory))) {
        violations.add(Violation.ofContainer(number, pod.uid(), listed.name(), "memory " + listed.memory()
            + ", expected " + expectedMemory));
      }
      return violations;
    }
  }
}
