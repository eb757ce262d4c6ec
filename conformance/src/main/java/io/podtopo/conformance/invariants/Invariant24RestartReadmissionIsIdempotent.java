package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import java.util.ArrayList;
import java.util.List;

/**
 * §15.24: admitting again (after a kubelet restart) a pod whose allocation is complete in the state
 * admits it and changes neither the CPU state (default set, entries, bubbles) nor the memory state
 * (machine state, entries, pod entries). Complete: a pod-level pod has a CPU entry for every init and
 * app container (when it has a CPU budget) and a memory entry for each (when it has a memory budget);
 * any other pod has an entry for each container the eligibility rules give exclusive resources.
 */
public final class Invariant24RestartReadmissionIsIdempotent implements TransitionInvariant {

  @Override
  public int number() {
    return 24;
  }

  @Override
  public String rule() {
    return "Re-admitting a pod whose complete allocation was restored from the checkpoint leaves all state unchanged "
        + "(no re-allocation, no double reservation)";
  }

  /** Whether {@code pod}'s allocation in {@code snapshot} is complete. */
  static boolean complete(NodeSnapshot snapshot, Pod pod) {
    NodeState state = snapshot.state();
    boolean podLevelCpu = PodRules.podLevelCpu(snapshot.config(), pod) && PodRules.podCpuBudget(pod) > 0;
    boolean podLevelMemory = PodRules.podLevelMemory(snapshot.config(), pod);
    for (Container container : pod.initAndAppContainers()) {
      boolean needsCpu = podLevelCpu || PodRules.cpuExclusive(snapshot.config(), pod, container)
          && PodRules.mode(snapshot.config(), pod) != PodRules.Mode.POD_LEVEL;
      boolean needsMemory = podLevelMemory || PodRules.memoryExclusive(snapshot.config(), pod, container)
          && PodRules.mode(snapshot.config(), pod) != PodRules.Mode.POD_LEVEL;
      if (needsCpu && state.cpu().containerCpus(pod.uid(), container.name()).isEmpty()
          || needsMemory && state.memory().containerBlocks(pod.uid(), container.name()).isEmpty()) {
        return false;
      }
    }
    return true;
  }

  @Override
  public List<Violation> checkTransition(NodeSnapshot before, Operation operation, NodeSnapshot after) {
    if (!(operation instanceof Operation.Admit admit) || !before.isActive(admit.podUid())
        || !complete(before, admit.pod())) {
      return List.of();
    }
    List<Violation> violations = new ArrayList<>();
    if (!admit.outcome().admitted()) {
      violations.add(Violation.ofPod(number(), admit.podUid(), "re-admission rejected: "
          + admit.outcome().failure().orElseThrow()));
    }
    CpuManagerState cpuBefore = before.state().cpu();
    CpuManagerState cpuAfter = after.state().cpu();
    if (!cpuAfter.defaultCpuSet().equals(cpuBefore.defaultCpuSet()) || !cpuAfter.entries().equals(cpuBefore.entries())
        || !cpuAfter.podEntries().equals(cpuBefore.podEntries())) {
      violations.add(Violation.ofPod(number(), admit.podUid(), "re-admission changed the CPU state from " + cpuBefore
          + " to " + cpuAfter));
    }
    MemoryManagerState memoryBefore = before.state().memory();
    MemoryManagerState memoryAfter = after.state().memory();
    if (!memoryAfter.machineState().equals(memoryBefore.machineState())
        || !memoryAfter.containerEntries().equals(memoryBefore.containerEntries())
        || !memoryAfter.podEntries().equals(memoryBefore.podEntries())) {
      violations.add(Violation.ofPod(number(), admit.podUid(), "re-admission changed the memory state: entries "
          + memoryBefore.containerEntries().get(admit.podUid()) + " -> " + memoryAfter.containerEntries().get(admit.podUid())
          + ", reserved " + StateViews.reservedDelta(memoryBefore.machineState(), memoryAfter.machineState())));
    }
    return violations;
  }
}
