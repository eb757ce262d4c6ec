package io.podtopo.conformance.invariants;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import java.util.ArrayList;
import java.util.List;

/**
 * §15.31: the wire format (field numbers and types of {@code api.proto}, the service name) belongs to
 * the gRPC adapter of a later issue and is checked there. What is semantic is checked here: the
 * answer lists every active pod once, in order, with its name and namespace; a pod's containers are
 * its sidecars then its app containers in spec order (no standard init or ephemeral container); CPU
 * ids are CPUs of the machine; memory entries name {@code memory} or a hugepage size, with a positive
 * size and NUMA nodes of the machine.
 */
public final class Invariant31PodResourcesListShape extends NumberedInvariant implements PodResourcesInvariant {

  public Invariant31PodResourcesListShape() {
    super(31,
        "PodResources wire format: PodResources fields 4 (repeated int64) and 5 (repeated ContainerMemory) and all "
        + "§9.1 numbers/types unchanged; service v1.PodResourcesLister with List/GetAllocatableResources/Get");
  }

  @Override
  public List<Violation> checkPodResources(ObservedNode snapshot, PodResourcesView view) {
    List<Violation> violations = new ArrayList<>();
    List<Pod> pods = snapshot.activePods();
    if (view.pods().size() != pods.size()) {
      violations.add(Violation.ofPod(number(), "", view.pods().size() + " pods listed for " + pods.size() + " active"));
      return violations;
    }
    for (int i = 0; i < pods.size(); i++) {
      Pod pod = pods.get(i);
      PodResources listed = view.pods().get(i);
      if (!listed.name().equals(pod.name()) || !listed.namespace().equals(pod.namespace())) {
        violations.add(Violation.ofPod(number(), pod.uid(), "listed as " + listed.namespace() + "/" + listed.name()));
      }
      List<String> expected = PodRules.longRunning(pod).stream().map(Container::name).toList();
      List<String> names = listed.containers().stream().map(ContainerResources::name).toList();
      if (!names.equals(expected)) {
        violations.add(Violation.ofPod(number(), pod.uid(), "containers " + names + ", expected " + expected));
      }
      checkIds(snapshot, pod.uid(), "", listed.cpuIds().isSubsetOf(snapshot.machine().cpuSet()), listed.memory(), violations);
      for (ContainerResources container : listed.containers()) {
        checkIds(snapshot, pod.uid(), container.name(), container.cpuIds().isSubsetOf(snapshot.machine().cpuSet()),
            container.memory(), violations);
      }
    }
    return violations;
  }

  private void checkIds(ObservedNode snapshot, String uid, String container, boolean cpusKnown,
      List<MemoryBlock> memory, List<Violation> violations) {
    if (!cpusKnown) {
      violations.add(Violation.ofContainer(number(), uid, container, "cpu_ids name CPUs the machine does not have"));
    }
    for (MemoryBlock block : memory) {
      if (!PodRules.memoryKind(block.type()) || block.size() <= 0 || block.numaAffinity().isEmpty()
          || !snapshot.machine().numaNodeIds().containsAll(block.numaAffinity())) {
        violations.add(Violation.ofContainer(number(), uid, container, "bad memory entry " + block));
      }
    }
  }
}
