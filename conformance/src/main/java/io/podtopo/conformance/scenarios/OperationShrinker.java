package io.podtopo.conformance.scenarios;

import io.podtopo.conformance.generators.OperationPlans;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Shrinks a generated scenario that a subject answers wrongly by leaving operations out, a run of
 * them at a time (halves first, then single ones), for as long as it still fails, trying a bounded
 * number of smaller scenarios: each try asks the subject, which may be slow (the kubelet oracle), so
 * QuickTheories' unbounded shrinking is not used.
 */
final class OperationShrinker {

  private OperationShrinker() {}

  /**
   * The last failure found while leaving operations out of {@code generated}, {@code found} when
   * none of at most {@code maxTries} smaller scenarios fails.
   *
   * @param failure what a scenario's failure is, empty when it does not fail
   */
  static <F> F shrink(OperationPlans.Plan generated, F found,
      Function<OperationPlans.Plan, Optional<F>> failure, int maxTries) {
    List<OperationPlans.PlannedOperation> steps = new ArrayList<>(generated.steps());
    F smallest = found;
    int tries = 0;
    for (int chunk = Math.max(1, steps.size() / 2); chunk >= 1; chunk /= 2) {
      for (int from = steps.size() - chunk; from >= 0 && tries < maxTries; from -= 1, tries++) {
        List<OperationPlans.PlannedOperation> fewer = new ArrayList<>(steps.subList(0, from));
        fewer.addAll(steps.subList(from + chunk, steps.size()));
        if (fewer.isEmpty()) {
          continue;
        }
        Optional<F> failing = failure.apply(new OperationPlans.Plan(generated.machine(), generated.config(), fewer));
        if (failing.isPresent()) {
          steps = fewer;
          smallest = failing.get();
          from = Math.min(from, steps.size() - chunk + 1);
        }
      }
    }
    return smallest;
  }
}
