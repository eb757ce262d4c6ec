package io.podtopo.ports.in;

import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Device;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * One step of what happens on a node, the one step type of podtopo: admit a pod, remove one
 * container of a pod, remove a pod, or restart the node's resource managers. {@code podtopo
 * simulate}'s scenario files, the {@code node-scenario} vectors and the generated scenarios of the
 * conformance suite are lists of them, run by a {@link Simulator}; the node agent makes the first
 * three through a {@link NodeResourceManager}.
 *
 * <p>A pod is known by its uid: a removal names the uid of a pod an earlier step gave. Build steps
 * with {@link #admit}, {@link #removeContainer}, {@link #removePod} and {@link #restart}.
 */
public sealed interface ScenarioStep {

  /** Admit {@code pod}; a pod active with this uid is admitted again (the kubelet's restart path). */
  static ScenarioStep.Admit admit(Pod pod) {
    return ImmutableAdmit.of(pod);
  }

  /** The container {@code containerName} of the pod {@code podUid} exited and was removed. */
  static ScenarioStep.RemoveContainer removeContainer(String podUid, String containerName) {
    return ImmutableRemoveContainer.of(podUid, containerName);
  }

  /** The pod {@code podUid} was removed, with every container it has left. */
  static ScenarioStep.RemovePod removePod(String podUid) {
    return ImmutableRemovePod.of(podUid);
  }

  /** The resource managers restart from the state they saved; the device plugins report the same devices. */
  static ScenarioStep.Restart restart() {
    return ImmutableRestart.of(Optional.empty());
  }

  /**
   * The resource managers restart from the state they saved, and the device plugins register again
   * reporting {@code devices}: the machine's devices, each with its health then.
   */
  static ScenarioStep.Restart restart(List<Device> devices) {
    return ImmutableRestart.of(Optional.of(List.copyOf(devices)));
  }

  /** Admit a pod. */
  @Value.Immutable
  abstract non-sealed class Admit implements ScenarioStep {

    @Value.Parameter
    public abstract Pod pod();

    @Override
    public String toString() {
      return "admit " + pod().uid();
    }
  }

  /** Remove one container of a pod: its exclusive resources stay the pod's until the pod is no longer active. */
  @Value.Immutable
  abstract non-sealed class RemoveContainer implements ScenarioStep {

    @Value.Parameter
    public abstract String podUid();

    @Value.Parameter
    public abstract String containerName();

    @Override
    public String toString() {
      return "remove container " + podUid() + "/" + containerName();
    }
  }

  /** Remove a whole pod. */
  @Value.Immutable
  abstract non-sealed class RemovePod implements ScenarioStep {

    @Value.Parameter
    public abstract String podUid();

    @Override
    public String toString() {
      return "remove pod " + podUid();
    }
  }

  /**
   * Restart the node's resource managers from the state they saved. {@link #devices()}, when present,
   * are the devices the device plugins report when they register again: the machine's devices, each
   * with its health after the restart; empty: as before.
   */
  @Value.Immutable
  abstract non-sealed class Restart implements ScenarioStep {

    @Value.Parameter
    public abstract Optional<List<Device>> devices();

    @Override
    public String toString() {
      return "restart";
    }
  }
}
