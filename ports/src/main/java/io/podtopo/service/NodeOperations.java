package io.podtopo.service;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.ContainerRef;
import io.podtopo.ports.in.NodeSnapshot;
import java.util.Optional;

/**
 * The node's operations on snapshots, shared by both services: the domain's pure functions on the
 * state, plus the bookkeeping of active pods and removed containers.
 */
final class NodeOperations {

  private final NodeResourceManagers managers;

  NodeOperations(NodeResourceManagers managers) {
    this.managers = managers;
  }

  NodeResourceManagers managers() {
    return managers;
  }

  /** An admission and the snapshot after it. */
  record Admitted(Admission admission, NodeSnapshot after) {}

  /**
   * Admits {@code pod} as the kubelet does (NA-20, NA-21): an admitted pod that was not active has its
   * containers started ({@link NodeResourceManagers#startContainers}); an active pod refused on
   * re-admission is failed: no longer active, its entries dropped by the stale-state cleanup
   * ({@link NodeResourceManagers#removePod}). Any other refusal, and an admission where the kubelet
   * gives no answer, leaves the snapshot as it was: the services keep no residue of a refused pod
   * (kubelet v1.37 keeps its stored hints, quirk {@code Q-stale-topology-hints}, and a partial bubble,
   * {@code Q-cpu-partial-bubble}; only the domain's {@link Admission#state()} shows them).
   */
  Admitted admit(NodeSnapshot before, Pod pod) {
    Optional<Pod> active = before.activePod(pod.uid());
    Admission admission = managers.admit(before.state(), pod,
        before.activePods().stream().filter(other -> !other.uid().equals(pod.uid())).toList());
    if (admission.admitted()) {
      NodeState state = active.isPresent() ? admission.state() : managers.startContainers(admission.state(), pod);
      return new Admitted(admission, before.withAdmitted(state, pod));
    }
    if (active.isPresent() && admission.noAnswer().isEmpty()) {
      return new Admitted(admission,
          before.withPodRemoved(managers.removePod(admission.state(), active.get()), pod.uid()));
    }
    return new Admitted(admission, before);
  }

  /**
   * A container of an active pod exits, as the kubelet handles it (NA-21): it keeps its CPU and
   * memory entries, only its stored hint goes ({@link NodeResourceManagers#stopContainer}); once every
   * init and app container of its pod is gone the pod has terminated, is no longer active, and the
   * stale-state cleanup drops it ({@link NodeResourceManagers#removePod}). An unknown pod or container
   * changes nothing.
   */
  NodeSnapshot removeContainer(NodeSnapshot before, String podUid, String containerName) {
    Optional<Pod> pod = before.activePod(podUid);
    if (pod.isEmpty()) {
      return before;
    }
    NodeSnapshot after = before.withContainerRemoved(managers.stopContainer(before.state(), podUid, containerName),
        podUid, containerName);
    boolean terminated = pod.get().initAndAppContainers().stream()
        .allMatch(container -> after.removedContainers().contains(ContainerRef.of(podUid, container.name())));
    return terminated ? after.withPodRemoved(managers.removePod(after.state(), pod.get()), podUid) : after;
  }

  /** Removes an active pod; an unknown uid changes nothing. */
  NodeSnapshot removePod(NodeSnapshot before, String podUid) {
    Optional<Pod> pod = before.activePod(podUid);
    return pod.map(active -> before.withPodRemoved(managers.removePod(before.state(), active), podUid))
        .orElse(before);
  }
}
