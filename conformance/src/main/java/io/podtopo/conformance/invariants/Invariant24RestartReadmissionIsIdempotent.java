package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * §15.24: admitting again (after a kubelet restart) a pod whose allocation is complete in the state
 * admits it and changes neither the CPU state (default set, entries, bubbles) nor the memory state
 * (machine state, entries, pod entries). Complete: a pod-level pod has a CPU entry for every init and
 * app container (when it has a CPU budget) and a memory entry for each (when it has a memory budget);
 * any other pod has an entry for each container the eligibility rules give exclusive resources.
 *
 * <p>One rejection is upstream's, not a violation: with {@code align-by-socket} the CPUs taken for a
 * hint are those of the hint's whole sockets, so (with {@code distribute-cpus-across-numa} balancing
 * the nodes) they can land on a NUMA node outside the hint, where the memory is not. On re-admission
 * the CPU hints are regenerated from those CPUs and the memory hints from the memory's nodes, no
 * preferred merge remains, and {@code restricted} rejects. The state must still be left unchanged.
 */
public final class Invariant24RestartReadmissionIsIdempotent extends NumberedInvariant implements TransitionInvariant {

  public Invariant24RestartReadmissionIsIdempotent() {
    super(24,
        "Re-admitting a pod whose complete allocation was restored from the checkpoint leaves all state unchanged "
        + "(no re-allocation, no double reservation)");
  }

  /** Whether {@code pod}'s allocation in {@code snapshot} is complete. */
  static boolean complete(ObservedNode snapshot, Pod pod) {
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

  /**
   * Whether {@code align-by-socket} is on and the pod's CPUs (bubble or container entries) meet a
   * NUMA node that holds none of its memory.
   */
  static boolean cpusOffTheMemoryNodesBySocketAlignment(ObservedNode snapshot, Pod pod) {
    if (!PodRules.cpuStatic(snapshot.config()) || !PodRules.cpuOptions(snapshot.config()).alignBySocket()) {
      return false;
    }
    NodeState state = snapshot.state();
    CpuSet cpus = state.cpu().podCpus(pod.uid())
        .orElse(StateViews.union(state.cpu().containerEntries(pod.uid()).values()));
    Set<Integer> memoryNodes = new TreeSet<>();
    state.memory().podBlocks(pod.uid()).ifPresent(blocks -> blocks.forEach(b -> memoryNodes.addAll(b.numaAffinity())));
    state.memory().containersOf(pod.uid()).values()
        .forEach(blocks -> blocks.forEach(b -> memoryNodes.addAll(b.numaAffinity())));
    return !memoryNodes.isEmpty() && snapshot.machine().cpus().stream()
        .anyMatch(cpu -> cpus.contains(cpu.id()) && !memoryNodes.contains(cpu.numaNode()));
  }

  @Override
  public List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    if (!(step instanceof ScenarioStep.Admit admit) || !before.isActive(admit.pod().uid())
        || !complete(before, admit.pod())) {
      return List.of();
    }
    Admission outcome = admission.orElseThrow();
    List<Violation> violations = new ArrayList<>();
    if (!outcome.admitted() && !cpusOffTheMemoryNodesBySocketAlignment(before, admit.pod())) {
      violations.add(Violation.ofPod(number(), admit.pod().uid(), "re-admission rejected: "
          + outcome.failure().orElseThrow()));
    }
    CpuManagerState cpuBefore = before.state().cpu();
    CpuManagerState cpuAfter = after.state().cpu();
    if (!cpuAfter.defaultCpuSet().equals(cpuBefore.defaultCpuSet()) || !cpuAfter.entries().equals(cpuBefore.entries())
        || !cpuAfter.podEntries().equals(cpuBefore.podEntries())) {
      violations.add(Violation.ofPod(number(), admit.pod().uid(), "re-admission changed the CPU state from " + cpuBefore
          + " to " + cpuAfter));
    }
    MemoryManagerState memoryBefore = before.state().memory();
    MemoryManagerState memoryAfter = after.state().memory();
    if (!memoryAfter.machineState().equals(memoryBefore.machineState())
        || !memoryAfter.containerEntries().equals(memoryBefore.containerEntries())
        || !memoryAfter.podEntries().equals(memoryBefore.podEntries())) {
      violations.add(Violation.ofPod(number(), admit.pod().uid(), "re-admission changed the memory state: entries "
          + memoryBefore.containerEntries().get(admit.pod().uid()) + " -> " + memoryAfter.containerEntries().get(admit.pod().uid())
          + ", reserved " + StateViews.reservedDelta(memoryBefore.machineState(), memoryAfter.machineState())));
    }
    return violations;
  }
}
