package io.podtopo.service;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.pod.Pod;
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

  /** An admission and the snapshot after it (the input snapshot when rejected). */
  record Admitted(Admission admission, NodeSnapshot after) {}

  Admitted admit(NodeSnapshot before, Pod pod) {
    Admission admission = managers.admit(before.state(), pod);
    NodeSnapshot after = admission.admitted() ? before.withAdmitted(admission.state(), pod) : before;
    return new Admitted(admission, after);
  }

  NodeSnapshot removeContainer(NodeSnapshot before, String podUid, String containerName) {
    return before.withContainerRemoved(managers.removeContainer(before.state(), podUid, containerName), podUid,
        containerName);
  }

  /** Removes an active pod; an unknown uid changes nothing. */
  NodeSnapshot removePod(NodeSnapshot before, String podUid) {
    Optional<Pod> pod = before.activePod(podUid);
    return pod.map(active -> before.withPodRemoved(managers.removePod(before.state(), active), podUid))
        .orElse(before);
  }
}
