package io.podtopo.domain.node;

import java.util.List;
import java.util.Objects;

/**
 * A rejection in plain words, beside the kubelet's reason and message (which stay as they are: they
 * are the spec): what made the pod not fit, with the numbers, and what would make it fit.
 *
 * @param causes one sentence per resource or rule that failed, e.g. {@code cpu: the pod's budget is
 *     4 CPUs; its exclusive containers take 4 (worker-a 2, worker-b 2), which leaves 0 for helper on
 *     the pod shared pool}
 * @param fixes what would make the pod fit, one change per line; empty when nothing the pod or the
 *     node's load can change would
 */
public record RejectionCause(List<String> causes, List<String> fixes) {

  public RejectionCause {
    causes = List.copyOf(Objects.requireNonNull(causes, "causes"));
    fixes = List.copyOf(Objects.requireNonNull(fixes, "fixes"));
    if (causes.isEmpty()) {
      throw new IllegalArgumentException("a rejection cause says at least one thing");
    }
  }
}
