package io.podtopo.domain.topologymanager;

/**
 * The named limitation of the merge on machines of more than
 * {@value MaskFamily#MAX_MATERIALISED_NODES} NUMA nodes (ADR 0007): the exact search over the
 * described hint lists ran out of its budget, and the lists are too long to be enumerated instead.
 * podtopo then refuses to decide rather than guess. The searches are exact; what can exhaust them is
 * a pod that no NUMA mask fits preferred (every merge non-preferred) when the best non-preferred
 * merge lies far down {@code compare}'s order (many masks of the leading widths are not ANDs of the
 * providers' hints), or {@code prefer-closest-numa-nodes} weighing more masks of one width than the
 * budget allows.
 */
public final class ImplicitMergeLimitException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  ImplicitMergeLimitException(int nodes, TopologyManagerPolicy policy, boolean preferClosest) {
    super("the " + policy + " Topology Manager merge on " + nodes + " NUMA nodes"
        + (preferClosest ? " with prefer-closest-numa-nodes" : "")
        + " could not be decided exactly within podtopo's search budget (no preferred merge, or too many masks of"
        + " one width to weigh), and the hint lists are too long to enumerate (more than "
        + MaskFamily.MAX_MATERIALISED_NODES + " nodes): podtopo refuses to guess (ADR 0007, named limitation L-1)");
  }
}
