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
 * @param fixes what would make the pod fit, one change per line, the smallest first: first the
 *     {@code podFixes} in words, then what the node's load or configuration could change; empty when
 *     nothing would
 * @param podFixes the changes to the pod that make the node admit it, each checked by admitting the
 *     changed pod, smallest first ({@link PodFixFinder}); the first lines of {@code fixes} say them
 */
public record RejectionCause(List<String> causes, List<String> fixes, List<PodFix> podFixes) {

  public RejectionCause {
    causes = List.copyOf(Objects.requireNonNull(causes, "causes"));
    fixes = List.copyOf(Objects.requireNonNull(fixes, "fixes"));
    podFixes = List.copyOf(Objects.requireNonNull(podFixes, "podFixes"));
    if (causes.isEmpty()) {
      throw new IllegalArgumentException("a rejection cause says at least one thing");
    }
    if (fixes.size() < podFixes.size()) {
      throw new IllegalArgumentException("every pod fix is said in the fixes");
    }
  }

  /** A cause whose fixes change nothing in the pod. */
  public RejectionCause(List<String> causes, List<String> fixes) {
    this(causes, fixes, List.of());
  }
}
