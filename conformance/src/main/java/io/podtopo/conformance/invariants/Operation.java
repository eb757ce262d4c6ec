package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.pod.Pod;

/** One operation on a node: an admission (with its outcome), a container removal or a pod removal. */
public sealed interface Operation {

  /** The uid of the pod the operation concerns. */
  String podUid();

  /** {@code pod} was admitted (or re-admitted after a restart) with this outcome. */
  record Admit(Pod pod, Admission outcome) implements Operation {
    @Override
    public String podUid() {
      return pod.uid();
    }
  }

  /** The container {@code containerName} of pod {@code podUid} was removed. */
  record RemoveContainer(String podUid, String containerName) implements Operation {}

  /** The whole pod was removed. */
  record RemovePod(Pod pod) implements Operation {
    @Override
    public String podUid() {
      return pod.uid();
    }
  }
}
