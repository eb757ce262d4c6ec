package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.ProviderAnswer;
import io.podtopo.domain.topologymanager.ResourceHints;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Read helpers over an admission's trace. */
final class TraceViews {

  private TraceViews() {}

  /**
   * The hint answers, over every merge of the admission, for resources matching {@code resources}
   * that are not "no preference" (as "merge [container] provider resource=hints" texts).
   */
  static List<String> preferences(Admission admission, Predicate<MergeTrace> merges, Predicate<String> resources) {
    List<String> found = new ArrayList<>();
    for (MergeTrace merge : admission.trace().merges()) {
      if (!merges.test(merge)) {
        continue;
      }
      for (ProviderAnswer answer : merge.answers()) {
        for (Map.Entry<String, ResourceHints> hints : answer.hints().resources().entrySet()) {
          if (resources.test(hints.getKey()) && !hints.getValue().isNoPreference()) {
            found.add("merge " + merge.container().orElse("(pod)") + " " + answer.provider() + " "
                + hints.getKey() + "=" + hints.getValue());
          }
        }
      }
    }
    return found;
  }

  /** Every non-nil hint answer of the admission. */
  static List<String> preferences(Admission admission) {
    return preferences(admission, merge -> true, resource -> true);
  }
}
