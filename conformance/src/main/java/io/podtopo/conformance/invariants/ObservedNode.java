package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.List;
import java.util.Optional;

/**
 * What the invariants look at: the node's configuration and machine, the reserved CPUs the CPU
 * Manager chose, the whole allocation state and the pods active on the node (admitted and not yet
 * removed, in admission order).
 */
public record ObservedNode(NodeConfig config, Machine machine, CpuSet reservedCpus, NodeState state,
    List<Pod> activePods) {

  public ObservedNode {
    activePods = List.copyOf(activePods);
  }

  /** The snapshot of {@code state} on the node {@code managers} run. */
  public static ObservedNode of(NodeResourceManagers managers, NodeState state, List<Pod> activePods) {
    CpuSet reserved = managers.cpuPolicy().reservedCpus();
    return new ObservedNode(managers.config(), managers.machine(), reserved, state, activePods);
  }

  /** The same node and pods with another state. */
  public ObservedNode withState(NodeState other) {
    return new ObservedNode(config, machine, reservedCpus, other, activePods);
  }

  /** The active pod with this uid, if any. */
  public Optional<Pod> pod(String uid) {
    return activePods.stream().filter(pod -> pod.uid().equals(uid)).findFirst();
  }

  public boolean isActive(String uid) {
    return pod(uid).isPresent();
  }
}
