package io.podtopo.app.simulate;

import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One finished simulation: the machine, where the kubelet configuration came from, the managers,
 * every pod's outcome in the order the pods were first admitted, the final state, and the kubelet
 * state it started from, if any.
 *
 * @param title what the run shows, e.g. {@code KEP-5526 examples in pod scope}
 * @param kubeletConfig the source of the kubelet configuration (a file, or a built-in example)
 * @param managers the node's resource managers (configuration and machine)
 * @param pods every pod's outcome, in order of first admission
 * @param steps what each step did, in order
 * @param finalState the state after the last step
 * @param restored where the run started when not on an empty node: the kubelet state folder
 */
public record SimulationRun(String title, String kubeletConfig, NodeResourceManagers managers,
    List<PodOutcome> pods, List<SimulatedStep> steps, NodeState finalState, Optional<RestoredStart> restored) {

  public SimulationRun {
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(kubeletConfig, "kubeletConfig");
    Objects.requireNonNull(managers, "managers");
    pods = List.copyOf(pods);
    steps = List.copyOf(steps);
    Objects.requireNonNull(finalState, "finalState");
    Objects.requireNonNull(restored, "restored");
  }

  public Machine machine() {
    return managers.machine();
  }

  /** The CPUs reserved for the system; empty without the static CPU policy. */
  public CpuSet reservedCpus() {
    return managers.cpuPolicy().reservedCpus();
  }

  /**
   * The node shared pool after the run, as the kubelet's reconcile loop writes it to every container
   * without CPUs of its own: the CPU Manager's default set under the static policy, every CPU of
   * the machine under policy {@code none} (which manages no cpuset).
   */
  public CpuSet nodeSharedPool() {
    return nodeSharedPool(finalState);
  }

  /** The node shared pool in {@code state} (a step's), as {@link #nodeSharedPool()} reads it. */
  public CpuSet nodeSharedPool(NodeState state) {
    return managers.cpuPolicy().nodeSharedPool(state.cpu());
  }
}
